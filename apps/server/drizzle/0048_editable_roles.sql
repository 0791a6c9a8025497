-- Roles become editable (Administration → Roles): a stable id for the API, the shipped ones marked,
-- and a rename carried to the people who have the role.
ALTER TABLE "roles" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_id_unique" UNIQUE("id");--> statement-breakpoint
UPDATE "roles" SET "built_in" = true WHERE "name" IN ('admin', 'user', 'editor');--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_roles_name_fk";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_roles_name_fk" FOREIGN KEY ("role") REFERENCES "public"."roles"("name") ON DELETE no action ON UPDATE cascade;
