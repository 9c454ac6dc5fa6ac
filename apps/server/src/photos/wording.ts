import { PHOTO_REJECTION_CODES } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { sendUploadOutcome } from '../uploads/upload-reply.ts';

/** The messages of photo uploads: a refused file's reason worded as the spec says (multipart and tus routes alike). */
export function photoWording(ctx: AppContext) {
  return {
    storedCode: 'PHOTOS_UPLOADED',
    noFilesCode: 'PHOTO_UPLOAD_NO_FILES',
    codes: PHOTO_REJECTION_CODES,
    params: { limit: Number((ctx.config.limits.photoBytes / 1024 / 1024).toFixed(1)), megapixels: ctx.config.limits.maxMegapixels },
  } as const satisfies Parameters<typeof sendUploadOutcome>[3];
}
