CREATE TABLE "mail_attachments" (
	"mail_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_attachments_mail_id_file_id_pk" PRIMARY KEY("mail_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "mail_counts" (
	"owner_id" uuid NOT NULL,
	"key" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_counts_owner_id_key_pk" PRIMARY KEY("owner_id","key")
);
--> statement-breakpoint
CREATE TABLE "mail_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_message_labels" (
	"label_id" uuid NOT NULL,
	"mail_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_message_labels_label_id_mail_id_pk" PRIMARY KEY("label_id","mail_id")
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"folder" text NOT NULL,
	"previous_folder" text,
	"thread_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"refs" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"from_email" text DEFAULT '' NOT NULL,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"label_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_unread" boolean DEFAULT false NOT NULL,
	"is_starred" boolean DEFAULT false NOT NULL,
	"is_important" boolean DEFAULT false NOT NULL,
	"has_attachments" boolean DEFAULT false NOT NULL,
	"has_remote_images" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mail_messages_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_counts" ADD CONSTRAINT "mail_counts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_labels" ADD CONSTRAINT "mail_labels_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_message_labels" ADD CONSTRAINT "mail_message_labels_label_id_mail_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."mail_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_message_labels" ADD CONSTRAINT "mail_message_labels_mail_id_mail_messages_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachments_file_idx" ON "mail_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "mail_labels_owner_idx" ON "mail_labels" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "mail_message_labels_list_idx" ON "mail_message_labels" USING btree ("label_id","created_at","mail_id");--> statement-breakpoint
CREATE INDEX "mail_message_labels_mail_idx" ON "mail_message_labels" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "mail_folder_idx" ON "mail_messages" USING btree ("owner_id","folder","created_at","id");--> statement-breakpoint
CREATE INDEX "mail_all_idx" ON "mail_messages" USING btree ("owner_id","created_at","id") WHERE folder NOT IN ('trash', 'spam');--> statement-breakpoint
CREATE INDEX "mail_starred_idx" ON "mail_messages" USING btree ("owner_id","created_at","id") WHERE is_starred AND folder NOT IN ('trash', 'spam');--> statement-breakpoint
CREATE INDEX "mail_important_idx" ON "mail_messages" USING btree ("owner_id","created_at","id") WHERE is_important AND folder NOT IN ('trash', 'spam');--> statement-breakpoint
CREATE INDEX "mail_thread_idx" ON "mail_messages" USING btree ("owner_id","thread_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_message_id_idx" ON "mail_messages" USING btree ("owner_id","message_id");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- The search: one person's messages whose text holds every trigram of the words, found in one
-- GIN index on (owner, text), never a scan of the mailbox.
CREATE INDEX "mail_search_idx" ON "mail_messages" USING gin ("owner_id", "search_text" gin_trgm_ops);
--> statement-breakpoint
-- The keys a message counts under: its folder, and unless it is in the trash or spam: all,
-- starred, important and each of its labels.
CREATE OR REPLACE FUNCTION mail_count_keys(folder text, starred boolean, important boolean, labels uuid[])
RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN folder IN ('trash', 'spam') THEN ARRAY[folder]
  ELSE ARRAY[folder, 'all']
    || CASE WHEN starred THEN ARRAY['starred'] ELSE ARRAY[]::text[] END
    || CASE WHEN important THEN ARRAY['important'] ELSE ARRAY[]::text[] END
    || COALESCE((SELECT array_agg('label:' || l::text) FROM unnest(labels) AS l), ARRAY[]::text[])
  END
$$;
--> statement-breakpoint
-- Each insert, change and delete moves its message between the counts and keeps the label index,
-- in the writing transaction.
CREATE OR REPLACE FUNCTION mail_messages_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.folder = NEW.folder AND OLD.is_unread = NEW.is_unread
     AND OLD.is_starred = NEW.is_starred AND OLD.is_important = NEW.is_important
     AND OLD.label_ids = NEW.label_ids THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    FOREACH k IN ARRAY mail_count_keys(OLD.folder, OLD.is_starred, OLD.is_important, OLD.label_ids) LOOP
      UPDATE mail_counts SET total = total - 1, unread = unread - CASE WHEN OLD.is_unread THEN 1 ELSE 0 END
       WHERE owner_id = OLD.owner_id AND key = k;
    END LOOP;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    FOREACH k IN ARRAY mail_count_keys(NEW.folder, NEW.is_starred, NEW.is_important, NEW.label_ids) LOOP
      INSERT INTO mail_counts (owner_id, key, total, unread)
      VALUES (NEW.owner_id, k, 1, CASE WHEN NEW.is_unread THEN 1 ELSE 0 END)
      ON CONFLICT (owner_id, key) DO UPDATE
        SET total = mail_counts.total + 1, unread = mail_counts.unread + EXCLUDED.unread;
    END LOOP;
  END IF;
  IF TG_OP = 'INSERT' AND cardinality(NEW.label_ids) > 0 THEN
    INSERT INTO mail_message_labels (label_id, mail_id, created_at)
    SELECT l, NEW.id, NEW.created_at FROM unnest(NEW.label_ids) AS l ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' AND OLD.label_ids <> NEW.label_ids THEN
    DELETE FROM mail_message_labels WHERE mail_id = NEW.id AND NOT (label_id = ANY (NEW.label_ids));
    INSERT INTO mail_message_labels (label_id, mail_id, created_at)
    SELECT l, NEW.id, NEW.created_at FROM unnest(NEW.label_ids) AS l ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mail_messages_track AFTER INSERT OR UPDATE OR DELETE ON mail_messages
  FOR EACH ROW EXECUTE FUNCTION mail_messages_track();
--> statement-breakpoint
-- Every count of one person, from the rows (the seed's bulk path and the consistency check).
CREATE OR REPLACE FUNCTION mail_counts_rebuild(owner uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM mail_counts WHERE owner_id = owner;
  INSERT INTO mail_counts (owner_id, key, total, unread)
  SELECT owner, k, count(*)::int, count(*) FILTER (WHERE m.is_unread)::int
    FROM mail_messages m, unnest(mail_count_keys(m.folder, m.is_starred, m.is_important, m.label_ids)) AS k
   WHERE m.owner_id = owner
   GROUP BY k;
$$;
--> statement-breakpoint
UPDATE roles SET permissions = permissions || ARRAY['mail:read', 'mail:write']
 WHERE name IN ('admin', 'user', 'editor') AND NOT ('mail:read' = ANY (permissions));
