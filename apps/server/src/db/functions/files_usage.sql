-- A file (not a folder) counts its bytes under its owner and category while it exists, and moves
-- when its owner, category or size changes, in the writing transaction (see storage_usage).
-- Before this file: migration 0012_file_manager.
CREATE OR REPLACE FUNCTION public.files_usage()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.owner_id IS NOT NULL AND NOT OLD.is_folder THEN
    PERFORM storage_usage_add(OLD.owner_id, OLD.category, -OLD.size, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.owner_id IS NOT NULL AND NOT NEW.is_folder THEN
    PERFORM storage_usage_add(NEW.owner_id, NEW.category, NEW.size, 1);
  END IF;
  RETURN NULL;
END $function$;
