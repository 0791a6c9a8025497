CREATE TABLE "file_favorites" (
	"file_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "file_favorites_user_id_file_id_pk" PRIMARY KEY("user_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "file_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_shares" (
	"file_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"access" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_shares_file_id_user_id_pk" PRIMARY KEY("file_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "file_versions" (
	"file_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"owner_id" uuid,
	"category" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"checksum" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_versions_file_id_version_pk" PRIMARY KEY("file_id","version")
);
--> statement-breakpoint
CREATE TABLE "storage_usage" (
	"owner_id" uuid NOT NULL,
	"category" text NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "storage_usage_owner_id_category_pk" PRIMARY KEY("owner_id","category")
);
--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "size" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "scope" text DEFAULT 'attachment' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "is_folder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "checksum" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "trashed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "file_favorites" ADD CONSTRAINT "file_favorites_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_favorites" ADD CONSTRAINT "file_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_links_token_idx" ON "file_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "file_links_file_idx" ON "file_links" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "file_shares_user_idx" ON "file_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "files_drive_idx" ON "files" USING btree ("owner_id","parent_id","name") WHERE scope = 'drive';--> statement-breakpoint
CREATE INDEX "files_parent_idx" ON "files" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "files_storage_key_idx" ON "files" USING btree ("storage_key");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_parent_id_files_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "files" SET "category" = CASE
  WHEN "mime" LIKE 'image/%' THEN 'image'
  WHEN "mime" LIKE 'video/%' THEN 'video'
  WHEN "mime" LIKE 'audio/%' THEN 'audio'
  WHEN "mime" = 'application/zip' THEN 'archive'
  WHEN "mime" LIKE 'text/%' OR "mime" = 'application/pdf' OR "mime" LIKE 'application/vnd.openxmlformats%' THEN 'document'
  ELSE 'other' END;--> statement-breakpoint
-- Bytes and count per person and category, kept in the writing transaction (see storage_usage).
CREATE FUNCTION storage_usage_add(owner uuid, cat text, delta_bytes bigint, delta_count integer) RETURNS void AS $$
  INSERT INTO storage_usage (owner_id, category, bytes, count) VALUES (owner, cat, delta_bytes, delta_count)
  ON CONFLICT (owner_id, category) DO UPDATE
    SET bytes = storage_usage.bytes + excluded.bytes, count = storage_usage.count + excluded.count;
$$ LANGUAGE sql;--> statement-breakpoint
CREATE FUNCTION files_usage() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.owner_id IS NOT NULL AND NOT OLD.is_folder THEN
    PERFORM storage_usage_add(OLD.owner_id, OLD.category, -OLD.size, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.owner_id IS NOT NULL AND NOT NEW.is_folder THEN
    PERFORM storage_usage_add(NEW.owner_id, NEW.category, NEW.size, 1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER files_usage AFTER INSERT OR DELETE OR UPDATE OF owner_id, category, size, is_folder ON files
  FOR EACH ROW EXECUTE FUNCTION files_usage();--> statement-breakpoint
-- Earlier versions take room too: counted in bytes (not in the file count) until deleted.
CREATE FUNCTION file_versions_usage() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.owner_id IS NOT NULL THEN
    PERFORM storage_usage_add(OLD.owner_id, OLD.category, -OLD.size, 0);
  END IF;
  IF TG_OP = 'INSERT' AND NEW.owner_id IS NOT NULL THEN
    PERFORM storage_usage_add(NEW.owner_id, NEW.category, NEW.size, 0);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER file_versions_usage AFTER INSERT OR DELETE ON file_versions
  FOR EACH ROW EXECUTE FUNCTION file_versions_usage();--> statement-breakpoint
INSERT INTO storage_usage (owner_id, category, bytes, count)
  SELECT owner_id, category, sum(size), count(*) FROM files
  WHERE owner_id IS NOT NULL AND NOT is_folder GROUP BY owner_id, category;
