CREATE TABLE "user_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"full_address" text NOT NULL,
	"address_type" text DEFAULT 'home' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_addresses_type" CHECK ("user_addresses"."address_type" IN ('home', 'office'))
);
--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_addresses_user_idx" ON "user_addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_addresses_one_default" ON "user_addresses" USING btree ("user_id") WHERE "user_addresses"."is_default";--> statement-breakpoint
-- Like every table (0006, 0032): writes name themselves for the caches.
CREATE TRIGGER user_addresses_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_addresses
  FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change();
