-- Every committed write names the table it changed on the channel `bo_changes` (one statement-
-- level notification per statement, deduplicated per transaction by PostgreSQL and delivered only
-- at commit). The server's DataVersions service listens and bumps a per-table version, which is
-- how its in-memory read and session caches know, without polling, that an answer is stale.
-- A table added later must get the same trigger (the server refuses to cache a route that reads a
-- table without it). rate_limits is left out on purpose: it is written on every sign-in attempt
-- and nothing caches it.
CREATE OR REPLACE FUNCTION bo_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bo_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'users', 'user_counts', 'sessions', 'roles', 'auth_codes', 'audit_log', 'outbox', 'files',
    'products', 'product_reviews', 'orders', 'order_items', 'order_daily_stats', 'discount_codes',
    'calendar_events', 'kanban_columns', 'kanban_cards', 'kanban_card_assignees',
    'kanban_comments', 'kanban_attachments', 'kanban_card_likes'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change()',
      t || '_notify_change', t);
  END LOOP;
END
$$;
