import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { sha256OfBlob } from './sha256-stream.ts';

describe('streamed SHA-256', () => {
  it('equals the SHA-256 of the whole file, reading it slice by slice', async () => {
    const bytes = new Uint8Array(1_000_003).map((_, i) => (i * 31) % 251);
    const blob = new Blob([bytes]);
    const slice = vi.spyOn(blob, 'slice');
    const expected = createHash('sha256').update(bytes).digest('hex');
    expect(await sha256OfBlob(blob, 64 * 1024)).toBe(expected);
    expect(slice).toHaveBeenCalledTimes(Math.ceil(bytes.length / (64 * 1024)));
    expect(await sha256OfBlob(new Blob([]))).toBe(createHash('sha256').digest('hex'));
  });
});
