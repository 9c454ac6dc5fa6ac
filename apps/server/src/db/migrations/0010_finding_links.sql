CREATE TABLE "finding_link_dismissals" (
	"finding_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_link_dismissals_finding_id_target_id_pk" PRIMARY KEY("finding_id","target_id")
);
--> statement-breakpoint
ALTER TABLE "finding_link_dismissals" ADD CONSTRAINT "finding_link_dismissals_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_link_dismissals" ADD CONSTRAINT "finding_link_dismissals_target_id_findings_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_link_dismissals" ADD CONSTRAINT "finding_link_dismissals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_link_dismissals_target_idx" ON "finding_link_dismissals" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "findings_place_idx" ON "findings" USING btree ("turbine_id","blade","surface","distance_from_root_m");