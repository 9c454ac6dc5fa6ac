import { Blob as NodeBlob } from 'node:buffer';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256OfBlob } from './sha256-stream.ts';

const expected = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A blob whose stream is the given one (a browser whose Blob.stream() is, or is not, a byte stream). */
function blobStreaming(bytes: Uint8Array, piece: number, bytesStream: boolean) {
  const reads: number[] = [];
  let at = 0;
  const stream = bytesStream
    ? new ReadableStream({
        type: 'bytes',
        pull(controller) {
          const request = controller.byobRequest;
          if (at >= bytes.length) {
            controller.close();
            request?.respond(0);
            return;
          }
          const view = request?.view as Uint8Array;
          const n = Math.min(piece, view.byteLength, bytes.length - at);
          view.set(bytes.subarray(at, at + n));
          reads.push(n);
          at += n;
          request?.respond(n);
        },
      })
    : new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.length) return controller.close();
          const n = Math.min(piece, bytes.length - at);
          reads.push(n);
          controller.enqueue(bytes.slice(at, at + n));
          at += n;
        },
      });
  return { blob: { stream: () => stream, size: bytes.length } as unknown as Blob, reads };
}

describe('streamed SHA-256', () => {
  it('equals the SHA-256 of the whole file, read from a platform Blob stream', async () => {
    // jsdom's Blob has no stream(): Node's, which a browser's resembles
    const bytes = new Uint8Array(1_000_003).map((_, i) => (i * 31) % 251);
    expect(await sha256OfBlob(new NodeBlob([bytes]) as unknown as Blob, 64 * 1024)).toBe(expected(bytes));
    expect(await sha256OfBlob(new NodeBlob([]) as unknown as Blob)).toBe(expected(new Uint8Array()));
  });

  it('reads a byte stream into one buffer of its own, piece by piece, never more than a slice at a time', async () => {
    const bytes = new Uint8Array(300_007).map((_, i) => (i * 7) % 256);
    const { blob, reads } = blobStreaming(bytes, 50_000, true);
    expect(await sha256OfBlob(blob, 64 * 1024)).toBe(expected(bytes));
    expect(reads.length).toBe(Math.ceil(bytes.length / 50_000));
    expect(Math.max(...reads)).toBeLessThanOrEqual(64 * 1024);
  });

  it('reads a stream that takes no buffer of ours by its own pieces', async () => {
    const bytes = new Uint8Array(200_003).map((_, i) => (i * 13) % 256);
    const { blob, reads } = blobStreaming(bytes, 65_536, false);
    expect(await sha256OfBlob(blob)).toBe(expected(bytes));
    expect(reads.length).toBe(Math.ceil(bytes.length / 65_536));
  });

  it('is right at every length around the block and padding edges, read in odd pieces', async () => {
    for (const length of [1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 1000]) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 7 + length) % 256);
      expect(await sha256OfBlob(blobStreaming(bytes, 13, true).blob, 13)).toBe(expected(bytes));
      expect(await sha256OfBlob(blobStreaming(bytes, 13, false).blob)).toBe(expected(bytes));
    }
  });
});
