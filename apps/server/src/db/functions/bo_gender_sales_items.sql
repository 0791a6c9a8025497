-- New order lines of kept orders (pending, completed) count at once, in the inserting statement.
-- Before this file: migration 0031_gender_sales.
CREATE OR REPLACE FUNCTION public.bo_gender_sales_items()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE d text[]; g text[]; q integer[]; r bigint[];
BEGIN
  SELECT array_agg(day), array_agg(gender), array_agg(qty), array_agg(rev)
    INTO d, g, q, r
    FROM (SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
                 bo_sale_gender(p.gender) AS gender,
                 sum(i.quantity)::int AS qty, sum(round(i.price * i.quantity * 100))::bigint AS rev
            FROM new_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
           WHERE o.status IN ('pending', 'completed')
           GROUP BY 1, 2) t;
  IF d IS NOT NULL THEN PERFORM bo_gender_sales_apply(d, g, q, r); END IF;
  RETURN NULL;
END $function$;
