import type { AppContext } from '../context.ts';
import type { sendUploadOutcome } from '../uploads/upload-reply.ts';

/** The messages of photo uploads: a refused file's reason worded as the spec says (multipart and tus routes alike). */
export function photoWording(ctx: AppContext) {
  return {
    storedCode: 'PHOTOS_UPLOADED',
    noFilesCode: 'PHOTO_UPLOAD_NO_FILES',
    codes: {
      invalid_name: 'PHOTO_INVALID_NAMES',
      duplicate_name: 'PHOTO_DUPLICATE_NAMES',
      unsupported_type: 'PHOTO_UNSUPPORTED_TYPE',
      wrong_extension: 'PHOTO_WRONG_EXTENSION',
      too_large: 'PHOTO_TOO_LARGE',
      too_many_pixels: 'PHOTO_TOO_MANY_PIXELS',
      damaged: 'PHOTO_DAMAGED',
      not_pdf: 'PHOTO_UNSUPPORTED_TYPE',
    },
    params: { limit: Number((ctx.config.limits.photoBytes / 1024 / 1024).toFixed(1)), megapixels: ctx.config.limits.maxMegapixels },
  } as const satisfies Parameters<typeof sendUploadOutcome>[3];
}
