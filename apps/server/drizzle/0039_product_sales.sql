CREATE TABLE "product_sales_daily" (
	"day" text NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_daily_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_sales_window" (
	"days" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_window_days_product_id_pk" PRIMARY KEY("days","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_sales_window_start" (
	"days" integer PRIMARY KEY NOT NULL,
	"first_day" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_sales_daily" ADD CONSTRAINT "product_sales_daily_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales_window" ADD CONSTRAINT "product_sales_window_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sales_daily_product_idx" ON "product_sales_daily" USING btree ("product_id","day");--> statement-breakpoint
CREATE INDEX "product_sales_window_rank" ON "product_sales_window" USING btree ("days","quantity" DESC NULLS LAST,"revenue" DESC NULLS LAST,"product_id");
--> statement-breakpoint
-- Like every table (0006, 0032): writes name themselves for the caches.
CREATE TRIGGER product_sales_daily_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_sales_daily
  FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change();
--> statement-breakpoint
CREATE TRIGGER product_sales_window_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_sales_window
  FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change();
--> statement-breakpoint
-- The windows are the dashboard's quick periods: today, 7 days, 30 days, 12 months (365 days).
-- A window of `days` holds the sales of every day from `first_day` on: nothing is sold after
-- today, so once `first_day` is today - days + 1 it holds exactly the period ending today.
-- Rebuilt from the daily rollup as of `p_today` (the migration, the seed, a long gap).
CREATE OR REPLACE FUNCTION bo_product_sales_rebuild(p_today text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('product_sales_window'));
  DELETE FROM product_sales_window;
  DELETE FROM product_sales_window_start;
  INSERT INTO product_sales_window_start (days, first_day)
  SELECT n, to_char(p_today::date - (n - 1), 'YYYY-MM-DD') FROM unnest(ARRAY[1, 7, 30, 365]) AS n;
  INSERT INTO product_sales_window (days, product_id, quantity, revenue)
  SELECT w.days, s.product_id, sum(s.quantity)::int, sum(s.revenue)::bigint
    FROM product_sales_window_start w JOIN product_sales_daily s ON s.day >= w.first_day
   GROUP BY 1, 2 HAVING sum(s.quantity) <> 0 OR sum(s.revenue) <> 0;
END $$;
--> statement-breakpoint
-- Moves each window's first day up to p_today - days + 1, taking out the days that left it; a
-- window more than its length behind is rebuilt instead. Run by every instance once a minute
-- (and at start): the exclusive lock makes the others wait, then find nothing to do.
-- Writers of sales hold the same lock shared (bo_product_sales_apply), so a sale written while a
-- day leaves is counted either before (and taken out with its day) or after (and not added).
CREATE OR REPLACE FUNCTION bo_product_sales_roll(p_today text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE w record; target text; moved integer := 0;
BEGIN
  -- Nothing to do most of the time: answered without the lock.
  IF NOT EXISTS (SELECT 1 FROM product_sales_window_start
                  WHERE first_day < to_char(p_today::date - (days - 1), 'YYYY-MM-DD')) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('product_sales_window'));
  FOR w IN SELECT days, first_day FROM product_sales_window_start ORDER BY days LOOP
    target := to_char(p_today::date - (w.days - 1), 'YYYY-MM-DD');
    CONTINUE WHEN w.first_day >= target;
    IF w.first_day::date < target::date - w.days THEN
      DELETE FROM product_sales_window WHERE days = w.days;
      INSERT INTO product_sales_window (days, product_id, quantity, revenue)
      SELECT w.days, product_id, sum(quantity)::int, sum(revenue)::bigint
        FROM product_sales_daily WHERE day >= target
       GROUP BY 2 HAVING sum(quantity) <> 0 OR sum(revenue) <> 0;
    ELSE
      UPDATE product_sales_window s SET quantity = s.quantity - x.q, revenue = s.revenue - x.r
        FROM (SELECT product_id, sum(quantity)::int AS q, sum(revenue)::bigint AS r
                FROM product_sales_daily WHERE day >= w.first_day AND day < target
               GROUP BY 1) x
       WHERE s.days = w.days AND s.product_id = x.product_id;
      DELETE FROM product_sales_window WHERE days = w.days AND quantity = 0 AND revenue = 0;
    END IF;
    UPDATE product_sales_window_start SET first_day = target WHERE days = w.days;
    moved := moved + 1;
  END LOOP;
  RETURN moved;
END $$;
--> statement-breakpoint
-- Adds (or, negative, takes back) items and amounts per UTC day and product, and to each window
-- that holds the day.
CREATE OR REPLACE FUNCTION bo_product_sales_apply(
  p_days text[], p_products uuid[], p_quantities integer[], p_revenues bigint[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sales_daily AS s (day, product_id, quantity, revenue)
  SELECT d, p, sum(q)::int, sum(r)::bigint
    FROM unnest(p_days, p_products, p_quantities, p_revenues) AS t(d, p, q, r)
   GROUP BY d, p
   ORDER BY d, p
  ON CONFLICT (day, product_id) DO UPDATE
    SET quantity = s.quantity + EXCLUDED.quantity, revenue = s.revenue + EXCLUDED.revenue;
  PERFORM pg_advisory_xact_lock_shared(hashtext('product_sales_window'));
  INSERT INTO product_sales_window AS s (days, product_id, quantity, revenue)
  SELECT w.days, t.p, sum(t.q)::int, sum(t.r)::bigint
    FROM unnest(p_days, p_products, p_quantities, p_revenues) AS t(d, p, q, r)
    JOIN product_sales_window_start w ON t.d >= w.first_day
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (days, product_id) DO UPDATE
    SET quantity = s.quantity + EXCLUDED.quantity, revenue = s.revenue + EXCLUDED.revenue;
END $$;
--> statement-breakpoint
-- New order lines of kept orders (pending, completed) count at once, in the inserting statement.
-- A line whose product was deleted has no product and counts nowhere.
CREATE OR REPLACE FUNCTION bo_product_sales_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d text[]; p uuid[]; q integer[]; r bigint[];
BEGIN
  SELECT array_agg(day), array_agg(product_id), array_agg(qty), array_agg(rev)
    INTO d, p, q, r
    FROM (SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, i.product_id,
                 sum(i.quantity)::int AS qty, sum(round(i.price * i.quantity * 100))::bigint AS rev
            FROM new_items i JOIN orders o ON o.id = i.order_id
           WHERE o.status IN ('pending', 'completed') AND i.product_id IS NOT NULL
           GROUP BY 1, 2) t;
  IF d IS NOT NULL THEN PERFORM bo_product_sales_apply(d, p, q, r); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_product_sales AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION bo_product_sales_items();
--> statement-breakpoint
-- An order moving into or out of the kept statuses adds or takes back its lines.
CREATE OR REPLACE FUNCTION bo_product_sales_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d text[]; p uuid[]; q integer[]; r bigint[];
BEGIN
  SELECT array_agg(day), array_agg(product_id), array_agg(qty), array_agg(rev)
    INTO d, p, q, r
    FROM (SELECT to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, i.product_id,
                 sum(i.quantity * m.sign)::int AS qty,
                 sum(round(i.price * i.quantity * 100) * m.sign)::bigint AS rev
            FROM new_orders a
            JOIN old_orders b ON b.id = a.id
            CROSS JOIN LATERAL (SELECT (a.status IN ('pending', 'completed'))::int
                                     - (b.status IN ('pending', 'completed'))::int AS sign) m
            JOIN order_items i ON i.order_id = a.id
           WHERE m.sign <> 0 AND i.product_id IS NOT NULL
           GROUP BY 1, 2) t;
  IF d IS NOT NULL THEN PERFORM bo_product_sales_apply(d, p, q, r); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_product_sales AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION bo_product_sales_orders();
--> statement-breakpoint
-- The orders placed before this migration.
INSERT INTO product_sales_daily (day, product_id, quantity, revenue)
SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), i.product_id,
       sum(i.quantity)::int, sum(round(i.price * i.quantity * 100))::bigint
  FROM order_items i JOIN orders o ON o.id = i.order_id
 WHERE o.status IN ('pending', 'completed') AND i.product_id IS NOT NULL
 GROUP BY 1, 2;
--> statement-breakpoint
SELECT bo_product_sales_rebuild(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'));
--> statement-breakpoint
-- The best sellers follow the chosen period: the products that sold the most items in it (kept
-- orders), with their amount and what they sold in the previous period, from the windows or the
-- daily rollup above.
CREATE OR REPLACE FUNCTION dashboard_ecommerce(
  p_from text, p_to text, p_prev_from text, p_prev_to text, p_month boolean
) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  result jsonb;
  best jsonb;
  window_days integer := p_to::date - p_from::date + 1;
BEGIN
  -- A quick period ending today is a kept window: its first rows by rank. Any other period sums
  -- the daily rollup over its days.
  IF p_to >= to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AND EXISTS (
       SELECT 1 FROM product_sales_window_start WHERE days = window_days AND first_day = p_from) THEN
    best := (
      SELECT jsonb_agg(jsonb_build_array(p.id, p.name, p.slug, b.q, b.r::text, pv.q)
        ORDER BY b.q DESC, b.r DESC, b.product_id)
      FROM (
        SELECT product_id, quantity AS q, revenue AS r FROM product_sales_window
         WHERE days = window_days AND quantity > 0
         ORDER BY quantity DESC NULLS LAST, revenue DESC NULLS LAST, product_id LIMIT 5
      ) b
      JOIN products p ON p.id = b.product_id
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(s.quantity), 0)::int AS q FROM product_sales_daily s
         WHERE s.product_id = b.product_id AND s.day >= p_prev_from AND s.day <= p_prev_to
      ) pv ON p_prev_from IS NOT NULL);
  ELSE
    best := (
      SELECT jsonb_agg(jsonb_build_array(p.id, p.name, p.slug, b.q, b.r::text, pv.q)
        ORDER BY b.q DESC, b.r DESC, b.product_id)
      FROM (
        SELECT product_id, sum(quantity)::int AS q, sum(revenue)::bigint AS r
          FROM product_sales_daily WHERE day >= p_from AND day <= p_to
         GROUP BY product_id HAVING sum(quantity) > 0
         ORDER BY 2 DESC, 3 DESC, 1 LIMIT 5
      ) b
      JOIN products p ON p.id = b.product_id
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(s.quantity), 0)::int AS q FROM product_sales_daily s
         WHERE s.product_id = b.product_id AND s.day >= p_prev_from AND s.day <= p_prev_to
      ) pv ON p_prev_from IS NOT NULL);
  END IF;
  best := coalesce(best, '[]'::jsonb);
  SELECT jsonb_build_object(
    'now', coalesce((
      SELECT jsonb_agg(jsonb_build_array(b, status, o, i, r::text))
      FROM (
        SELECT CASE WHEN p_month THEN substr(day, 1, 7) ELSE day END AS b, status,
          sum(orders)::int AS o, sum(items)::int AS i, sum(revenue) AS r
        FROM order_daily_stats WHERE day >= p_from AND day <= p_to
        GROUP BY 1, 2
      ) s), '[]'::jsonb),
    'prev', CASE WHEN p_prev_from IS NULL THEN NULL ELSE coalesce((
      SELECT jsonb_agg(jsonb_build_array(b, status, o, i, r::text))
      FROM (
        SELECT CASE WHEN p_month THEN substr(day, 1, 7) ELSE day END AS b, status,
          sum(orders)::int AS o, sum(items)::int AS i, sum(revenue) AS r
        FROM order_daily_stats WHERE day >= p_prev_from AND day <= p_prev_to
        GROUP BY 1, 2
      ) s), '[]'::jsonb) END,
    'latest', coalesce((
      SELECT jsonb_agg(jsonb_build_array(id, number, customer_name, created_at, status, total::text)
        ORDER BY created_at DESC, id DESC)
      FROM (
        SELECT id, number, customer_name, created_at, status, total FROM orders
        WHERE created_at >= (p_from || 'T00:00:00Z')::timestamptz
          AND created_at < (p_to || 'T00:00:00Z')::timestamptz + interval '1 day'
        ORDER BY created_at DESC, id DESC LIMIT 6
      ) l), '[]'::jsonb),
    'best', best,
    'newest', coalesce((
      SELECT jsonb_agg(jsonb_build_array(id, name, slug, created_at, price::text)
        ORDER BY created_at DESC, id DESC)
      FROM (
        SELECT id, name, slug, created_at, price FROM products WHERE published
        ORDER BY created_at DESC, id DESC LIMIT 5
      ) n), '[]'::jsonb)
  ) INTO result;
  RETURN result;
END;
$$;
