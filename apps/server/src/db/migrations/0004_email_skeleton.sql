ALTER TABLE "users" ADD COLUMN "email_skeleton" varchar(1024);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_skeleton_unique" ON "users" USING btree ("email_skeleton");