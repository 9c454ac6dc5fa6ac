-- Issue 27 item 1: turbine coordinates become a checked position. Every older text that contract parseCoordinates reads
-- (spaces, ; / or a space between, decimal commas, degree signs, N/S/E/W or K/G/D/B) is rewritten as plain
-- "latitude,longitude" (contract normalizeCoordinates: the same digits, trailing zeros dropped); a text that does not
-- read as a position is moved, unchanged, to coordinates_unreadable, which the turbine page and the edit form show to be
-- corrected (saving the turbine clears it). Blank text is none. Nothing is lost. The regular expression is geo.ts's PAIR
-- (coordinates-migration.test.ts checks both agree on many shapes).
UPDATE "turbines" SET "coordinates" = NULL WHERE "coordinates" IS NOT NULL AND "coordinates" ~ '^\s*$';
--> statement-breakpoint
WITH "read" AS (
  SELECT "id", "coordinates" AS "raw",
    regexp_match(
      regexp_replace("coordinates", '^\s+|\s+$', '', 'g'),
      '^([+-]?[0-9]{1,3}(?:[.,][0-9]+)?)\s*°?\s*([NSEWKGDBnsewkgdb])?\s*(?:[,;/]\s*|\s+)([+-]?[0-9]{1,3}(?:[.,][0-9]+)?)\s*°?\s*([NSEWKGDBnsewkgdb])?$'
    ) AS "m"
  FROM "turbines" WHERE "coordinates" IS NOT NULL
), "valued" AS (
  SELECT "id", "raw", "m",
    CASE WHEN "m" IS NULL THEN NULL ELSE replace("m"[1], ',', '.')::numeric END AS "lat",
    CASE WHEN "m" IS NULL THEN NULL ELSE replace("m"[3], ',', '.')::numeric END AS "lng"
  FROM "read"
), "signed" AS (
  SELECT "id", "raw",
    "m" IS NOT NULL
      AND ("m"[2] IS NULL OR "m"[2] ~* '^[NSKG]$')
      AND ("m"[4] IS NULL OR "m"[4] ~* '^[EWDB]$') AS "letters_fit",
    CASE WHEN "m"[2] ~* '^[SWGB]$' THEN -abs("lat") ELSE "lat" END AS "lat",
    CASE WHEN "m"[4] ~* '^[SWGB]$' THEN -abs("lng") ELSE "lng" END AS "lng"
  FROM "valued"
)
UPDATE "turbines" AS "t" SET
  "coordinates" = CASE WHEN "s"."letters_fit" AND abs("s"."lat") <= 90 AND abs("s"."lng") <= 180
    THEN trim_scale("s"."lat")::text || ',' || trim_scale("s"."lng")::text ELSE NULL END,
  "coordinates_unreadable" = CASE WHEN "s"."letters_fit" AND abs("s"."lat") <= 90 AND abs("s"."lng") <= 180
    THEN NULL ELSE "s"."raw" END
FROM "signed" AS "s" WHERE "s"."id" = "t"."id";
