-- Moves each window's first day up to p_today - days + 1, taking out the days that left it; a
-- window more than its length behind is rebuilt instead. Run by every instance once a minute
-- (and at start): the exclusive lock makes the others wait, then find nothing to do.
-- Writers of sales hold the same lock shared (bo_product_sales_apply), so a sale written while a
-- day leaves is counted either before (and taken out with its day) or after (and not added).
-- Before this file: migration 0039_product_sales.
CREATE OR REPLACE FUNCTION public.bo_product_sales_roll(p_today text)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE w record; target text; moved integer := 0;
BEGIN
  -- Nothing to do most of the time: answered without the lock.
  IF NOT EXISTS (SELECT 1 FROM product_sales_window_start
                  WHERE first_day < to_char(p_today::date - (days - 1), 'YYYY-MM-DD')) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('product_sales_window'));
  FOR w IN SELECT days, first_day FROM product_sales_window_start ORDER BY days LOOP
    target := to_char(p_today::date - (w.days - 1), 'YYYY-MM-DD');
    CONTINUE WHEN w.first_day >= target;
    IF w.first_day::date < target::date - w.days THEN
      DELETE FROM product_sales_window WHERE days = w.days;
      INSERT INTO product_sales_window (days, product_id, quantity, revenue)
      SELECT w.days, product_id, sum(quantity)::int, sum(revenue)::bigint
        FROM product_sales_daily WHERE day >= target
       GROUP BY 2 HAVING sum(quantity) <> 0 OR sum(revenue) <> 0;
    ELSE
      UPDATE product_sales_window s SET quantity = s.quantity - x.q, revenue = s.revenue - x.r
        FROM (SELECT product_id, sum(quantity)::int AS q, sum(revenue)::bigint AS r
                FROM product_sales_daily WHERE day >= w.first_day AND day < target
               GROUP BY 1) x
       WHERE s.days = w.days AND s.product_id = x.product_id;
      DELETE FROM product_sales_window WHERE days = w.days AND quantity = 0 AND revenue = 0;
    END IF;
    UPDATE product_sales_window_start SET first_day = target WHERE days = w.days;
    moved := moved + 1;
  END LOOP;
  RETURN moved;
END $function$;
