ALTER TABLE "photos" ADD COLUMN "tiles" varchar(10) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "tiles_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "tiles_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "photos_tiles_todo_idx" ON "photos" USING btree ("id") WHERE "photos"."tiles" in ('pending', 'working');--> statement-breakpoint
-- photos uploaded before deep zoom: the large images go to the backfill (a viewer asking first puts one ahead)
UPDATE "photos" SET "tiles" = 'pending' WHERE "derivatives" <> 'none' AND greatest("width", "height") > 2048;
