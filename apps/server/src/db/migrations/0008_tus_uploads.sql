CREATE TABLE "tus_uploads" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer,
	"turbine_id" integer,
	"metadata" jsonb NOT NULL,
	"length" bigint NOT NULL,
	"info" jsonb,
	"state" varchar(12) DEFAULT 'receiving' NOT NULL,
	"finishing_at" timestamp with time zone,
	"outcome" jsonb,
	"lock_token" varchar(64),
	"lock_until" timestamp with time zone,
	"release_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tus_uploads" ADD CONSTRAINT "tus_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tus_uploads" ADD CONSTRAINT "tus_uploads_turbine_id_turbines_id_fk" FOREIGN KEY ("turbine_id") REFERENCES "public"."turbines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tus_uploads_expires_idx" ON "tus_uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tus_uploads_turbine_idx" ON "tus_uploads" USING btree ("turbine_id");--> statement-breakpoint
CREATE INDEX "tus_uploads_user_idx" ON "tus_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "photos_turbine_sha256_idx" ON "photos" USING btree ("turbine_id","sha256");