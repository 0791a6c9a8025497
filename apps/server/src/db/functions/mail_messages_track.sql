-- Each insert, change and delete moves its message between the counts and keeps the label index,
-- in the writing transaction.
-- Before this file: migration 0016_mail.
CREATE OR REPLACE FUNCTION public.mail_messages_track()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  k text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.folder = NEW.folder AND OLD.is_unread = NEW.is_unread
     AND OLD.is_starred = NEW.is_starred AND OLD.is_important = NEW.is_important
     AND OLD.label_ids = NEW.label_ids THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    FOREACH k IN ARRAY mail_count_keys(OLD.folder, OLD.is_starred, OLD.is_important, OLD.label_ids) LOOP
      UPDATE mail_counts SET total = total - 1, unread = unread - CASE WHEN OLD.is_unread THEN 1 ELSE 0 END
       WHERE owner_id = OLD.owner_id AND key = k;
    END LOOP;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    FOREACH k IN ARRAY mail_count_keys(NEW.folder, NEW.is_starred, NEW.is_important, NEW.label_ids) LOOP
      INSERT INTO mail_counts (owner_id, key, total, unread)
      VALUES (NEW.owner_id, k, 1, CASE WHEN NEW.is_unread THEN 1 ELSE 0 END)
      ON CONFLICT (owner_id, key) DO UPDATE
        SET total = mail_counts.total + 1, unread = mail_counts.unread + EXCLUDED.unread;
    END LOOP;
  END IF;
  IF TG_OP = 'INSERT' AND cardinality(NEW.label_ids) > 0 THEN
    INSERT INTO mail_message_labels (label_id, mail_id, created_at)
    SELECT l, NEW.id, NEW.created_at FROM unnest(NEW.label_ids) AS l ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' AND OLD.label_ids <> NEW.label_ids THEN
    DELETE FROM mail_message_labels WHERE mail_id = NEW.id AND NOT (label_id = ANY (NEW.label_ids));
    INSERT INTO mail_message_labels (label_id, mail_id, created_at)
    SELECT l, NEW.id, NEW.created_at FROM unnest(NEW.label_ids) AS l ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$function$;
