CREATE TABLE "file_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"length" bigint,
	"offset" bigint DEFAULT 0 NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_uploads_owner_idx" ON "file_uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "file_uploads_expires_idx" ON "file_uploads" USING btree ("expires_at");--> statement-breakpoint
-- Unfinished uploads count in the storage summary, so cached answers over it drop with them.
CREATE TRIGGER file_uploads_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON file_uploads FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_change();
