CREATE TABLE "page_view_dims_monthly" (
	"month" text NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_dims_monthly_month_dim_key_pk" PRIMARY KEY("month","dim","key")
);
--> statement-breakpoint
-- The same view lands in the monthly rollup too, so a year reads months, not days.
CREATE OR REPLACE FUNCTION page_view_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
INSERT INTO page_view_dims_monthly (month, dim, key, views)
SELECT left(day, 7), dim, key, sum(views) FROM page_view_dims GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER page_view_dims_monthly_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON page_view_dims_monthly FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change();
