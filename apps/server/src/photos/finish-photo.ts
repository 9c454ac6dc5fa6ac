import { needsTilePyramid } from '../media/tile-pyramid.ts';
import type { PhotoUploadFields } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { photos } from '../db/schema.ts';
import { readCaptureInfo } from '../media/exif.ts';
import { ImageRejectedError, makeDerivatives, readImageSize } from '../media/images.ts';
import { imageCompleteness } from '../media/completeness.ts';
import { MEDIA_KINDS } from '../media/media-types.ts';
import { type DerivativeState, storeDerivatives } from './derivative-queue.ts';
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

/** Fewer bytes than one per this many pixels (two bits per 8x8 block) cannot hold a Huffman-coded JPEG's image: one DC
 *  code and one end-of-block code of at least a bit each per block. A file that small is mostly a header claiming
 *  pixels it has not got (265 bytes claiming 20000 x 20000 passed the pixel check and never decoded) or, rarely, an
 *  image that compresses extremely well (a flat PNG or WebP). It is decoded at upload, as a TIFF is (bounded by the
 *  pixel limit and the decode slots; a header alone fails at once), and refused (422 damaged) when it does not decode.
 *  Real photos carry ten times more bytes and keep their deferred decode. */
const PIXELS_PER_BYTE_AT_MOST = 256;
const tooFewBytesForItsPixels = (size: number, image: { width: number; height: number }) =>
  size * PIXELS_PER_BYTE_AT_MOST < image.width * image.height;

/** After the bytes are staged: check the image header (pixel limit, before any decoding) and that the file is whole,
 *  read EXIF, then commit the original. Thumbnail and preview are left to the derivative queue (derivatives 'pending'),
 *  so an upload costs little more than its bytes; an image whose completeness cannot be told from its last bytes
 *  (TIFF, data after a JPEG's end), or whose file is too small for the pixels it claims, is decoded here instead, and
 *  refused when it does not decode.
 *  On any failure everything written is removed and the error thrown. */
export async function finishPhoto(ctx: AppContext, received: ReceivedFile, meta: PhotoMeta): Promise<PhotoDraft> {
  const { staged } = received;
  const written: string[] = [];
  const maxMegapixels = ctx.config.limits.maxMegapixels;
  try {
    let image: { width: number; height: number } | null = null;
    let capture: Awaited<ReturnType<typeof readCaptureInfo>> = { takenAt: null, gps: null };
    let derivatives: Awaited<ReturnType<typeof makeDerivatives>> | null = null;
    let state: DerivativeState = 'none';
    if (MEDIA_KINDS[received.kind].image) {
      const file = await staged.localFile();
      image = await readImageSize(file, maxMegapixels);
      const whole = imageCompleteness(received.kind, received.first, received.last, received.size);
      if (whole === 'cut') throw new ImageRejectedError('damaged');
      if (whole === 'unknown' || tooFewBytesForItsPixels(received.size, image))
        [derivatives, capture] = await Promise.all([makeDerivatives(file, maxMegapixels), readCaptureInfo(file)]);
      else capture = await readCaptureInfo(file);
      state = derivatives ? 'ready' : 'pending';
    } else if (MEDIA_KINDS[received.kind].derived) {
      // a point cloud's thumbnail and preview (top-down projections) are the queue's too (media/point-cloud.ts)
      state = 'pending';
    }
    await staged.commit();
    written.push(staged.key);
    if (derivatives) written.push(thumbnailKeyOf(staged.key), previewKeyOf(staged.key));
    const derived = derivatives ? await storeDerivatives(ctx.storage, staged.key, derivatives) : null;
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
        thumbnailKey: derived?.thumbnailKey ?? null,
        previewKey: derived?.previewKey ?? null,
        derivatives: state,
        // a large image's Deep Zoom pyramid is made in the background (tile-queue.ts)
        tiles: image && needsTilePyramid(image.width, image.height) ? 'pending' : 'none',
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
