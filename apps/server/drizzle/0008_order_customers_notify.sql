-- order_customers (0007) is read by the order search, which the read cache keeps: it gets the
-- change notification every table has (0006).
CREATE TRIGGER order_customers_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON order_customers
  FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change();
