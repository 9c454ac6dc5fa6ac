ALTER TABLE "turbines" ADD COLUMN "finding_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (below): turbines.finding_version follows the turbine's findings, in the same transaction as the
-- change, whoever makes it (as photo_version follows photos, migration 0001). The findings listing and the overlays
-- of its photos are kept serialized per version. Statement-level triggers with transition tables: a bulk change or a
-- cascade updates each turbine once. Observations are added and removed together with an update of their finding
-- (its count, years, severity and version), so the findings triggers cover them.
CREATE FUNCTION "findings_versioned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "turbines" t SET "finding_version" = t."finding_version" + 1
  FROM (SELECT DISTINCT "turbine_id" FROM changed_rows) c WHERE t."id" = c."turbine_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "findings_versioned_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "turbines" t SET "finding_version" = t."finding_version" + 1
  FROM (SELECT "turbine_id" FROM new_rows UNION SELECT "turbine_id" FROM old_rows) c WHERE t."id" = c."turbine_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "findings_versioned_insert" AFTER INSERT ON "findings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "findings_versioned"();--> statement-breakpoint
CREATE TRIGGER "findings_versioned_delete" AFTER DELETE ON "findings" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "findings_versioned"();--> statement-breakpoint
CREATE TRIGGER "findings_versioned_update" AFTER UPDATE ON "findings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "findings_versioned_update"();
