CREATE TABLE "booking_daily_stats" (
	"day" text NOT NULL,
	"status" text NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"nights" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_daily_stats_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
CREATE TABLE "booking_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"cover" text
);
--> statement-breakpoint
CREATE TABLE "booking_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"price" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"guest_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"guests" smallint DEFAULT 1 NOT NULL,
	"check_in" text NOT NULL,
	"check_out" text NOT NULL,
	"nights" integer NOT NULL,
	"total" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled')),
	CONSTRAINT "bookings_nights" CHECK ("bookings"."nights" > 0)
);
--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rooms" ADD CONSTRAINT "booking_rooms_property_id_booking_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."booking_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_room_id_booking_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."booking_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_reviews_status_idx" ON "booking_reviews" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "booking_rooms_property_idx" ON "booking_rooms" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "bookings_check_in_idx" ON "bookings" USING btree ("check_in");--> statement-breakpoint
CREATE INDEX "bookings_check_out_idx" ON "bookings" USING btree ("check_out");--> statement-breakpoint
-- booking_daily_stats follows every booking in the same transaction: made on its creation day,
-- counted under its current status (a status change moves it from one row to another).
CREATE OR REPLACE FUNCTION booking_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE booking_daily_stats SET bookings = bookings - 1, nights = nights - OLD.nights,
           total = total - OLD.total
     WHERE day = to_char(OLD.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO booking_daily_stats AS s (day, status, bookings, nights, total)
    VALUES (to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), NEW.status, 1, NEW.nights, NEW.total)
    ON CONFLICT (day, status) DO UPDATE SET bookings = s.bookings + 1,
      nights = s.nights + EXCLUDED.nights, total = s.total + EXCLUDED.total;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_rollup AFTER INSERT OR DELETE OR UPDATE OF status, nights, total, created_at
  ON bookings FOR EACH ROW EXECUTE FUNCTION booking_rollup();
--> statement-breakpoint
UPDATE roles SET permissions = permissions || ARRAY['dashboards:booking']
 WHERE name = 'admin' AND NOT ('dashboards:booking' = ANY (permissions));
--> statement-breakpoint
UPDATE roles SET permissions = permissions || ARRAY['booking:write']
 WHERE name = 'admin' AND NOT ('booking:write' = ANY (permissions));
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'booking_properties', 'booking_rooms', 'bookings', 'booking_reviews', 'booking_daily_stats'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change()',
      t || '_notify_change', t);
  END LOOP;
END
$$;
