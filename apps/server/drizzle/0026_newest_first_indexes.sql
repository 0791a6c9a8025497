DROP INDEX "bank_transactions_account_time_idx";--> statement-breakpoint
DROP INDEX "bank_transactions_time_idx";--> statement-breakpoint
DROP INDEX "bookings_created_idx";--> statement-breakpoint
CREATE INDEX "bank_transactions_account_time_idx" ON "bank_transactions" USING btree ("account_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_time_idx" ON "bank_transactions" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id");