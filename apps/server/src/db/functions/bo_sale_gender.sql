-- The gender a sale counts under: the product's one gender, else `unisex` (several or none).
-- Before this file: migration 0031_gender_sales.
CREATE OR REPLACE FUNCTION public.bo_sale_gender(p_gender text[])
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE WHEN cardinality(p_gender) = 1 THEN p_gender[1] ELSE 'unisex' END
$function$;
