CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"record_id" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" IS NULL AND "notifications"."archived_at" IS NULL;--> statement-breakpoint
-- Each stored notification goes out on the events channel as `notification.created` to its
-- recipient only. NOTIFY inside a transaction is delivered at COMMIT and dropped on ROLLBACK, so
-- the push is exactly as durable as the row: this table is its own outbox.
CREATE OR REPLACE FUNCTION bo_notification_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bo_events', json_build_object(
    'type', 'notification.created',
    'audience', json_build_array(NEW.recipient_id),
    'payload', json_build_object('id', NEW.id, 'type', NEW.type))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_created AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION bo_notification_created();
