-- Each stored notification goes out on the events channel as `notification.created` to its
-- recipient only. NOTIFY inside a transaction is delivered at COMMIT and dropped on ROLLBACK, so
-- the push is exactly as durable as the row: this table is its own outbox.
-- Before this file: migration 0028_notifications.
CREATE OR REPLACE FUNCTION public.bo_notification_created()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('bo_events', json_build_object(
    'type', 'notification.created',
    'audience', json_build_array(NEW.recipient_id),
    'payload', json_build_object('id', NEW.id, 'type', NEW.type))::text);
  RETURN NULL;
END $function$;
