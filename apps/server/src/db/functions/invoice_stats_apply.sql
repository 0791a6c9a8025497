-- The invoice list's summary (count, amount and balance per status, overdue included) reads
-- invoice_stats, kept here row by row in the writing transaction: exact without a sum over the
-- table per request. Credit notes are kept under their own key, 'credit_note', outside the tabs.
-- Before this file: migration 0011_invoices.
CREATE OR REPLACE FUNCTION public.invoice_stats_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE invoice_stats
       SET count = count - 1, amount = amount - OLD.total, balance = balance - OLD.balance
     WHERE status = CASE WHEN OLD.kind = 'credit_note' THEN 'credit_note' ELSE OLD.status END
       AND due_date = OLD.due_date;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO invoice_stats (status, due_date, count, amount, balance)
    VALUES (CASE WHEN NEW.kind = 'credit_note' THEN 'credit_note' ELSE NEW.status END,
            NEW.due_date, 1, NEW.total, NEW.balance)
    ON CONFLICT (status, due_date) DO UPDATE
       SET count = invoice_stats.count + 1,
           amount = invoice_stats.amount + EXCLUDED.amount,
           balance = invoice_stats.balance + EXCLUDED.balance;
  END IF;
  RETURN NULL;
END
$function$;
