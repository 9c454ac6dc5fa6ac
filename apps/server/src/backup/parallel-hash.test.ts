import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ChecksumThreadFailed, ParallelHasher } from './parallel-hash.ts';

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

describe('the checksum thread (backup and restore)', () => {
  it('gives the SHA-256 of each stream, many streams at once, through more bytes than its ring holds', async () => {
    const hasher = new ParallelHasher();
    try {
      // 150 MB through the 64 MB ring, in pieces that wrap around its end
      const a = randomBytes(5_000_003);
      const b = randomBytes(100_000);
      const one = hasher.start();
      const two = hasher.start();
      const empty = hasher.start();
      for (let i = 0; i < 30; i++) await hasher.update(one, a);
      await hasher.update(two, b);
      // the caller may change its buffer once update() is done: the thread hashes its copy
      const c = Buffer.from(b);
      await hasher.update(two, c);
      c.fill(0);
      const digests = await Promise.all([hasher.digest(one), hasher.digest(two), hasher.digest(empty)]);
      expect(digests).toEqual([sha256(...Array(30).fill(a)), sha256(b, b), sha256()]);
    } finally {
      await hasher.close();
    }
  });

  it('a thread that fails rejects every digest not yet given, and every later call', async () => {
    const hasher = new ParallelHasher();
    try {
      const id = hasher.start();
      await hasher.update(id, Buffer.alloc(1 << 20));
      hasher.crashForTest();
      const digest = hasher.digest(id);
      await expect(digest).rejects.toBeInstanceOf(ChecksumThreadFailed);
      await expect(digest).rejects.toThrow(/the checksum thread failed: the hashing thread was told to fail/);
      expect(() => hasher.start()).toThrow(ChecksumThreadFailed);
      await expect(hasher.update(id, Buffer.alloc(1))).rejects.toBeInstanceOf(ChecksumThreadFailed);
    } finally {
      await hasher.close();
    }
  });
});
