import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, formBody, makeJpeg, storedKeys } from '../../test/uploads.ts';

const year = new Date().getFullYear();

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(['fs', 's3'] as const)('a connection cut mid-upload (%s driver)', (storage) => {
  let t: TestApp;
  let token: string;
  let turbineId: number;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    token = await t.login(DEMO.egeOperator);
    [turbineId = 0] = await demoTurbineIds(t, token);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  const scratchFiles = () => {
    const dir = path.join(t.dataDir, 'tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  /** Sends the first `sentBytes` of the body, waits for `ready`, then destroys the socket as a dropped connection would. */
  async function sendAndCut(body: { payload: Buffer; headers: Record<string, string> }, sentBytes: number, ready: () => Promise<boolean>) {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/turbines/${turbineId}/photos`,
      headers: { ...body.headers, 'content-length': String(body.payload.length), authorization: `Bearer ${token}` },
    });
    const answered = new Promise<number | 'cut'>((resolve) => {
      request.on('response', (res) => resolve(res.statusCode ?? 0));
      request.on('error', () => resolve('cut'));
    });
    request.write(body.payload.subarray(0, sentBytes));
    await until(ready);
    request.destroy();
    expect(await answered).toBe('cut');
  }

  it('keeps no row and no file, even of a file of the same request that had been stored completely', async () => {
    // a real first file, and a second one (JPEG magic, then noise) that never finishes arriving
    const second = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(6 * 1024 * 1024)]);
    const body = await formBody({ room: 1, year, blade: 'A' }, [
      { name: 'complete-first.jpg', bytes: await makeJpeg(800, 600) },
      { name: 'cut-second.jpg', bytes: second },
    ]);
    const cutAt = body.payload.length - 2 * 1024 * 1024;
    // cut once the first file is committed to storage (its row waits for the whole request)
    await sendAndCut(body, cutAt, async () => (await storedKeys(t)).some((key) => key.endsWith('complete-first.jpg')));

    await until(async () => (await storedKeys(t)).length === 0 && scratchFiles().length === 0);
    expect(await t.app.ctx.db.select().from(photos)).toEqual([]);
  });

  it('keeps nothing when the only file is cut, and the same upload then succeeds', async () => {
    const body = await formBody({ room: 2, year, blade: 'B' }, [{ name: 'retry-me.jpg', bytes: await makeJpeg(3000, 2000) }]);
    await sendAndCut(body, Math.floor(body.payload.length / 2), async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return true;
    });
    await until(async () => (await storedKeys(t)).length === 0 && scratchFiles().length === 0);
    expect(await t.app.ctx.db.select().from(photos)).toEqual([]);

    const retry = await t.call(token, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/photos`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(retry.statusCode).toBe(201);
  });
});
