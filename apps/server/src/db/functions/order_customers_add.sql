-- order_customers holds each distinct (account, name, e-mail) an order was placed as. A statement
-- trigger keeps it, so a bulk insert of a million orders costs one grouped insert; rows are never
-- removed (the search re-checks the order itself, so a stale row only costs a lookup).
-- Before this file: migration 0007_order_search_shop_indexes.
CREATE OR REPLACE FUNCTION public.order_customers_add()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO order_customers (user_id, name, email)
    SELECT DISTINCT user_id, customer_name, customer_email FROM new_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$function$;
