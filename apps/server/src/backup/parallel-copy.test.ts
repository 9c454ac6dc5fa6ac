import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CopyFailed, CopyThreadFailed, ParallelCopier } from './parallel-copy.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const work = mkdtempSync(path.join(tmpdir(), 'windscope-copy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the copying threads (backup and restore)', () => {
  it('copies files into places of one archive and ranges of it out into new files, each with its SHA-256', async () => {
    const copier = new ParallelCopier();
    try {
      // larger than a read, odd sizes, an empty one; the second read from where a deletion moved it
      const files = [randomBytes(3_000_001), randomBytes(1_234), Buffer.alloc(0), randomBytes(700_000)];
      const paths = files.map((bytes, i) => {
        const file = path.join(work, `in-${i}`);
        writeFileSync(file, bytes);
        return file;
      });
      const archive = path.join(work, 'archive');
      writeFileSync(archive, '');
      const offsets: number[] = [];
      let at = 0;
      for (const bytes of files) {
        offsets.push(at);
        at += 3 + bytes.length + 5;
      }
      const into = await Promise.all(
        files.map((bytes, i) =>
          copier.copy({
            from: { paths: i === 1 ? [path.join(work, 'gone'), paths[1] as string] : [paths[i] as string] },
            to: { archive, offset: offsets[i] ?? 0, head: Buffer.from('hd:') },
            size: bytes.length,
          }),
        ),
      );
      expect(into).toEqual(files.map(sha256));
      const written = readFileSync(archive);
      for (const [i, bytes] of files.entries())
        expect(written.subarray((offsets[i] ?? 0) + 3, (offsets[i] ?? 0) + 3 + bytes.length).equals(bytes)).toBe(true);

      const out = await Promise.all(
        files.map((bytes, i) =>
          copier.copy({
            from: { archive, offset: (offsets[i] ?? 0) + 3 },
            to: { file: path.join(work, 'out', `${i}`, 'file') },
            size: bytes.length,
          }),
        ),
      );
      expect(out).toEqual(files.map(sha256));
      for (const [i, bytes] of files.entries()) expect(readFileSync(path.join(work, 'out', `${i}`, 'file')).equals(bytes)).toBe(true);

      // a file of another size than listed, an archive shorter than the range, a missing file, a target that exists:
      // each copy fails with the reason
      await expect(copier.copy({ from: { paths: [paths[1] as string] }, to: { archive, offset: 0 }, size: 5_000 })).rejects.toMatchObject({
        code: 'CHANGED',
      });
      await expect(copier.copy({ from: { paths: [paths[1] as string] }, to: { archive, offset: 0 }, size: 1_000 })).rejects.toMatchObject({
        code: 'CHANGED',
      });
      await expect(
        copier.copy({ from: { archive, offset: written.length - 10 }, to: { file: path.join(work, 'short') }, size: 20 }),
      ).rejects.toMatchObject({ code: 'SHORT' });
      const missing = copier.copy({ from: { paths: [path.join(work, 'gone')] }, to: { archive, offset: 0 }, size: 1 });
      await expect(missing).rejects.toBeInstanceOf(CopyFailed);
      await expect(missing).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(
        copier.copy({ from: { archive, offset: 0 }, to: { file: path.join(work, 'out', '0', 'file') }, size: 1 }),
      ).rejects.toMatchObject({ code: 'EEXIST' });
    } finally {
      await copier.close();
    }
  });

  it('a thread that fails rejects every copy not yet done and every later one; close() stops the queued ones', async () => {
    const copier = new ParallelCopier(2);
    const big = path.join(work, 'big');
    writeFileSync(big, randomBytes(8 << 20));
    const jobs = Array.from({ length: 40 }, (_, i) =>
      copier.copy({ from: { paths: [big] }, to: { file: path.join(work, 'many', `${i}`) }, size: 8 << 20 }),
    );
    copier.crashForTest();
    const results = await Promise.allSettled(jobs);
    await copier.close();
    const failed = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.some((e) => e instanceof CopyThreadFailed && /told to fail/.test(e.message))).toBe(true);
    await expect(copier.copy({ from: { paths: [big] }, to: { file: path.join(work, 'later') }, size: 1 })).rejects.toBeInstanceOf(
      CopyThreadFailed,
    );
    expect(existsSync(path.join(work, 'later'))).toBe(false);
    // the queued ones stopped before they began: far fewer than 40 files were made
    const made = results.filter((r) => r.status === 'fulfilled').length;
    expect(made).toBeLessThan(40);
  });
});
