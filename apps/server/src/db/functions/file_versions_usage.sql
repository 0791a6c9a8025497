-- Earlier versions take room too: counted in bytes (not in the file count) until deleted.
-- Before this file: migration 0012_file_manager.
CREATE OR REPLACE FUNCTION public.file_versions_usage()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.owner_id IS NOT NULL THEN
    PERFORM storage_usage_add(OLD.owner_id, OLD.category, -OLD.size, 0);
  END IF;
  IF TG_OP = 'INSERT' AND NEW.owner_id IS NOT NULL THEN
    PERFORM storage_usage_add(NEW.owner_id, NEW.category, NEW.size, 0);
  END IF;
  RETURN NULL;
END $function$;
