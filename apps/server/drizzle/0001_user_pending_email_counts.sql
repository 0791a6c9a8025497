CREATE TABLE "user_counts" (
	"role" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_role_status_pk" PRIMARY KEY("role","status")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;