ALTER TABLE "sessions" ADD COLUMN "signed_in_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "family_id" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_skeleton" varchar(1024);--> statement-breakpoint
CREATE INDEX "sessions_family_idx" ON "sessions" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_skeleton_unique" ON "users" USING btree ("email_skeleton");--> statement-breakpoint
-- Hand-written: sessions open before this migration were signed in when they were made, each its own family
UPDATE "sessions" SET "signed_in_at" = "created_at", "family_id" = "id";
