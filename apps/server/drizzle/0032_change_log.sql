-- The change notifications (0006) reach other server instances a moment after a commit, so an
-- instance cannot trust them alone to know that an answer it kept is stale. Every write now also
-- leaves a row naming its table and its transaction, in the same transaction: it becomes visible
-- exactly when the write does. An instance keeps each answer with the snapshot taken before it was
-- computed, and before reusing it asks whether any committed change to its tables is not visible
-- in that snapshot (decision 007). Rows are kept 10 minutes; answers are reused for 5 at most.
CREATE TABLE bo_change_log (
  table_name text NOT NULL,
  xid xid8 NOT NULL,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (table_name, xid)
);
--> statement-breakpoint
CREATE INDEX bo_change_log_at ON bo_change_log (at);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bo_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bo_changes', TG_TABLE_NAME);
  -- One row per table and transaction: the statements after the first find it there.
  INSERT INTO bo_change_log (table_name, xid) VALUES (TG_TABLE_NAME, pg_current_xact_id())
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
