-- Every committed write names the table it changed on the channel `bo_changes` (one statement-
-- level notification per statement, deduplicated per transaction by PostgreSQL and delivered only
-- at commit). The server's DataVersions service listens and bumps a per-table version, which is
-- how its in-memory read and session caches know, without polling, that an answer is stale.
-- A table added later must get the same trigger (the server refuses to cache a route that reads a
-- table without it). rate_limits is left out on purpose: it is written on every sign-in attempt
-- and nothing caches it. Each write also leaves a row in bo_change_log, visible exactly when the
-- write is, which other instances check a kept answer against (0032, decision 007).
-- Before this file: migrations 0006_change_notify, 0032_change_log.
CREATE OR REPLACE FUNCTION public.bo_notify_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('bo_changes', TG_TABLE_NAME);
  -- One row per table and transaction: the statements after the first find it there.
  INSERT INTO bo_change_log (table_name, xid) VALUES (TG_TABLE_NAME, pg_current_xact_id())
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$function$;
