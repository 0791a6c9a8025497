-- The file manager's tables name themselves on `bo_changes` like the others (0006), so the read
-- cache can keep a person's file lists and storage summary until one of them changes.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['file_versions', 'file_favorites', 'file_shares', 'file_links', 'storage_usage'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change()',
      t || '_notify_change', t);
  END LOOP;
END
$$;
