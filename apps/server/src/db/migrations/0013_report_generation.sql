CREATE TABLE "report_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"turbine_id" integer,
	"campaign_id" integer,
	"company_id" integer NOT NULL,
	"language" varchar(2) NOT NULL,
	"requested_by" integer,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"step" varchar(16),
	"inputs_hash" varchar(64),
	"report_id" integer,
	"error_code" varchar(64),
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "generated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "inputs_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_turbine_id_turbines_id_fk" FOREIGN KEY ("turbine_id") REFERENCES "public"."turbines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_jobs_claim_idx" ON "report_jobs" USING btree ("id") WHERE "report_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "report_jobs_turbine_idx" ON "report_jobs" USING btree ("turbine_id","id");--> statement-breakpoint
CREATE INDEX "report_jobs_campaign_idx" ON "report_jobs" USING btree ("campaign_id","id");