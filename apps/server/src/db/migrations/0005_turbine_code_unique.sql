-- Hand-written: codes already used twice in one company (case and spaces aside) keep the oldest turbine's code;
-- the later ones get "-<id>" appended, so the unique index below can be built on any existing database.
UPDATE "turbines" AS t SET "code" = left(trim(t."code"), 60 - length('-' || t."id")) || '-' || t."id"
WHERE EXISTS (
  SELECT 1 FROM "turbines" AS older
  WHERE older."company_id" = t."company_id" AND lower(trim(older."code")) = lower(trim(t."code")) AND older."id" < t."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "turbines_company_code_unique" ON "turbines" USING btree ("company_id",lower(trim("code")));
