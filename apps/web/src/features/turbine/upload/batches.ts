import { UPLOAD_BATCH } from '@windscope/contract';

/** Spec §7/§9: blade photos go 3 files per request. */
export function bladeBatches<F>(files: readonly F[], perBatch: number = UPLOAD_BATCH.bladeFiles): F[][] {
  const batches: F[][] = [];
  for (let i = 0; i < files.length; i += perBatch) batches.push(files.slice(i, i + perBatch));
  return batches;
}

/** Spec §7/§9: category photos go at most 2 files and 20 MB per request (a larger single file goes alone). */
export function categoryBatches<F extends { size: number }>(
  files: readonly F[],
  maxFiles: number = UPLOAD_BATCH.categoryFiles,
  maxBytes: number = UPLOAD_BATCH.categoryBytes,
): F[][] {
  const batches: F[][] = [];
  let current: F[] = [];
  let bytes = 0;
  for (const file of files) {
    if (current.length > 0 && (current.length >= maxFiles || bytes + file.size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Spreads a batch request's progress (whole multipart body) over its files in body order: the bytes of each file
 *  sent so far, from the upload progress events. */
export function fileProgressInBatch(sizes: readonly number[], loaded: number, total: number): number[] {
  const content = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= 0 || content <= 0) return sizes.map(() => 0);
  const sent = loaded >= total ? content : (Math.min(loaded, total) / total) * content;
  let offset = 0;
  return sizes.map((size) => {
    const done = Math.max(0, Math.min(size, sent - offset));
    offset += size;
    return done;
  });
}
