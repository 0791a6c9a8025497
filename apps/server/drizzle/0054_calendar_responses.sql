CREATE TABLE "calendar_responses" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"response" text NOT NULL,
	"responded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_responses_event_id_user_id_pk" PRIMARY KEY("event_id","user_id"),
	CONSTRAINT "calendar_responses_response" CHECK ("calendar_responses"."response" in ('accepted', 'tentative', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "calendar_responses" ADD CONSTRAINT "calendar_responses_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_responses" ADD CONSTRAINT "calendar_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_responses_user" ON "calendar_responses" USING btree ("user_id");--> statement-breakpoint
-- The calendar's cached answers carry each guest's answer: a new answer makes them stale
-- (migration 0006's bo_notify_change, once a statement).
CREATE TRIGGER calendar_responses_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON calendar_responses
  FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change();
