-- The windows are the dashboard's quick periods: today, 7 days, 30 days, 12 months (365 days).
-- A window of `days` holds the sales of every day from `first_day` on: nothing is sold after
-- today, so once `first_day` is today - days + 1 it holds exactly the period ending today.
-- Rebuilt from the daily rollup as of `p_today` (the migration, the seed, a long gap).
-- Before this file: migration 0039_product_sales.
CREATE OR REPLACE FUNCTION public.bo_product_sales_rebuild(p_today text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('product_sales_window'));
  DELETE FROM product_sales_window;
  DELETE FROM product_sales_window_start;
  INSERT INTO product_sales_window_start (days, first_day)
  SELECT n, to_char(p_today::date - (n - 1), 'YYYY-MM-DD') FROM unnest(ARRAY[1, 7, 30, 365]) AS n;
  INSERT INTO product_sales_window (days, product_id, quantity, revenue)
  SELECT w.days, s.product_id, sum(s.quantity)::int, sum(s.revenue)::bigint
    FROM product_sales_window_start w JOIN product_sales_daily s ON s.day >= w.first_day
   GROUP BY 1, 2 HAVING sum(s.quantity) <> 0 OR sum(s.revenue) <> 0;
END $function$;
