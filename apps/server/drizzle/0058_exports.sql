CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"list" text NOT NULL,
	"format" text NOT NULL,
	"filter" jsonb NOT NULL,
	"scope" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"origin" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows" integer,
	"bytes" bigint,
	"storage_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exports_owner_created_idx" ON "exports" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "exports_expires_idx" ON "exports" USING btree ("expires_at");