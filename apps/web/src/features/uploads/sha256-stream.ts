import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * SHA-256 of a file read slice by slice, with @noble/hashes (audited, pure JavaScript, incremental). Pure JavaScript
 * because the app's Content-Security-Policy (`script-src 'self'`) allows no WebAssembly. A 10 GB card is hashed without
 * holding more than a slice of it.
 */

/** Bytes read at a time. */
export const HASH_SLICE_BYTES = 4 * 1024 * 1024;

/** SHA-256 of a file or blob, read slice by slice, lower-case hex. */
export async function sha256OfBlob(blob: Blob, slice = HASH_SLICE_BYTES): Promise<string> {
  const hasher = sha256.create();
  for (let start = 0; start < blob.size; start += slice) {
    hasher.update(new Uint8Array(await blob.slice(start, Math.min(blob.size, start + slice)).arrayBuffer()));
  }
  return bytesToHex(hasher.digest());
}
