DROP INDEX "calendar_events_range";--> statement-breakpoint
CREATE INDEX "calendar_events_period" ON "calendar_events" USING gist (tstzrange("start_at", "end_at", '[]'));