-- New order lines of kept orders (pending, completed) count at once, in the inserting statement.
-- A line whose product was deleted has no product and counts nowhere.
-- Before this file: migration 0039_product_sales.
CREATE OR REPLACE FUNCTION public.bo_product_sales_items()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE d text[]; p uuid[]; q integer[]; r bigint[];
BEGIN
  SELECT array_agg(day), array_agg(product_id), array_agg(qty), array_agg(rev)
    INTO d, p, q, r
    FROM (SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, i.product_id,
                 sum(i.quantity)::int AS qty, sum(round(i.price * i.quantity * 100))::bigint AS rev
            FROM new_items i JOIN orders o ON o.id = i.order_id
           WHERE o.status IN ('pending', 'completed') AND i.product_id IS NOT NULL
           GROUP BY 1, 2) t;
  IF d IS NOT NULL THEN PERFORM bo_product_sales_apply(d, p, q, r); END IF;
  RETURN NULL;
END $function$;
