import { createSHA256 } from 'hash-wasm';

/** Bytes read at a time: a 10 GB card is hashed without ever holding more than this of it. */
export const HASH_SLICE_BYTES = 4 * 1024 * 1024;

/** SHA-256 of a file or blob, read slice by slice (hash-wasm's incremental hasher), lower-case hex. */
export async function sha256OfBlob(blob: Blob, slice = HASH_SLICE_BYTES): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  for (let start = 0; start < blob.size; start += slice) {
    const part = blob.slice(start, Math.min(blob.size, start + slice));
    hasher.update(new Uint8Array(await part.arrayBuffer()));
  }
  return hasher.digest('hex');
}
