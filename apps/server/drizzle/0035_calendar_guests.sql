ALTER TABLE "calendar_events" ADD COLUMN "guest_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "reminded_start" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "calendar_events_start" ON "calendar_events" USING btree ("start_at");