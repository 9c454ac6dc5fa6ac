import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ChecksumThreadFailed, ParallelHasher, sharedBuffer } from './parallel-hash.ts';

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

describe('the checksum thread (backup and restore)', () => {
  it('gives the SHA-256 of each stream, from shared buffers and from copies, many streams at once', async () => {
    const hasher = new ParallelHasher();
    try {
      const a = sharedBuffer(3 << 20);
      randomBytes(a.length).copy(a);
      const b = randomBytes(100_000); // not shared: copied
      const one = hasher.start();
      const two = hasher.start();
      const empty = hasher.start();
      hasher.update(one, a.subarray(0, 1000));
      hasher.update(two, b);
      hasher.update(one, a.subarray(1000));
      await hasher.room();
      const digests = await Promise.all([hasher.digest(one), hasher.digest(two), hasher.digest(empty)]);
      expect(digests).toEqual([sha256(a), sha256(b), sha256()]);
    } finally {
      await hasher.close();
    }
  });

  it('a thread that fails rejects every digest not yet given, and every later call', async () => {
    const hasher = new ParallelHasher();
    try {
      const id = hasher.start();
      hasher.update(id, sharedBuffer(1 << 20));
      hasher.crashForTest();
      const digest = hasher.digest(id);
      await expect(digest).rejects.toBeInstanceOf(ChecksumThreadFailed);
      await expect(digest).rejects.toThrow(/the checksum thread failed: the hashing thread was told to fail/);
      expect(() => hasher.start()).toThrow(ChecksumThreadFailed);
      expect(() => hasher.update(id, Buffer.alloc(1))).toThrow(ChecksumThreadFailed);
      await expect(hasher.room()).rejects.toBeInstanceOf(ChecksumThreadFailed);
    } finally {
      await hasher.close();
    }
  });
});
