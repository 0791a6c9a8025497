-- booking_daily_stats follows every booking in the same transaction: made on its creation day,
-- counted under its current status (a status change moves it from one row to another).
-- Before this file: migration 0024_booking.
CREATE OR REPLACE FUNCTION public.booking_rollup()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
