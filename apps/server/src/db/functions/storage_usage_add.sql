-- Bytes and count per person and category, kept in the writing transaction (see storage_usage).
-- Before this file: migration 0012_file_manager.
CREATE OR REPLACE FUNCTION public.storage_usage_add(owner uuid, cat text, delta_bytes bigint, delta_count integer)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO storage_usage (owner_id, category, bytes, count) VALUES (owner, cat, delta_bytes, delta_count)
  ON CONFLICT (owner_id, category) DO UPDATE
    SET bytes = storage_usage.bytes + excluded.bytes, count = storage_usage.count + excluded.count;
$function$;
