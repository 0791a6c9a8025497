-- The search's cached answers read mail subjects: mail changes now bump the table's version too
-- (migration 0006's bo_notify_change, once a statement).
CREATE TRIGGER mail_messages_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mail_messages
  FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change();
