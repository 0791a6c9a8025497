-- The rollups follow every ledger row in the same transaction: per account and day, per category
-- and day, and per category and month.
-- Before this file: migrations 0022_banking, 0043_bank_category_monthly.
CREATE OR REPLACE FUNCTION public.bank_ledger_rollup()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  d text := to_char(NEW.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD');
BEGIN
  INSERT INTO bank_daily_stats AS s (account_id, day, income, expense, transfers_in, transfers_out, count)
  VALUES (
    NEW.account_id, d,
    CASE WHEN NEW.kind = 'income' THEN NEW.amount ELSE 0 END,
    CASE WHEN NEW.kind = 'expense' THEN -NEW.amount ELSE 0 END,
    CASE WHEN NEW.kind = 'transfer' AND NEW.amount > 0 THEN NEW.amount ELSE 0 END,
    CASE WHEN NEW.kind = 'transfer' AND NEW.amount < 0 THEN -NEW.amount ELSE 0 END,
    1)
  ON CONFLICT (account_id, day) DO UPDATE SET
    income = s.income + EXCLUDED.income,
    expense = s.expense + EXCLUDED.expense,
    transfers_in = s.transfers_in + EXCLUDED.transfers_in,
    transfers_out = s.transfers_out + EXCLUDED.transfers_out,
    count = s.count + 1;
  INSERT INTO bank_category_daily AS c (day, kind, category, currency, amount, count)
  VALUES (d, NEW.kind, NEW.category, NEW.currency, NEW.amount, 1)
  ON CONFLICT (day, kind, category, currency) DO UPDATE SET
    amount = c.amount + EXCLUDED.amount,
    count = c.count + 1;
  INSERT INTO bank_category_monthly AS m (month, kind, category, currency, amount, count)
  VALUES (left(d, 7), NEW.kind, NEW.category, NEW.currency, NEW.amount, 1)
  ON CONFLICT (month, kind, category, currency) DO UPDATE SET
    amount = m.amount + EXCLUDED.amount,
    count = m.count + 1;
  RETURN NULL;
END $function$;
