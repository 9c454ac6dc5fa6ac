import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-driver.ts';
import { isStorageUnavailable, type StorageDriver } from './storage-driver.ts';

/** A loopback port nobody listens on */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });

// the system tests (system/storage-faults.test.ts) stop a real S3 server under a running app; this is the driver's part
describe('S3 storage that does not answer', () => {
  let storage: StorageDriver;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'windscope-s3-down-'));
    storage = createS3Storage(
      { endpoint: `http://127.0.0.1:${await closedPort()}`, bucket: 'b', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's' },
      dir,
    );
  });
  afterAll(async () => {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails writes, reads and listings with StorageUnavailableError', async () => {
    const attempts: (() => Promise<unknown>)[] = [
      () => storage.writeStream('turbines/1/a.bin', Readable.from([Buffer.from('bytes')])),
      () => storage.writeBuffer('turbines/1/b.bin', Buffer.from('bytes')),
      () => storage.read('turbines/1/a.bin'),
      () => storage.stat('turbines/1/a.bin'),
      () => storage.list('turbines/1/'),
      () => storage.delete('turbines/1/a.bin'),
    ];
    for (const attempt of attempts) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(isStorageUnavailable(error), String(error)).toBe(true);
    }
  });

  it("still reports the upload's own failure as it is, not as the storage's", async () => {
    const source = new Readable({
      read() {
        this.destroy(new Error('connection reset by the client'));
      },
    });
    await expect(storage.writeStream('turbines/1/c.bin', source)).rejects.toThrow(/connection reset by the client/);
  });
});
