-- An order moving into or out of the kept statuses adds or takes back its lines.
-- Before this file: migration 0039_product_sales.
CREATE OR REPLACE FUNCTION public.bo_product_sales_orders()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE d text[]; p uuid[]; q integer[]; r bigint[];
BEGIN
  SELECT array_agg(day), array_agg(product_id), array_agg(qty), array_agg(rev)
    INTO d, p, q, r
    FROM (SELECT to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, i.product_id,
                 sum(i.quantity * m.sign)::int AS qty,
                 sum(round(i.price * i.quantity * 100) * m.sign)::bigint AS rev
            FROM new_orders a
            JOIN old_orders b ON b.id = a.id
            CROSS JOIN LATERAL (SELECT (a.status IN ('pending', 'completed'))::int
                                     - (b.status IN ('pending', 'completed'))::int AS sign) m
            JOIN order_items i ON i.order_id = a.id
           WHERE m.sign <> 0 AND i.product_id IS NOT NULL
           GROUP BY 1, 2) t;
  IF d IS NOT NULL THEN PERFORM bo_product_sales_apply(d, p, q, r); END IF;
  RETURN NULL;
END $function$;
