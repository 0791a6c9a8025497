CREATE TABLE "product_sales_daily" (
	"day" text NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_daily_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_sales_monthly" (
	"month" text NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_monthly_month_product_id_pk" PRIMARY KEY("month","product_id")
);
--> statement-breakpoint
ALTER TABLE "product_sales_daily" ADD CONSTRAINT "product_sales_daily_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales_monthly" ADD CONSTRAINT "product_sales_monthly_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds what products sold (per UTC day) to the daily and the monthly rollup; negative amounts
-- take a sale back (an order cancelled or refunded).
CREATE OR REPLACE FUNCTION bo_product_sales_apply(
  p_days text[], p_products uuid[], p_quantities integer[], p_revenues bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_sales_daily AS s (day, product_id, quantity, revenue)
  SELECT d, p, sum(q)::int, sum(r)::bigint
    FROM unnest(p_days, p_products, p_quantities, p_revenues) AS t(d, p, q, r)
   GROUP BY d, p
   ORDER BY d, p
  ON CONFLICT (day, product_id) DO UPDATE
    SET quantity = s.quantity + EXCLUDED.quantity, revenue = s.revenue + EXCLUDED.revenue;
  INSERT INTO product_sales_monthly AS s (month, product_id, quantity, revenue)
  SELECT substr(d, 1, 7), p, sum(q)::int, sum(r)::bigint
    FROM unnest(p_days, p_products, p_quantities, p_revenues) AS t(d, p, q, r)
   GROUP BY substr(d, 1, 7), p
   ORDER BY 1, 2
  ON CONFLICT (month, product_id) DO UPDATE
    SET quantity = s.quantity + EXCLUDED.quantity, revenue = s.revenue + EXCLUDED.revenue;
$$;
--> statement-breakpoint
-- New order lines of kept orders (pending, completed) count at once, in the inserting statement.
CREATE OR REPLACE FUNCTION bo_product_sales_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d text[]; p uuid[]; q integer[]; r bigint[];
BEGIN
  SELECT array_agg(day), array_agg(product_id), array_agg(qty), array_agg(rev)
    INTO d, p, q, r
    FROM (SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, i.product_id,
                 sum(i.quantity)::int AS qty, sum(round(i.price * i.quantity * 100))::bigint AS rev
            FROM new_items i JOIN orders o ON o.id = i.order_id
           WHERE i.product_id IS NOT NULL AND o.status IN ('pending', 'completed')
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
SELECT bo_product_sales_apply(
  coalesce(array_agg(day), '{}'), coalesce(array_agg(product_id), '{}'),
  coalesce(array_agg(qty), '{}'), coalesce(array_agg(rev), '{}'))
  FROM (SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, i.product_id,
               sum(i.quantity)::int AS qty, sum(round(i.price * i.quantity * 100))::bigint AS rev
          FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE i.product_id IS NOT NULL AND o.status IN ('pending', 'completed')
         GROUP BY 1, 2) t;
