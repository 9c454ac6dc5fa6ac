ALTER TABLE "sessions" ADD COLUMN "signed_in_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "family_id" varchar(64);--> statement-breakpoint
CREATE INDEX "sessions_family_idx" ON "sessions" USING btree ("family_id");--> statement-breakpoint
-- sessions open before this migration: signed in when they were made, each its own family
UPDATE "sessions" SET "signed_in_at" = "created_at", "family_id" = "id";
