ALTER TABLE "finding_escalations" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
-- escalation e-mails waiting from before bundles (one row per escalation and recipient): one row per recipient, which
-- carries all of them, so the unique index below can be made
WITH "waiting" AS (
	SELECT "id", "params"->>'userId' AS "uid", coalesce("params"->'escalationIds', jsonb_build_array("params"->'escalationId')) AS "ids"
	FROM "mail_outbox" WHERE "kind" = 'escalation' AND "status" = 'pending' AND "attempts" = 0
), "kept" AS (
	SELECT "uid", min("id") AS "id", jsonb_agg("e" ORDER BY "e") AS "ids" FROM "waiting", jsonb_array_elements("waiting"."ids") AS "e" GROUP BY "uid"
), "merged" AS (
	UPDATE "mail_outbox" AS "o" SET "params" = jsonb_build_object('userId', "o"."params"->'userId', 'escalationIds', "kept"."ids")
	FROM "kept" WHERE "o"."id" = "kept"."id" RETURNING "o"."id"
)
DELETE FROM "mail_outbox" AS "o" USING "waiting" AS "w", "kept" AS "k" WHERE "o"."id" = "w"."id" AND "w"."uid" = "k"."uid" AND "o"."id" <> "k"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_escalation_waiting_unique" ON "mail_outbox" USING btree (("params"->>'userId')) WHERE "mail_outbox"."kind" = 'escalation' and "mail_outbox"."status" = 'pending' and "mail_outbox"."attempts" = 0;--> statement-breakpoint
CREATE INDEX "mail_outbox_escalation_recipient_idx" ON "mail_outbox" USING btree (("params"->>'userId'),"next_attempt_at") WHERE "mail_outbox"."kind" = 'escalation';