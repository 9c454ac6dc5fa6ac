CREATE TABLE "list_versions" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "list_versions" ("name", "version") VALUES ('turbines', 0);--> statement-breakpoint
-- The turbine list shows turbine rows (photo_count included, kept by the photos triggers of 0001) and company names:
-- any statement that changes a row of either moves its version, in the same transaction. Statement-level, and only
-- when rows changed: the photos triggers run an UPDATE of turbines that often matches none (a thumbnail recorded).
-- A trigger with transition tables takes one event, hence one per event, all calling this function.
CREATE FUNCTION "turbine_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    INSERT INTO "list_versions" ("name", "version") VALUES ('turbines', 1)
      ON CONFLICT ("name") DO UPDATE SET "version" = "list_versions"."version" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "turbines_listed_insert" AFTER INSERT ON "turbines" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "turbine_list_changed"();--> statement-breakpoint
CREATE TRIGGER "turbines_listed_update" AFTER UPDATE ON "turbines" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "turbine_list_changed"();--> statement-breakpoint
CREATE TRIGGER "turbines_listed_delete" AFTER DELETE ON "turbines" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "turbine_list_changed"();--> statement-breakpoint
CREATE TRIGGER "companies_listed_update" AFTER UPDATE ON "companies" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "turbine_list_changed"();--> statement-breakpoint
CREATE TRIGGER "companies_listed_delete" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "turbine_list_changed"();
