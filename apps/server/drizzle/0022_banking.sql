CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"currency" text NOT NULL,
	"kind" text DEFAULT 'checking' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"holder" text NOT NULL,
	"expires" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_category_daily" (
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bank_category_daily_day_kind_category_currency_pk" PRIMARY KEY("day","kind","category","currency")
);
--> statement-breakpoint
CREATE TABLE "bank_daily_stats" (
	"account_id" uuid NOT NULL,
	"day" text NOT NULL,
	"income" bigint DEFAULT 0 NOT NULL,
	"expense" bigint DEFAULT 0 NOT NULL,
	"transfers_in" bigint DEFAULT 0 NOT NULL,
	"transfers_out" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bank_daily_stats_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"counterparty" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"transfer_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "bank_transactions_kind" CHECK ("bank_transactions"."kind" in ('income', 'expense', 'transfer'))
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" uuid,
	"from_account_id" uuid NOT NULL,
	"to_account_id" uuid,
	"contact_id" uuid,
	"counterparty" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_amount_positive" CHECK ("bank_transfers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_transfer_id_bank_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."bank_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_from_account_id_bank_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_to_account_id_bank_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_cards_account_idx" ON "bank_cards" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_account_time_idx" ON "bank_transactions" USING btree ("account_id","occurred_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "bank_transactions_time_idx" ON "bank_transactions" USING btree ("occurred_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_key" ON "bank_transfers" USING btree ("created_by","idempotency_key");--> statement-breakpoint
-- The ledger is append-only: a correction is a new row, never an edit of an old one.
CREATE OR REPLACE FUNCTION bank_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bank_transactions is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_transactions_append_only BEFORE UPDATE OR DELETE ON bank_transactions
  FOR EACH ROW EXECUTE FUNCTION bank_ledger_append_only();
--> statement-breakpoint
-- The daily rollups follow every ledger row in the same transaction.
CREATE OR REPLACE FUNCTION bank_ledger_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_transactions_rollup AFTER INSERT ON bank_transactions
  FOR EACH ROW EXECUTE FUNCTION bank_ledger_rollup();
--> statement-breakpoint
-- Banking: administrators see the dashboard and move money, by default.
UPDATE roles SET permissions = permissions || ARRAY['dashboards:banking']
 WHERE name = 'admin' AND NOT ('dashboards:banking' = ANY (permissions));
--> statement-breakpoint
UPDATE roles SET permissions = permissions || ARRAY['banking:transfer']
 WHERE name = 'admin' AND NOT ('banking:transfer' = ANY (permissions));
--> statement-breakpoint
-- The banking tables name themselves on `bo_changes` (0006), so cached answers over them drop.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'bank_accounts', 'bank_cards', 'bank_transfers', 'bank_transactions', 'bank_daily_stats',
    'bank_category_daily'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change()',
      t || '_notify_change', t);
  END LOOP;
END
$$;
