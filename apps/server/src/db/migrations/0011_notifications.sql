CREATE TABLE "digest_runs" (
	"scope" varchar(40) NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_runs_scope_day_pk" PRIMARY KEY("scope","day")
);
--> statement-breakpoint
CREATE TABLE "finding_escalations" (
	"id" serial PRIMARY KEY NOT NULL,
	"finding_id" integer NOT NULL,
	"turbine_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"severity_before" integer,
	"severity_after" integer NOT NULL,
	"due_date" date,
	"overdue_key" varchar(40),
	"actor_id" integer,
	"actor_name" varchar(170),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"escalation_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "finding_escalations" ADD CONSTRAINT "finding_escalations_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_escalations" ADD CONSTRAINT "finding_escalations_turbine_id_turbines_id_fk" FOREIGN KEY ("turbine_id") REFERENCES "public"."turbines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_escalations" ADD CONSTRAINT "finding_escalations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_escalation_id_finding_escalations_id_fk" FOREIGN KEY ("escalation_id") REFERENCES "public"."finding_escalations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finding_escalations_overdue_unique" ON "finding_escalations" USING btree ("overdue_key");--> statement-breakpoint
CREATE INDEX "finding_escalations_turbine_idx" ON "finding_escalations" USING btree ("turbine_id","created_at");--> statement-breakpoint
CREATE INDEX "finding_escalations_finding_idx" ON "finding_escalations" USING btree ("finding_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_escalation_unique" ON "notifications" USING btree ("user_id","escalation_id");--> statement-breakpoint
CREATE INDEX "finding_observations_turbine_year_idx" ON "finding_observations" USING btree ("turbine_id","year");