import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { pause, rawExchange, requestHead } from '../../test/raw-http.ts';
import { demoTurbineIds, formBody, makeJpeg, storedKeys } from '../../test/uploads.ts';

const year = new Date().getFullYear();

// small timeouts so the test takes seconds: 1 s without a byte, 2 s for a whole non-upload request, 1 s for headers
describe('request timeouts on a listening server', () => {
  let t: TestApp;
  let token: string;
  let turbineId: number;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      env: { BODY_IDLE_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' },
    });
    token = await t.login(DEMO.egeOperator);
    [turbineId = 0] = await demoTurbineIds(t, token);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  const stagingFiles = () => {
    const dir = path.join(t.config.storage.root, '.staging');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const uploadHead = (length: number, contentType: string) =>
    requestHead('POST', `/api/turbines/${turbineId}/photos`, {
      authorization: `Bearer ${token}`,
      'content-type': contentType,
      'content-length': length,
      'accept-language': 'en',
    });

  it('ends an upload whose body stalls longer than the idle timeout, with 408, keeping no row and no file', async () => {
    const body = await formBody({ room: 1, year, blade: 'A' }, [
      { name: 'first-whole.jpg', bytes: await makeJpeg(400, 300) },
      { name: 'second-stalls.jpg', bytes: await makeJpeg(1600, 1200, { seed: 3 }) },
    ]);
    const started = Date.now();
    const answer = await rawExchange(port, async (write) => {
      write(uploadHead(body.payload.length, body.headers['content-type']));
      write(body.payload.subarray(0, body.payload.length - 20_000));
      // then nothing: the connection stays open, the rest never comes
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(10_000);
    await pause(200);
    expect(await t.app.ctx.db.select().from(photos)).toEqual([]);
    expect(await storedKeys(t)).toEqual([]);
    expect(stagingFiles()).toEqual([]);
  });

  it('lets a slow but steady upload finish: longer than the request timeout and many idle timeouts', async () => {
    const body = await formBody({ room: 2, year, blade: 'B' }, [{ name: 'slow-steady.jpg', bytes: await makeJpeg(800, 600) }]);
    const pieces = 16;
    const size = Math.ceil(body.payload.length / pieces);
    const started = Date.now();
    const answer = await rawExchange(port, async (write) => {
      write(uploadHead(body.payload.length, body.headers['content-type']));
      for (let i = 0; i < pieces; i++) {
        await pause(250);
        write(body.payload.subarray(i * size, (i + 1) * size));
      }
    });
    // 16 pieces 250 ms apart: about 4 s, twice the request timeout and four idle timeouts
    expect(Date.now() - started).toBeGreaterThan(3_500);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).data[0].originalName).toBe('slow-steady.jpg');
  });

  it('cuts a JSON request whose body trickles in longer than the request timeout', async () => {
    const json = JSON.stringify({ email: DEMO.egeOperator, password: 'demo1234', padding: 'x'.repeat(20) });
    const started = Date.now();
    const answer = await rawExchange(port, async (write) => {
      write(requestHead('POST', '/api/auth/login', { 'content-type': 'application/json', 'content-length': json.length }));
      // a byte every 200 ms: never idle for 1 s, but the whole body would take 14 s
      for (const c of json) {
        write(c);
        await pause(200);
      }
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).code).toBe('REQUEST_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it('cuts a request whose headers trickle in longer than the headers timeout', async () => {
    const started = Date.now();
    const answer = await rawExchange(port, async (write) => {
      write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      for (let i = 0; i < 40; i++) {
        await pause(200);
        if (!write(`X-Slow-${i}: 1\r\n`)) return;
      }
    });
    expect(answer.status).toBe(408);
    expect(Date.now() - started).toBeLessThan(6_000);
  });
});
