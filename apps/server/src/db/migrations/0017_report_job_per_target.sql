ALTER TABLE "report_jobs" ADD COLUMN "new_issue_date" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD COLUMN "unchanged_since" timestamp with time zone;--> statement-breakpoint
-- issue 23 item 17: one queued or running job per turbine (or campaign) and language; duplicates made before this
-- migration keep the oldest and the others end failed (their requester is told to try again)
UPDATE "report_jobs" SET "status" = 'failed', "error_code" = 'REPORT_GENERATION_FAILED', "claimed_at" = NULL, "updated_at" = now()
WHERE "status" in ('queued', 'running') AND "id" NOT IN (
  SELECT min("id") FROM "report_jobs" WHERE "status" in ('queued', 'running')
  GROUP BY coalesce("campaign_id", 0), CASE WHEN "campaign_id" IS NULL THEN "turbine_id" ELSE 0 END, "language"
);--> statement-breakpoint
CREATE UNIQUE INDEX "report_jobs_active_turbine_uq" ON "report_jobs" USING btree ("turbine_id","language") WHERE "report_jobs"."campaign_id" is null and "report_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "report_jobs_active_campaign_uq" ON "report_jobs" USING btree ("campaign_id","language") WHERE "report_jobs"."campaign_id" is not null and "report_jobs"."status" in ('queued', 'running');