ALTER TABLE "photos" ADD COLUMN "derivatives" varchar(10) DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "derivatives_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "photo_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "photo_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "photos_turbine_created_idx" ON "photos" USING btree ("turbine_id","created_at","id");--> statement-breakpoint
CREATE INDEX "photos_derivatives_todo_idx" ON "photos" USING btree ("id") WHERE "photos"."derivatives" in ('pending', 'working');--> statement-breakpoint
-- photos stored before the queue existed: their derivatives were made at upload (or their kind has none)
UPDATE "photos" SET "derivatives" = CASE WHEN "thumbnail_key" IS NOT NULL THEN 'ready' WHEN "mime_type" = 'application/x-pcd' THEN 'none' ELSE 'pending' END;--> statement-breakpoint
UPDATE "turbines" SET "photo_count" = (SELECT count(*) FROM "photos" WHERE "photos"."turbine_id" = "turbines"."id");--> statement-breakpoint
-- turbines.photo_count and photo_version follow photos, in the same transaction as the change, whoever makes it.
-- Statement-level triggers with transition tables: a bulk insert or a cascade updates each turbine once.
CREATE FUNCTION "photos_counted_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "turbines" t SET "photo_count" = t."photo_count" + n.c, "photo_version" = t."photo_version" + 1
  FROM (SELECT "turbine_id", count(*) AS c FROM new_rows GROUP BY "turbine_id") n WHERE t."id" = n."turbine_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "photos_counted_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "turbines" t SET "photo_count" = t."photo_count" - o.c, "photo_version" = t."photo_version" + 1
  FROM (SELECT "turbine_id", count(*) AS c FROM old_rows GROUP BY "turbine_id") o WHERE t."id" = o."turbine_id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- an update changes a listing only when it moves a photo or changes its uploader (a deleted user sets it to null);
-- the derivative queue's updates leave the listing as it was
CREATE FUNCTION "photos_counted_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "turbines" t SET "photo_count" = t."photo_count" + d.delta, "photo_version" = t."photo_version" + 1
  FROM (
    SELECT c."turbine_id", sum(c.delta) AS delta FROM (
      SELECT n."turbine_id", 1 AS delta FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE n."turbine_id" <> o."turbine_id" OR n."uploaded_by" IS DISTINCT FROM o."uploaded_by"
          OR n."original_name" <> o."original_name" OR n."storage_key" <> o."storage_key"
      UNION ALL
      SELECT o."turbine_id", -1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE n."turbine_id" <> o."turbine_id" OR n."uploaded_by" IS DISTINCT FROM o."uploaded_by"
          OR n."original_name" <> o."original_name" OR n."storage_key" <> o."storage_key"
    ) c GROUP BY c."turbine_id"
  ) d WHERE t."id" = d."turbine_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "photos_counted_insert" AFTER INSERT ON "photos" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "photos_counted_insert"();--> statement-breakpoint
CREATE TRIGGER "photos_counted_delete" AFTER DELETE ON "photos" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "photos_counted_delete"();--> statement-breakpoint
CREATE TRIGGER "photos_counted_update" AFTER UPDATE ON "photos" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "photos_counted_update"();
