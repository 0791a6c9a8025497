-- The e-commerce dashboard's reads in one call: the daily rollup of the period and of the one
-- before (summed per bucket and status), the newest orders of the period, the best sellers and
-- the newest products. A function, so its plans are prepared once per connection: on the
-- embedded store planning the five statements cost more than running them.
-- Before this file: migrations 0021_dashboard_ecommerce_function, 0039_product_sales.
CREATE OR REPLACE FUNCTION public.dashboard_ecommerce(p_from text, p_to text, p_prev_from text, p_prev_to text, p_month boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  result jsonb;
  best jsonb;
  window_days integer := p_to::date - p_from::date + 1;
BEGIN
  -- A quick period ending today is a kept window: its first rows by rank. Any other period sums
  -- the daily rollup over its days.
  IF p_to >= to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AND EXISTS (
       SELECT 1 FROM product_sales_window_start WHERE days = window_days AND first_day = p_from) THEN
    best := (
      SELECT jsonb_agg(jsonb_build_array(p.id, p.name, p.slug, b.q, b.r::text, pv.q)
        ORDER BY b.q DESC, b.r DESC, b.product_id)
      FROM (
        SELECT product_id, quantity AS q, revenue AS r FROM product_sales_window
         WHERE days = window_days AND quantity > 0
         ORDER BY quantity DESC NULLS LAST, revenue DESC NULLS LAST, product_id LIMIT 5
      ) b
      JOIN products p ON p.id = b.product_id
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(s.quantity), 0)::int AS q FROM product_sales_daily s
         WHERE s.product_id = b.product_id AND s.day >= p_prev_from AND s.day <= p_prev_to
      ) pv ON p_prev_from IS NOT NULL);
  ELSE
    best := (
      SELECT jsonb_agg(jsonb_build_array(p.id, p.name, p.slug, b.q, b.r::text, pv.q)
        ORDER BY b.q DESC, b.r DESC, b.product_id)
      FROM (
        SELECT product_id, sum(quantity)::int AS q, sum(revenue)::bigint AS r
          FROM product_sales_daily WHERE day >= p_from AND day <= p_to
         GROUP BY product_id HAVING sum(quantity) > 0
         ORDER BY 2 DESC, 3 DESC, 1 LIMIT 5
      ) b
      JOIN products p ON p.id = b.product_id
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(s.quantity), 0)::int AS q FROM product_sales_daily s
         WHERE s.product_id = b.product_id AND s.day >= p_prev_from AND s.day <= p_prev_to
      ) pv ON p_prev_from IS NOT NULL);
  END IF;
  best := coalesce(best, '[]'::jsonb);
  SELECT jsonb_build_object(
    'now', coalesce((
      SELECT jsonb_agg(jsonb_build_array(b, status, o, i, r::text))
      FROM (
        SELECT CASE WHEN p_month THEN substr(day, 1, 7) ELSE day END AS b, status,
          sum(orders)::int AS o, sum(items)::int AS i, sum(revenue) AS r
        FROM order_daily_stats WHERE day >= p_from AND day <= p_to
        GROUP BY 1, 2
      ) s), '[]'::jsonb),
    'prev', CASE WHEN p_prev_from IS NULL THEN NULL ELSE coalesce((
      SELECT jsonb_agg(jsonb_build_array(b, status, o, i, r::text))
      FROM (
        SELECT CASE WHEN p_month THEN substr(day, 1, 7) ELSE day END AS b, status,
          sum(orders)::int AS o, sum(items)::int AS i, sum(revenue) AS r
        FROM order_daily_stats WHERE day >= p_prev_from AND day <= p_prev_to
        GROUP BY 1, 2
      ) s), '[]'::jsonb) END,
    'latest', coalesce((
      SELECT jsonb_agg(jsonb_build_array(id, number, customer_name, created_at, status, total::text)
        ORDER BY created_at DESC, id DESC)
      FROM (
        SELECT id, number, customer_name, created_at, status, total FROM orders
        WHERE created_at >= (p_from || 'T00:00:00Z')::timestamptz
          AND created_at < (p_to || 'T00:00:00Z')::timestamptz + interval '1 day'
        ORDER BY created_at DESC, id DESC LIMIT 6
      ) l), '[]'::jsonb),
    'best', best,
    'newest', coalesce((
      SELECT jsonb_agg(jsonb_build_array(id, name, slug, created_at, price::text)
        ORDER BY created_at DESC, id DESC)
      FROM (
        SELECT id, name, slug, created_at, price FROM products WHERE published
        ORDER BY created_at DESC, id DESC LIMIT 5
      ) n), '[]'::jsonb)
  ) INTO result;
  RETURN result;
END;
$function$;
