import type { PhotoUploadFields } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { photos } from '../db/schema.ts';
import { readCaptureInfo } from '../media/exif.ts';
import { ImageRejectedError, makeDerivatives, readImageSize } from '../media/images.ts';
import { MEDIA_KINDS } from '../media/media-types.ts';
import type { ReceivedFile } from '../uploads/receive-file.ts';
import { previewKeyOf, thumbnailKeyOf } from '../uploads/storage-keys.ts';
import { UploadRejectedError } from '../uploads/upload-rejection.ts';

/** A photo whose bytes are stored and committed, waiting for its database row. */
export interface PhotoDraft {
  values: typeof photos.$inferInsert;
  /** every storage key written for it: original, thumbnail, preview */
  keys: string[];
}

export interface PhotoMeta {
  turbineId: number;
  fields: PhotoUploadFields;
  originalName: string;
  uploadedBy: number;
  now: Date;
}

/** After the bytes are staged: check the image header (pixel limit) before decoding, derive the thumbnail and preview
 *  (which proves the image decodes), read EXIF, then commit the original and write the derivatives.
 *  On any failure everything written is removed and the error thrown. */
export async function finishPhoto(ctx: AppContext, received: ReceivedFile, meta: PhotoMeta): Promise<PhotoDraft> {
  const { staged } = received;
  const written: string[] = [];
  const maxMegapixels = ctx.config.limits.maxMegapixels;
  try {
    let image: { width: number; height: number } | null = null;
    let capture: Awaited<ReturnType<typeof readCaptureInfo>> = { takenAt: null, gps: null };
    let derivatives: Awaited<ReturnType<typeof makeDerivatives>> | null = null;
    if (MEDIA_KINDS[received.kind].image) {
      const file = await staged.localFile();
      image = await readImageSize(file, maxMegapixels);
      [derivatives, capture] = await Promise.all([makeDerivatives(file, maxMegapixels), readCaptureInfo(file)]);
    }
    await staged.commit();
    written.push(staged.key);
    const thumbnailKey = derivatives ? thumbnailKeyOf(staged.key) : null;
    const previewKey = derivatives ? previewKeyOf(staged.key) : null;
    if (derivatives && thumbnailKey && previewKey) {
      written.push(thumbnailKey, previewKey);
      await Promise.all([
        ctx.storage.writeBuffer(thumbnailKey, derivatives.thumbnail, { contentType: 'image/webp' }),
        ctx.storage.writeBuffer(previewKey, derivatives.preview, { contentType: 'image/webp' }),
      ]);
    }
    const { fields } = meta;
    const taken = capture.takenAt;
    return {
      keys: written,
      values: {
        turbineId: meta.turbineId,
        storageKey: staged.key,
        originalName: meta.originalName,
        room: fields.room ?? null,
        blade: fields.blade,
        category: fields.category ?? null,
        year: fields.year,
        // the month of capture when it falls in the chosen year, else the month of upload
        month: (taken && taken.getUTCFullYear() === fields.year ? taken : meta.now).getUTCMonth() + 1,
        sizeBytes: received.size,
        mimeType: MEDIA_KINDS[received.kind].mime,
        sha256: received.sha256,
        width: image?.width ?? null,
        height: image?.height ?? null,
        takenAt: taken,
        gpsLatitude: capture.gps?.latitude ?? null,
        gpsLongitude: capture.gps?.longitude ?? null,
        thumbnailKey,
        previewKey,
        uploadedBy: meta.uploadedBy,
        createdAt: meta.now,
      },
    };
  } catch (error) {
    await staged.abort().catch(() => {});
    await Promise.allSettled(written.map((key) => ctx.storage.delete(key)));
    throw error instanceof ImageRejectedError ? new UploadRejectedError(error.reason) : error;
  }
}
