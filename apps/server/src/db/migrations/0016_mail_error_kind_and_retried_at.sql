ALTER TABLE "mail_outbox" ADD COLUMN "last_error_kind" varchar(20);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "retried_at" timestamp with time zone;