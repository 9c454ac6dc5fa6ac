import type { UploadRejection } from '@windscope/contract';
import { CLIENT_ERROR_CODES, isApiError } from '../../../api/api-error.ts';
import type { UploadProgress } from '../../../api/upload.ts';
import { fileProgressInBatch } from './batches.ts';

export interface BatchAnswer<R> {
  stored: R[];
  rejected: UploadRejection[];
}

export interface RunBatchesOptions<F extends { size: number }, R> {
  batches: F[][];
  /** pause between two requests (category photos: 1 s) */
  pauseMs: number;
  send: (batch: F[], onProgress: (progress: UploadProgress) => void) => Promise<BatchAnswer<R>>;
  /** bytes of one file sent so far */
  onFileProgress: (file: F, loaded: number) => void;
  /** a proxy refused a request of several files as too large: they are sent again one by one */
  onSplit?: () => void;
  sleep?: (ms: number) => Promise<void>;
}

export interface RunBatchesResult<F, R> {
  stored: R[];
  /** files the server refused one by one in a batch it otherwise took */
  rejected: UploadRejection[];
  /** the server's message for each batch it refused as a whole (409 duplicates, 415 type, 413 size ...) */
  refusedMessages: string[];
  /** files the server answered for (stored or refused) */
  processed: F[];
  /** files never answered for because the run stopped */
  unsent: F[];
  /** files a proxy in front of the server refused as too large even alone: never stored, kept for another try */
  tooLarge: F[];
  /** why the run stopped: no connection, session gone (401), server failure (5xx) */
  fatal: unknown;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A 413 without our server's own answer: a proxy's body limit (nginx's client_max_body_size), not our refusal. */
export function isProxyTooLarge(error: unknown): boolean {
  return isApiError(error) && error.status === 413 && error.code === CLIENT_ERROR_CODES.http;
}

/** A refusal of this batch's files by the server; later batches may still go through. */
function isBatchRefusal(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403;
}

/** Sends the batches one after the other (spec §7), reporting real per-file progress from each request's upload events.
 *  A batch a proxy finds too large goes again one file per request; a file it refuses even alone is kept (tooLarge). */
export async function runBatches<F extends { size: number }, R>(options: RunBatchesOptions<F, R>): Promise<RunBatchesResult<F, R>> {
  const sleep = options.sleep ?? wait;
  const result: RunBatchesResult<F, R> = {
    stored: [],
    rejected: [],
    refusedMessages: [],
    processed: [],
    unsent: [],
    tooLarge: [],
    fatal: null,
  };
  const queue = [...options.batches];
  let requests = 0;
  for (let batch = queue.shift(); batch !== undefined; batch = queue.shift()) {
    if (result.fatal !== null) {
      result.unsent.push(...batch);
      continue;
    }
    if (requests > 0 && options.pauseMs > 0) await sleep(options.pauseMs);
    requests += 1;
    const files = batch;
    const sizes = batch.map((file) => file.size);
    try {
      const answer = await options.send(batch, ({ loaded, total }) => {
        const perFile = fileProgressInBatch(sizes, loaded, total);
        files.forEach((file, i) => {
          options.onFileProgress(file, perFile[i] ?? 0);
        });
      });
      for (const file of batch) options.onFileProgress(file, file.size);
      result.stored.push(...answer.stored);
      result.rejected.push(...answer.rejected);
      result.processed.push(...batch);
    } catch (error) {
      if (isProxyTooLarge(error)) {
        for (const file of batch) options.onFileProgress(file, 0);
        if (batch.length > 1) {
          queue.unshift(...batch.map((file) => [file]));
          options.onSplit?.();
        } else result.tooLarge.push(...batch);
      } else if (isBatchRefusal(error) && isApiError(error)) {
        result.refusedMessages.push(error.message);
        result.processed.push(...batch);
      } else {
        result.fatal = error;
        result.unsent.push(...batch);
      }
    }
  }
  return result;
}
