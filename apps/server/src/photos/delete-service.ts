import { and, eq } from 'drizzle-orm';
import { type Actor, can } from '@windscope/contract';
import { recordAudit } from '../audit/record.ts';
import type { AppContext } from '../context.ts';
import { photos } from '../db/schema.ts';
import { forbidden, isForeignKeyViolation, notFound } from '../http/errors.ts';
import { MEDIA_KINDS } from '../media/media-types.ts';
import { isSafeKey } from '../storage/storage-driver.ts';
import { assertPhotoNotObserved } from '../findings/observations.ts';
import { getTurbine } from '../turbines/service.ts';
import { cloudKeyOf, previewKeyOf, thumbnailKeyOf, tilePrefixOf } from '../uploads/storage-keys.ts';

/** DELETE /turbines/{id}/photos?key=: managers and superadmin, or the operator who uploaded it (DECISIONS §1).
 *  The row goes in a transaction that commits only once its files are deleted, so a storage failure leaves both. */
export async function deletePhoto(ctx: AppContext, actor: Actor, turbineId: number, key: string): Promise<void> {
  const turbine = await getTurbine(ctx, actor, turbineId);
  // every stored key is a safe key: anything else names no photo (and never reaches the database)
  if (!isSafeKey(key)) throw notFound('PHOTO_NOT_FOUND');
  const [photo] = await ctx.db
    .select()
    .from(photos)
    .where(and(eq(photos.turbineId, turbineId), eq(photos.storageKey, key)))
    .limit(1);
  if (!photo) throw notFound('PHOTO_NOT_FOUND');
  if (!can(actor, 'photo.delete', { companyId: turbine.company_id, ownerId: photo.uploadedBy })) throw forbidden();
  // a finding's observation points to it (§12): 409 naming the findings (the foreign key backs this up)
  await assertPhotoNotObserved(ctx.db, photo.id);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(photos).where(eq(photos.id, photo.id));
      await recordAudit(tx, {
        at: ctx.now(),
        actor,
        kind: 'photo_deleted',
        companyId: turbine.company_id,
        target: { type: 'photo', id: photo.id, label: photo.originalName },
        details: { turbine_id: turbineId },
      });
      // derived images by their fixed keys, made yet or not (the queue removes what it makes for a deleted photo)
      const keys = [photo.storageKey, thumbnailKeyOf(photo.storageKey), previewKeyOf(photo.storageKey)];
      // a point cloud's decimated copy (DECISIONS §16)
      if (photo.mimeType === MEDIA_KINDS.pcd.mime) keys.push(cloudKeyOf(photo.storageKey));
      for (const fileKey of keys) await ctx.storage.delete(fileKey);
      // the Deep Zoom pyramid, whole or part-made (DECISIONS §16)
      await ctx.storage.deleteByPrefix(tilePrefixOf(photo.storageKey));
    });
  } catch (error) {
    // an observation added since the check above
    if (isForeignKeyViolation(error)) await assertPhotoNotObserved(ctx.db, photo.id);
    throw error;
  }
}
