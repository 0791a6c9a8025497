-- Keeps user_counts exact for every write to users (statement-level, so a bulk insert of
-- 100k rows costs one grouped upsert, not 100k). Rows with n = 0 are kept: harmless.
-- Before this file: migration 0002_user_counts_triggers.
CREATE OR REPLACE FUNCTION public.user_counts_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts (role, status, n)
      SELECT role, status, count(*)::int FROM new_rows GROUP BY role, status
    ON CONFLICT (role, status) DO UPDATE SET n = user_counts.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE user_counts c SET n = c.n - d.k
      FROM (SELECT role, status, count(*)::int AS k FROM old_rows GROUP BY role, status) d
     WHERE c.role = d.role AND c.status = d.status;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO user_counts (role, status, n)
      SELECT role, status, sum(k)::int FROM (
        SELECT role, status, 1 AS k FROM new_rows
        UNION ALL
        SELECT role, status, -1 AS k FROM old_rows
      ) x GROUP BY role, status HAVING sum(k) <> 0
    ON CONFLICT (role, status) DO UPDATE SET n = user_counts.n + EXCLUDED.n;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM user_counts;
  END IF;
  RETURN NULL;
END
$function$;
