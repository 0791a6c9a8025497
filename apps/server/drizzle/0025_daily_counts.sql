CREATE TABLE "daily_counts" (
	"day" text NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_counts_day_metric_key_pk" PRIMARY KEY("day","metric","key")
);
--> statement-breakpoint
-- One aggregate per statement over its transition table (a bulk insert of a million rows costs
-- one GROUP BY, not a million upserts). TG_ARGV[0] names the metric.
CREATE OR REPLACE FUNCTION daily_counts_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END;
  rel text := CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
BEGIN
  IF TG_ARGV[0] = 'uploads' THEN
    EXECUTE format($q$
      INSERT INTO daily_counts AS d (day, metric, key, n, bytes)
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'uploads', category,
             %s * count(*), %s * sum(size)
        FROM %I WHERE scope = 'drive' AND NOT is_folder GROUP BY 1, 3
      ON CONFLICT (day, metric, key) DO UPDATE SET n = d.n + EXCLUDED.n, bytes = d.bytes + EXCLUDED.bytes
    $q$, sign, sign, rel);
  ELSE
    EXECUTE format($q$
      INSERT INTO daily_counts AS d (day, metric, key, n)
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), %L, '', %s * count(*)
        FROM %I GROUP BY 1
      ON CONFLICT (day, metric, key) DO UPDATE SET n = d.n + EXCLUDED.n
    $q$, TG_ARGV[0], sign, rel);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  pair text[];
BEGIN
  FOREACH pair SLICE 1 IN ARRAY ARRAY[
    ['users', 'users'], ['sessions', 'signins'], ['product_reviews', 'reviews'],
    ['blog_posts', 'posts'], ['invoices', 'invoices'], ['files', 'uploads']
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_rollup(%L)',
      pair[1] || '_daily_counts_insert', pair[1], pair[2]);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_rollup(%L)',
      pair[1] || '_daily_counts_delete', pair[1], pair[2]);
  END LOOP;
END
$$;
--> statement-breakpoint
-- What was there before this release.
INSERT INTO daily_counts (day, metric, key, n, bytes)
SELECT day, metric, key, sum(n), sum(bytes) FROM (
  SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, 'users' AS metric, '' AS key, 1 AS n, 0::bigint AS bytes FROM users
  UNION ALL SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'signins', '', 1, 0 FROM sessions
  UNION ALL SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'reviews', '', 1, 0 FROM product_reviews
  UNION ALL SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'posts', '', 1, 0 FROM blog_posts
  UNION ALL SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'invoices', '', 1, 0 FROM invoices
  UNION ALL SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'uploads', category, 1, size
    FROM files WHERE scope = 'drive' AND NOT is_folder
) x GROUP BY day, metric, key;
--> statement-breakpoint
CREATE TRIGGER daily_counts_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON daily_counts
  FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change();
--> statement-breakpoint
UPDATE roles SET permissions = permissions || ARRAY['dashboards:app']
 WHERE name = 'admin' AND NOT ('dashboards:app' = ANY (permissions));
