import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createFsStorage } from './fs-driver.ts';
import { createS3Storage } from './s3-driver.ts';
import type { StorageDriver } from './storage-driver.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A source that sends some bytes, then fails like a client whose connection drops. */
function failingSource(bytesBeforeFailure: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(randomBytes(bytesBeforeFailure));
      } else {
        this.destroy(new Error('connection reset'));
      }
    },
  });
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(['fs', 's3'] as const)('%s storage driver', (kind) => {
  let storage: StorageDriver;
  let s3: TestS3Server | null = null;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'windscope-storage-'));
    if (kind === 's3') {
      s3 = await startS3Server();
      storage = createS3Storage(
        { endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        path.join(dir, 'scratch'),
      );
    } else {
      storage = createFsStorage(path.join(dir, 'files'));
    }
  });
  afterAll(async () => {
    await storage?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const staging = () => storage.list('.staging/');

  it('shows nothing under the key until commit, then the exact bytes', async () => {
    const bytes = randomBytes(300_000);
    const staged = await storage.writeStream('turbines/1/blade/2025/A/1/100-200-a.jpg', Readable.from([bytes]));
    expect(staged.size).toBe(bytes.length);
    expect(await storage.stat('turbines/1/blade/2025/A/1/100-200-a.jpg')).toBeNull();
    expect(await storage.list('turbines/1/')).toEqual([]);
    expect(readFileSync(await staged.localFile()).equals(bytes)).toBe(true);

    await staged.commit();
    const info = await storage.stat('turbines/1/blade/2025/A/1/100-200-a.jpg');
    expect(info?.size).toBe(bytes.length);
    expect(info?.etag).toMatch(/^".+"$/);
    const read = await storage.read('turbines/1/blade/2025/A/1/100-200-a.jpg');
    expect(sha(await readAll(read!.stream))).toBe(sha(bytes));
    expect(await staging()).toEqual([]);
  });

  it('reads a byte range', async () => {
    const bytes = randomBytes(10_000);
    await storage.writeBuffer('turbines/2/r.bin', bytes);
    const read = await storage.read('turbines/2/r.bin', { start: 100, end: 199 });
    expect(read?.info.size).toBe(10_000);
    expect((await readAll(read!.stream)).equals(bytes.subarray(100, 200))).toBe(true);
    expect(await storage.read('turbines/2/missing.bin')).toBeNull();
  });

  it('reads a small object whole, gives only the info of a larger one, and null for a missing one', async () => {
    if (!storage.readSmall) return; // optional: file serving falls back to stat() + read()
    const bytes = randomBytes(20_000);
    await storage.writeBuffer('turbines/6/t.webp', bytes);
    const small = await storage.readSmall('turbines/6/t.webp', 20_000);
    expect(small?.bytes?.equals(bytes)).toBe(true);
    expect(small?.info).toEqual(await storage.stat('turbines/6/t.webp'));
    const large = await storage.readSmall('turbines/6/t.webp', 19_999);
    expect(large?.bytes).toBeNull();
    expect(large?.info.size).toBe(20_000);
    await storage.writeBuffer('turbines/6/empty.bin', Buffer.alloc(0));
    expect((await storage.readSmall('turbines/6/empty.bin', 100))?.bytes?.length).toBe(0);
    expect(await storage.readSmall('turbines/6/missing.webp', 100)).toBeNull();
    expect(await storage.readSmall('turbines/6', 100)).toBeNull();
    await expect(storage.readSmall('../etc/passwd', 100)).rejects.toThrow(/unsafe storage key/);
  });

  it('leaves nothing behind when aborted or when the source fails midway', async () => {
    const staged = await storage.writeStream('turbines/3/x.bin', Readable.from([randomBytes(1000)]));
    await staged.abort();
    await staged.abort();
    await expect(storage.writeStream('turbines/3/y.bin', failingSource(64 * 1024))).rejects.toThrow(/connection reset/);
    expect(await storage.list('turbines/3/')).toEqual([]);
    expect(await staging()).toEqual([]);
  });

  it('streams a large object in parts intact', async () => {
    const bytes = randomBytes(13 * 1024 * 1024);
    const chunks = Array.from({ length: 13 }, (_, i) => bytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    const staged = await storage.writeStream('turbines/4/big.bin', Readable.from(chunks));
    await staged.commit();
    const read = await storage.read('turbines/4/big.bin');
    expect(sha(await readAll(read!.stream))).toBe(sha(bytes));
  });

  it('lists and deletes by prefix, and only that prefix', async () => {
    await storage.writeBuffer('turbines/5/a/1.bin', Buffer.from('1'));
    await storage.writeBuffer('turbines/5/b/2.bin', Buffer.from('2'));
    await storage.writeBuffer('turbines/50/keep.bin', Buffer.from('3'));
    expect(await storage.list('turbines/5/')).toEqual(['turbines/5/a/1.bin', 'turbines/5/b/2.bin']);
    expect(await storage.deleteByPrefix('turbines/5/')).toBe(2);
    expect(await storage.list('turbines/5/')).toEqual([]);
    expect(await storage.list('turbines/50/')).toEqual(['turbines/50/keep.bin']);
    await storage.delete('turbines/50/keep.bin');
    await storage.delete('turbines/50/keep.bin');
    expect(await storage.stat('turbines/50/keep.bin')).toBeNull();
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const key of ['../etc/passwd', 'turbines/../../x', '/abs', 'a//b', 'a/b\u0000c', 'ş.jpg', '']) {
      await expect(storage.stat(key)).rejects.toThrow(/unsafe storage key/);
    }
  });
});
