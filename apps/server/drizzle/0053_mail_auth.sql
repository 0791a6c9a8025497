ALTER TABLE "mail_messages" ADD COLUMN "auth" jsonb;
