DROP INDEX "findings_open_idx";--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "finding_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "open_severity_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "open_severity_2" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "open_severity_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "open_severity_4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "open_severity_5" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "findings_open_idx" ON "findings" USING btree ("turbine_id","due_date") WHERE "findings"."status" in ('confirmed', 'monitoring', 'repair_planned');--> statement-breakpoint
-- Hand-written (below). turbines.finding_version and open_severity_1..5 follow the turbine's findings, in the same
-- transaction as the change, whoever makes it (as photo_version and photo_count follow photos, migration 0001).
-- finding_version: the findings listing and the overlays of its photos are kept serialized per version. The open
-- counts per severity make the turbine list's health without reading findings: worst open severity and open count
-- come from them; only the overdue count reads findings (the overdue ones, a range of findings_open_idx).
-- Statement-level triggers with transition tables: a bulk change or a cascade updates each turbine once. The counts
-- move by differences (never recounted), so two transactions changing findings of one turbine at once both count.
-- Observations are added and removed together with an update of their finding, so these triggers cover them.
CREATE FUNCTION "findings_counted_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "turbines" t SET "finding_version" = t."finding_version" + 1,
    "open_severity_1" = t."open_severity_1" + d.s1, "open_severity_2" = t."open_severity_2" + d.s2,
    "open_severity_3" = t."open_severity_3" + d.s3, "open_severity_4" = t."open_severity_4" + d.s4,
    "open_severity_5" = t."open_severity_5" + d.s5
  FROM (
    SELECT c."turbine_id",
      count(*) FILTER (WHERE c."open" AND c."severity" = 1) AS s1, count(*) FILTER (WHERE c."open" AND c."severity" = 2) AS s2,
      count(*) FILTER (WHERE c."open" AND c."severity" = 3) AS s3, count(*) FILTER (WHERE c."open" AND c."severity" = 4) AS s4,
      count(*) FILTER (WHERE c."open" AND c."severity" = 5) AS s5
    FROM (SELECT "turbine_id", "severity", "status" IN ('confirmed', 'monitoring', 'repair_planned') AS "open" FROM new_rows) c
    GROUP BY c."turbine_id"
  ) d WHERE t."id" = d."turbine_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "findings_counted_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "turbines" t SET "finding_version" = t."finding_version" + 1,
    "open_severity_1" = t."open_severity_1" - d.s1, "open_severity_2" = t."open_severity_2" - d.s2,
    "open_severity_3" = t."open_severity_3" - d.s3, "open_severity_4" = t."open_severity_4" - d.s4,
    "open_severity_5" = t."open_severity_5" - d.s5
  FROM (
    SELECT c."turbine_id",
      count(*) FILTER (WHERE c."open" AND c."severity" = 1) AS s1, count(*) FILTER (WHERE c."open" AND c."severity" = 2) AS s2,
      count(*) FILTER (WHERE c."open" AND c."severity" = 3) AS s3, count(*) FILTER (WHERE c."open" AND c."severity" = 4) AS s4,
      count(*) FILTER (WHERE c."open" AND c."severity" = 5) AS s5
    FROM (SELECT "turbine_id", "severity", "status" IN ('confirmed', 'monitoring', 'repair_planned') AS "open" FROM old_rows) c
    GROUP BY c."turbine_id"
  ) d WHERE t."id" = d."turbine_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "findings_counted_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "turbines" t SET "finding_version" = t."finding_version" + 1,
    "open_severity_1" = t."open_severity_1" + d.s1, "open_severity_2" = t."open_severity_2" + d.s2,
    "open_severity_3" = t."open_severity_3" + d.s3, "open_severity_4" = t."open_severity_4" + d.s4,
    "open_severity_5" = t."open_severity_5" + d.s5
  FROM (
    SELECT c."turbine_id",
      coalesce(sum(c."delta") FILTER (WHERE c."open" AND c."severity" = 1), 0) AS s1,
      coalesce(sum(c."delta") FILTER (WHERE c."open" AND c."severity" = 2), 0) AS s2,
      coalesce(sum(c."delta") FILTER (WHERE c."open" AND c."severity" = 3), 0) AS s3,
      coalesce(sum(c."delta") FILTER (WHERE c."open" AND c."severity" = 4), 0) AS s4,
      coalesce(sum(c."delta") FILTER (WHERE c."open" AND c."severity" = 5), 0) AS s5
    FROM (
      SELECT "turbine_id", "severity", "status" IN ('confirmed', 'monitoring', 'repair_planned') AS "open", 1 AS "delta" FROM new_rows
      UNION ALL
      SELECT "turbine_id", "severity", "status" IN ('confirmed', 'monitoring', 'repair_planned'), -1 FROM old_rows
    ) c
    GROUP BY c."turbine_id"
  ) d WHERE t."id" = d."turbine_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "findings_counted_insert" AFTER INSERT ON "findings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "findings_counted_insert"();--> statement-breakpoint
CREATE TRIGGER "findings_counted_delete" AFTER DELETE ON "findings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "findings_counted_delete"();--> statement-breakpoint
CREATE TRIGGER "findings_counted_update" AFTER UPDATE ON "findings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "findings_counted_update"();--> statement-breakpoint
-- findings stored before this migration
UPDATE "turbines" t SET
  "open_severity_1" = c.s1, "open_severity_2" = c.s2, "open_severity_3" = c.s3, "open_severity_4" = c.s4, "open_severity_5" = c.s5
FROM (
  SELECT "turbine_id",
    count(*) FILTER (WHERE "severity" = 1) AS s1, count(*) FILTER (WHERE "severity" = 2) AS s2, count(*) FILTER (WHERE "severity" = 3) AS s3,
    count(*) FILTER (WHERE "severity" = 4) AS s4, count(*) FILTER (WHERE "severity" = 5) AS s5
  FROM "findings" WHERE "status" IN ('confirmed', 'monitoring', 'repair_planned') GROUP BY "turbine_id"
) c WHERE t."id" = c."turbine_id";
