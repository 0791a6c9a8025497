-- Adds (or, negative, takes back) items and amounts per UTC day and product, and to each window
-- that holds the day.
-- Before this file: migration 0039_product_sales.
CREATE OR REPLACE FUNCTION public.bo_product_sales_apply(p_days text[], p_products uuid[], p_quantities integer[], p_revenues bigint[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO product_sales_daily AS s (day, product_id, quantity, revenue)
  SELECT d, p, sum(q)::int, sum(r)::bigint
    FROM unnest(p_days, p_products, p_quantities, p_revenues) AS t(d, p, q, r)
   GROUP BY d, p
   ORDER BY d, p
  ON CONFLICT (day, product_id) DO UPDATE
    SET quantity = s.quantity + EXCLUDED.quantity, revenue = s.revenue + EXCLUDED.revenue;
  PERFORM pg_advisory_xact_lock_shared(hashtext('product_sales_window'));
  INSERT INTO product_sales_window AS s (days, product_id, quantity, revenue)
  SELECT w.days, t.p, sum(t.q)::int, sum(t.r)::bigint
    FROM unnest(p_days, p_products, p_quantities, p_revenues) AS t(d, p, q, r)
    JOIN product_sales_window_start w ON t.d >= w.first_day
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (days, product_id) DO UPDATE
    SET quantity = s.quantity + EXCLUDED.quantity, revenue = s.revenue + EXCLUDED.revenue;
END $function$;
