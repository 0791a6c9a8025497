DROP INDEX "booking_reviews_status_idx";--> statement-breakpoint
DROP INDEX "bookings_check_in_idx";--> statement-breakpoint
DROP INDEX "bookings_check_out_idx";--> statement-breakpoint
CREATE INDEX "bookings_staying_idx" ON "bookings" USING btree ("check_in","check_out","room_id") WHERE status IN ('confirmed', 'checked_in');--> statement-breakpoint
CREATE INDEX "booking_reviews_status_idx" ON "booking_reviews" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_check_in_idx" ON "bookings" USING btree ("check_in","status");--> statement-breakpoint
CREATE INDEX "bookings_check_out_idx" ON "bookings" USING btree ("check_out","status");
