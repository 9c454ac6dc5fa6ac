import type { UploadRejectionReason } from '@windscope/contract';

/** One file of an upload refused for a reason the client can fix; the rest of the upload goes on. */
export class UploadRejectedError extends Error {
  constructor(readonly reason: UploadRejectionReason) {
    super(`upload rejected: ${reason}`);
    this.name = 'UploadRejectedError';
  }
}

export const isUploadRejection = (error: unknown): error is UploadRejectedError => error instanceof UploadRejectedError;
