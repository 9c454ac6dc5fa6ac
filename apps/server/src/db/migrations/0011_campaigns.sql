CREATE TABLE "campaign_turbines" (
	"campaign_id" integer NOT NULL,
	"turbine_id" integer NOT NULL,
	CONSTRAINT "campaign_turbines_campaign_id_turbine_id_pk" PRIMARY KEY("campaign_id","turbine_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_waivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"turbine_id" integer NOT NULL,
	"method" varchar(10) NOT NULL,
	"blade" varchar(1),
	"room" integer,
	"reason" varchar(500) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_by" integer,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"year" integer NOT NULL,
	"methods" varchar(10)[] NOT NULL,
	"planned_start" date NOT NULL,
	"planned_end" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_turbines" ADD CONSTRAINT "campaign_turbines_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_turbines" ADD CONSTRAINT "campaign_turbines_turbine_id_turbines_id_fk" FOREIGN KEY ("turbine_id") REFERENCES "public"."turbines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_waivers" ADD CONSTRAINT "campaign_waivers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_waivers" ADD CONSTRAINT "campaign_waivers_turbine_id_turbines_id_fk" FOREIGN KEY ("turbine_id") REFERENCES "public"."turbines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_waivers" ADD CONSTRAINT "campaign_waivers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_waivers" ADD CONSTRAINT "campaign_waivers_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_turbines_turbine_idx" ON "campaign_turbines" USING btree ("turbine_id");--> statement-breakpoint
CREATE INDEX "campaign_waivers_campaign_idx" ON "campaign_waivers" USING btree ("campaign_id","turbine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_waivers_active_unique" ON "campaign_waivers" USING btree ("campaign_id","turbine_id","method",coalesce("blade", ''),coalesce("room", 0)) WHERE "campaign_waivers"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_company_idx" ON "campaigns" USING btree ("company_id","year");