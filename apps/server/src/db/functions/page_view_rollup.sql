-- Every view lands in the rollups in the same transaction; a visitor counts once per day.
-- Before this file: migrations 0023_analytics, 0027_page_view_dims_monthly.
CREATE OR REPLACE FUNCTION public.page_view_rollup()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  d text := to_char(NEW.viewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD');
  fresh int := 0;
BEGIN
  INSERT INTO page_visitors_daily (day, visitor) VALUES (d, NEW.visitor) ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS fresh = ROW_COUNT;
  INSERT INTO page_view_daily AS s (day, views, visitors) VALUES (d, 1, fresh)
  ON CONFLICT (day) DO UPDATE SET views = s.views + 1, visitors = s.visitors + EXCLUDED.visitors;
  INSERT INTO page_view_dims AS x (day, dim, key, views)
  VALUES (d, 'path', NEW.path, 1), (d, 'source', NEW.source, 1),
         (d, 'country', NEW.country, 1), (d, 'device', NEW.device, 1)
  ON CONFLICT (day, dim, key) DO UPDATE SET views = x.views + 1;
  INSERT INTO page_view_dims_monthly AS m (month, dim, key, views)
  VALUES (left(d, 7), 'path', NEW.path, 1), (left(d, 7), 'source', NEW.source, 1),
         (left(d, 7), 'country', NEW.country, 1), (left(d, 7), 'device', NEW.device, 1)
  ON CONFLICT (month, dim, key) DO UPDATE SET views = m.views + 1;
  RETURN NULL;
END $function$;
