-- Adds (or, negative, takes back) items and amounts per UTC day and gender.
-- Before this file: migration 0031_gender_sales.
CREATE OR REPLACE FUNCTION public.bo_gender_sales_apply(p_days text[], p_genders text[], p_quantities integer[], p_revenues bigint[])
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO gender_sales_daily AS s (day, gender, quantity, revenue)
  SELECT d, g, sum(q)::int, sum(r)::bigint
    FROM unnest(p_days, p_genders, p_quantities, p_revenues) AS t(d, g, q, r)
   GROUP BY d, g
   ORDER BY d, g
  ON CONFLICT (day, gender) DO UPDATE
    SET quantity = s.quantity + EXCLUDED.quantity, revenue = s.revenue + EXCLUDED.revenue;
$function$;
