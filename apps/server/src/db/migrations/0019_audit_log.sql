CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"actor_id" integer,
	"actor_email" varchar(254),
	"actor_role" varchar(20),
	"company_id" integer,
	"target_type" varchar(20),
	"target_id" varchar(64),
	"target_label" varchar(300),
	"details" jsonb,
	"ip" varchar(64),
	"user_agent" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "audit_log" USING btree ("kind","id");--> statement-breakpoint
-- Hand-written (below), like finding_events' trigger of 0004: the audit log is append-only. UPDATE and TRUNCATE are
-- always refused; DELETE only of rows older than the cut-off the retention's own transaction sets
-- (set_config('windscope.audit_purge_before', …, true), audit/retention.ts), so an ordinary statement deletes nothing.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('windscope.audit_purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(cutoff, '') <> '' THEN
    IF OLD."created_at" < cutoff::timestamptz THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
