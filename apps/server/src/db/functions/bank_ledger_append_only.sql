-- The ledger is append-only: a correction is a new row, never an edit of an old one.
-- Before this file: migration 0022_banking.
CREATE OR REPLACE FUNCTION public.bank_ledger_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'bank_transactions is append-only';
END $function$;
