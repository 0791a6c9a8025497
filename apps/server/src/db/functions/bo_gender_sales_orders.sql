-- An order moving into or out of the kept statuses adds or takes back its lines.
-- Before this file: migration 0031_gender_sales.
CREATE OR REPLACE FUNCTION public.bo_gender_sales_orders()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE d text[]; g text[]; q integer[]; r bigint[];
BEGIN
  SELECT array_agg(day), array_agg(gender), array_agg(qty), array_agg(rev)
    INTO d, g, q, r
    FROM (SELECT to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
                 bo_sale_gender(p.gender) AS gender,
                 sum(i.quantity * m.sign)::int AS qty,
                 sum(round(i.price * i.quantity * 100) * m.sign)::bigint AS rev
            FROM new_orders a
            JOIN old_orders b ON b.id = a.id
            CROSS JOIN LATERAL (SELECT (a.status IN ('pending', 'completed'))::int
                                     - (b.status IN ('pending', 'completed'))::int AS sign) m
            JOIN order_items i ON i.order_id = a.id
            JOIN products p ON p.id = i.product_id
           WHERE m.sign <> 0
           GROUP BY 1, 2) t;
  IF d IS NOT NULL THEN PERFORM bo_gender_sales_apply(d, g, q, r); END IF;
  RETURN NULL;
END $function$;
