CREATE TABLE "order_customers" (
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_customer_trgm";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "order_customers_key" ON "order_customers" USING btree ("user_id","name","email");--> statement-breakpoint
CREATE INDEX "order_customers_trgm" ON "order_customers" USING gin (lower("name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_created_sort" ON "products" USING btree ("category","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_price_sort" ON "products" USING btree ("category","price","id");--> statement-breakpoint
CREATE INDEX "products_category_sold_sort" ON "products" USING btree ("category","sold","id");--> statement-breakpoint
-- order_customers holds each distinct (account, name, e-mail) an order was placed as. A statement
-- trigger keeps it, so a bulk insert of a million orders costs one grouped insert; rows are never
-- removed (the search re-checks the order itself, so a stale row only costs a lookup).
CREATE OR REPLACE FUNCTION order_customers_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_customers (user_id, name, email)
    SELECT DISTINCT user_id, customer_name, customer_email FROM new_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_customers_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_customers_add();
--> statement-breakpoint
INSERT INTO order_customers (user_id, name, email)
  SELECT DISTINCT user_id, customer_name, customer_email FROM orders
ON CONFLICT DO NOTHING;
