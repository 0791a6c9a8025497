CREATE TABLE "gender_sales_daily" (
	"day" text NOT NULL,
	"gender" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "gender_sales_daily_day_gender_pk" PRIMARY KEY("day","gender")
);
--> statement-breakpoint
-- The gender a sale counts under: the product's one gender, else `unisex` (several or none).
CREATE OR REPLACE FUNCTION bo_sale_gender(p_gender text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN cardinality(p_gender) = 1 THEN p_gender[1] ELSE 'unisex' END
$$;
--> statement-breakpoint
-- Adds (or, negative, takes back) items and amounts per UTC day and gender.
CREATE OR REPLACE FUNCTION bo_gender_sales_apply(
  p_days text[], p_genders text[], p_quantities integer[], p_revenues bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO gender_sales_daily AS s (day, gender, quantity, revenue)
  SELECT d, g, sum(q)::int, sum(r)::bigint
    FROM unnest(p_days, p_genders, p_quantities, p_revenues) AS t(d, g, q, r)
   GROUP BY d, g
   ORDER BY d, g
  ON CONFLICT (day, gender) DO UPDATE
    SET quantity = s.quantity + EXCLUDED.quantity, revenue = s.revenue + EXCLUDED.revenue;
$$;
--> statement-breakpoint
-- New order lines of kept orders (pending, completed) count at once, in the inserting statement.
CREATE OR REPLACE FUNCTION bo_gender_sales_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d text[]; g text[]; q integer[]; r bigint[];
BEGIN
  SELECT array_agg(day), array_agg(gender), array_agg(qty), array_agg(rev)
    INTO d, g, q, r
    FROM (SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
                 bo_sale_gender(p.gender) AS gender,
                 sum(i.quantity)::int AS qty, sum(round(i.price * i.quantity * 100))::bigint AS rev
            FROM new_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
           WHERE o.status IN ('pending', 'completed')
           GROUP BY 1, 2) t;
  IF d IS NOT NULL THEN PERFORM bo_gender_sales_apply(d, g, q, r); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_gender_sales AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION bo_gender_sales_items();
--> statement-breakpoint
-- An order moving into or out of the kept statuses adds or takes back its lines.
CREATE OR REPLACE FUNCTION bo_gender_sales_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d text[]; g text[]; q integer[]; r bigint[];
BEGIN
  SELECT array_agg(day), array_agg(gender), array_agg(qty), array_agg(rev)
    INTO d, g, q, r
    FROM (SELECT to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
                 bo_sale_gender(p.gender) AS gender,
                 sum(i.quantity * m.sign)::int AS qty,
                 sum(round(i.price * i.quantity * 100) * m.sign)::bigint AS rev
            FROM new_orders a
            JOIN old_orders b ON b.id = a.id
            CROSS JOIN LATERAL (SELECT (a.status IN ('pending', 'completed'))::int
                                     - (b.status IN ('pending', 'completed'))::int AS sign) m
            JOIN order_items i ON i.order_id = a.id
            JOIN products p ON p.id = i.product_id
           WHERE m.sign <> 0
           GROUP BY 1, 2) t;
  IF d IS NOT NULL THEN PERFORM bo_gender_sales_apply(d, g, q, r); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_gender_sales AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION bo_gender_sales_orders();
--> statement-breakpoint
-- The orders placed before this migration.
INSERT INTO gender_sales_daily (day, gender, quantity, revenue)
SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), bo_sale_gender(p.gender),
       sum(i.quantity)::int, sum(round(i.price * i.quantity * 100))::bigint
  FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
 WHERE o.status IN ('pending', 'completed')
 GROUP BY 1, 2;
