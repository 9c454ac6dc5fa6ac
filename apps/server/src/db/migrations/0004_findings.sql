CREATE TABLE "finding_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"finding_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(170) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" varchar(2000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finding_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"finding_id" integer NOT NULL,
	"turbine_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"kind" varchar(10) DEFAULT 'sighting' NOT NULL,
	"geometry" jsonb NOT NULL,
	"severity" integer NOT NULL,
	"length_mm" double precision,
	"width_mm" double precision,
	"notes" varchar(2000),
	"year" integer NOT NULL,
	"crop_key" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"turbine_id" integer NOT NULL,
	"blade" varchar(1) NOT NULL,
	"surface" varchar(10) NOT NULL,
	"room" integer,
	"distance_from_root_m" double precision,
	"type" varchar(24) NOT NULL,
	"severity" integer NOT NULL,
	"depth_class" integer,
	"length_mm" double precision,
	"width_mm" double precision,
	"notes" varchar(2000),
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"due_date" date,
	"created_by" integer,
	"repaired_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"first_seen_year" integer NOT NULL,
	"last_seen_year" integer NOT NULL,
	"observation_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_observations" ADD CONSTRAINT "finding_observations_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_observations" ADD CONSTRAINT "finding_observations_turbine_id_turbines_id_fk" FOREIGN KEY ("turbine_id") REFERENCES "public"."turbines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_observations" ADD CONSTRAINT "finding_observations_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_observations" ADD CONSTRAINT "finding_observations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_turbine_id_turbines_id_fk" FOREIGN KEY ("turbine_id") REFERENCES "public"."turbines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_repaired_by_users_id_fk" FOREIGN KEY ("repaired_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_events_finding_idx" ON "finding_events" USING btree ("finding_id","id");--> statement-breakpoint
CREATE INDEX "finding_observations_finding_idx" ON "finding_observations" USING btree ("finding_id","id");--> statement-breakpoint
CREATE INDEX "finding_observations_photo_idx" ON "finding_observations" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "findings_turbine_idx" ON "findings" USING btree ("turbine_id","severity");--> statement-breakpoint
CREATE INDEX "findings_open_idx" ON "findings" USING btree ("turbine_id","severity","due_date") WHERE "findings"."status" in ('confirmed', 'monitoring', 'repair_planned');--> statement-breakpoint
-- Hand-written (below): finding events are append-only. Nothing in the code updates or deletes one; the database
-- refuses an UPDATE too, except the one its own foreign key makes (actor_id set null when the account is deleted).
-- Rows go only with their finding (cascade).
CREATE FUNCTION "finding_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."actor_id" IS NULL AND OLD."actor_id" IS NOT NULL
    AND (NEW."id", NEW."finding_id", NEW."kind", NEW."actor_name", NEW."before", NEW."after", NEW."reason", NEW."created_at")
      IS NOT DISTINCT FROM (OLD."id", OLD."finding_id", OLD."kind", OLD."actor_name", OLD."before", OLD."after", OLD."reason", OLD."created_at")
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'finding_events is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER "finding_events_no_update" BEFORE UPDATE ON "finding_events" FOR EACH ROW EXECUTE FUNCTION "finding_events_append_only"();--> statement-breakpoint
-- The turbine list shows each turbine's health (worst open severity, open and overdue counts): a change of findings
-- moves its version, like the triggers of 0002.
CREATE TRIGGER "findings_listed_insert" AFTER INSERT ON "findings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "turbine_list_changed"();--> statement-breakpoint
CREATE TRIGGER "findings_listed_update" AFTER UPDATE ON "findings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "turbine_list_changed"();--> statement-breakpoint
CREATE TRIGGER "findings_listed_delete" AFTER DELETE ON "findings" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "turbine_list_changed"();
