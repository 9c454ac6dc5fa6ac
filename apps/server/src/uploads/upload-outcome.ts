import type { UploadRejectionReason } from '@windscope/contract';

/** Refusals are worded by the contract (the web app words its own checks on selection the same way). */
export { describeRejections, type RefusedFile, type RejectionWording } from '@windscope/contract';

/** The status of an upload in which every file was refused, by the first file's reason. */
export const REJECTION_STATUS: Record<UploadRejectionReason, number> = {
  invalid_name: 400,
  duplicate_name: 409,
  unsupported_type: 415,
  not_pdf: 415,
  wrong_extension: 415,
  too_large: 413,
  too_many_pixels: 422,
  damaged: 422,
};
