-- Keeps user_counts exact for every write to users (statement-level, so a bulk insert of
-- 100k rows costs one grouped upsert, not 100k). Rows with n = 0 are kept: harmless.
CREATE OR REPLACE FUNCTION user_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE TRIGGER users_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
CREATE TRIGGER users_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
CREATE TRIGGER users_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
CREATE TRIGGER users_counts_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
INSERT INTO user_counts (role, status, n)
  SELECT role, status, count(*)::int FROM users GROUP BY role, status
ON CONFLICT (role, status) DO UPDATE SET n = EXCLUDED.n;
