-- The e-commerce dashboard's reads in one call: the daily rollup of the period and of the one
-- before (summed per bucket and status), the newest orders of the period, the best sellers and
-- the newest products. A function, so its plans are prepared once per connection: on the
-- embedded store planning the five statements cost more than running them.
CREATE OR REPLACE FUNCTION dashboard_ecommerce(
  p_from text, p_to text, p_prev_from text, p_prev_to text, p_month boolean
) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  result jsonb;
BEGIN
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
    'best', coalesce((
      SELECT jsonb_agg(jsonb_build_array(id, name, slug, sold, price::text) ORDER BY sold DESC, id DESC)
      FROM (
        SELECT id, name, slug, sold, price FROM products WHERE published
        ORDER BY sold DESC, id DESC LIMIT 5
      ) b), '[]'::jsonb),
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
$$;
