CREATE TABLE "invoice_counters" (
	"kind" text NOT NULL,
	"year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"service" text DEFAULT '' NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"price" bigint NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"total" bigint NOT NULL,
	"tax" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"paid_at" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_services" (
	"name" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_stats" (
	"status" text NOT NULL,
	"due_date" date NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance" bigint NOT NULL,
	CONSTRAINT "invoice_stats_status_due_date_pk" PRIMARY KEY("status","due_date")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"number" integer,
	"year" smallint,
	"invoice_number" text,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"customer_id" uuid,
	"from_party" jsonb NOT NULL,
	"to_party" jsonb NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"taxes" bigint DEFAULT 0 NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"balance" bigint NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"credit_note_for" uuid,
	"credit_note_id" uuid,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_parties" ADD CONSTRAINT "invoice_parties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_invoice_parties_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."invoice_parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_position_key" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_parties_kind_name" ON "invoice_parties" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("kind","year","number");--> statement-breakpoint
CREATE INDEX "invoices_created_sort" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_status_created_sort" ON "invoices" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_status_due_sort" ON "invoices" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_due_sort" ON "invoices" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_total_sort" ON "invoices" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invoices_search_trgm" ON "invoices" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_number_text_idx" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_services_idx" ON "invoices" USING gin ("services");--> statement-breakpoint
-- The invoice list's summary (count, amount and balance per status, overdue included) reads
-- invoice_stats, kept here row by row in the writing transaction: exact without a sum over the
-- table per request. Credit notes are kept under their own key, 'credit_note', outside the tabs.
CREATE OR REPLACE FUNCTION invoice_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_stats AFTER INSERT OR DELETE OR UPDATE OF kind, status, due_date, total, balance
  ON invoices FOR EACH ROW EXECUTE FUNCTION invoice_stats_apply();
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'invoices', 'invoice_items', 'invoice_payments', 'invoice_parties', 'invoice_stats',
    'invoice_counters', 'invoice_services'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change()',
      t || '_notify_change', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Roles are data: the shipped administrator role gains the invoice permissions it now lists.
UPDATE roles SET permissions = permissions || ARRAY['invoices:read', 'invoices:write']
 WHERE name = 'admin' AND NOT ('invoices:read' = ANY (permissions));
