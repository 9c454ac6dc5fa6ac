-- Issue 25 item 3 (DECISIONS §16): a .pcd point cloud gets a thumbnail and preview too (top-down projections made by
-- the derivative queue, media/point-cloud.ts). Clouds stored before this had none ('none'): queue them.
UPDATE "photos" SET "derivatives" = 'pending', "derivatives_claimed_at" = NULL
WHERE "mime_type" = 'application/x-pcd' AND "derivatives" = 'none';
