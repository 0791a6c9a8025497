-- One aggregate per statement over its transition table (a bulk insert of a million rows costs
-- one GROUP BY, not a million upserts). TG_ARGV[0] names the metric.
-- Before this file: migration 0025_daily_counts.
CREATE OR REPLACE FUNCTION public.daily_counts_rollup()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
