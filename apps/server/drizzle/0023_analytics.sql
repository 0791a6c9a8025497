CREATE TABLE "analytics_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_view_daily" (
	"day" text PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_view_dims" (
	"day" text NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_dims_day_dim_key_pk" PRIMARY KEY("day","dim","key")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"path" text NOT NULL,
	"source" text NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"device" text NOT NULL,
	"visitor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_visitors_daily" (
	"day" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "page_visitors_daily_day_visitor_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
CREATE INDEX "page_views_time_idx" ON "page_views" USING btree ("viewed_at");--> statement-breakpoint
-- Every view lands in the rollups in the same transaction; a visitor counts once per day.
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER page_views_rollup AFTER INSERT ON page_views
  FOR EACH ROW EXECUTE FUNCTION page_view_rollup();
--> statement-breakpoint
UPDATE roles SET permissions = permissions || ARRAY['dashboards:analytics']
 WHERE name = 'admin' AND NOT ('dashboards:analytics' = ANY (permissions));
--> statement-breakpoint
-- The rollups name themselves on `bo_changes` (0006); page_views itself does not, on purpose:
-- it is written on every page change and nothing caches it directly.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['page_view_daily', 'page_view_dims'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change()',
      t || '_notify_change', t);
  END LOOP;
END
$$;
