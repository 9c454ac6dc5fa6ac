import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * SHA-256 of a file read as a stream, with @noble/hashes (audited, pure JavaScript, incremental). Pure JavaScript
 * because the app's Content-Security-Policy (`script-src 'self'`) allows no WebAssembly. A 10 GB card is hashed without
 * holding more than a slice of it, and without making garbage: where the browser's file stream takes a buffer of ours
 * (a BYOB reader, Chromium's and Firefox's Blob.stream()), every piece is read into the same one; a memory card's worth
 * of 4 MB slices, each a new ArrayBuffer, kept the tab's memory high until a collection caught up.
 */

/** Bytes read at a time. */
export const HASH_SLICE_BYTES = 1024 * 1024;

/** SHA-256 of a file or blob, streamed, lower-case hex. */
export async function sha256OfBlob(blob: Blob, slice = HASH_SLICE_BYTES): Promise<string> {
  const hasher = sha256.create();
  const stream = blob.stream();
  let byob: ReadableStreamBYOBReader | null = null;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch {
    byob = null; // not a byte stream here: its own pieces are read
  }
  if (byob) {
    let buffer: ArrayBuffer = new ArrayBuffer(slice);
    for (;;) {
      const { value, done } = await byob.read(new Uint8Array(buffer));
      if (done || !value) break;
      hasher.update(value);
      buffer = value.buffer as ArrayBuffer; // the same memory, handed back by the stream
    }
  } else {
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      hasher.update(value);
    }
  }
  return bytesToHex(hasher.digest());
}
