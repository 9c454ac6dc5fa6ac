import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FILE_LIMITS, formatMessage, type Photo, UPLOAD_BATCH } from '@windscope/contract';
import { DEMO } from '../test/harness.ts';
import { formBody } from '../test/uploads.ts';
import type { AppProcess } from './support/app-process.ts';
import { http, signIn } from './support/http.ts';
import { type NginxProcess, SAMPLE_NGINX_CONF, startNginx } from './support/nginx.ts';
import { type SharedServices, startSharedServices } from './support/shared-services.ts';

/** deploy/nginx.conf, as the README documents it, in front of two app processes (TRUST_PROXY=1) sharing PostgreSQL,
 *  S3 and Redis (database 4, this file's own). Everything below goes through nginx only. */
let shared: SharedServices;
let a: AppProcess;
let b: AppProcess;
let nginx: NginxProcess;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const year = new Date().getFullYear();

beforeAll(async () => {
  shared = await startSharedServices('nginx', 4, { TRUST_PROXY: '1' });
  a = await shared.start('a', { DEMO_SEED: 'true' });
  b = await shared.start('b', { DEMO_SEED: 'false' });
  nginx = await startNginx([a.port, b.port]);
});

afterAll(async () => {
  await nginx?.stop();
  await shared?.close();
});

/** Which process answered each logged request for `pathPrefix`, from the access log's upstream= field. nginx writes a
 *  line once the answer has gone out, so the client may be faster than the log: wait until `count` lines are there. */
async function upstreamsOf(method: string, pathPrefix: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const lines = nginx
      .accessLog()
      .split('\n')
      .filter((line) => line.includes(`"${method} ${pathPrefix}`));
    if (lines.length >= count || Date.now() > deadline) return lines.map((line) => /upstream=(\S+)/.exec(line)?.[1] ?? '');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const diagnostics = () => `--- nginx error log ---\n${nginx.errorLog()}\n--- A ---\n${a.output()}\n--- B ---\n${b.output()}`;

describe('deploy/nginx.conf in front of two app processes', () => {
  test('the sample allows the largest upload the web app sends and streams request bodies', () => {
    const sample = readFileSync(SAMPLE_NGINX_CONF, 'utf8');
    const size = /^\s*client_max_body_size (\d+)m;/m.exec(sample);
    expect(Number(size?.[1]) * 1024 * 1024).toBeGreaterThan(UPLOAD_BATCH.bladeFiles * FILE_LIMITS.photoBytes);
    expect(sample).toMatch(/^\s*proxy_request_buffering off;/m);
    expect(sample).toMatch(/^\s*proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/m);
  });

  test('sign-in through nginx, and requests spread over both processes', async () => {
    const token = await signIn(nginx.url, DEMO.egeAdmin);
    for (let i = 0; i < 10; i++) {
      const res = await http(`${nginx.url}/api/auth/verify`, { token });
      expect(res.status, diagnostics()).toBe(200);
    }
    const served = await upstreamsOf('GET', '/api/auth/verify', 10);
    expect(served.length).toBe(10);
    const byA = served.filter((u) => u === `127.0.0.1:${a.port}`).length;
    const byB = served.filter((u) => u === `127.0.0.1:${b.port}`).length;
    expect(byA + byB, nginx.accessLog()).toBe(10);
    // round robin: both take a fair share (the token from one process is good on the other)
    expect(byA).toBeGreaterThanOrEqual(3);
    expect(byB).toBeGreaterThanOrEqual(3);
  });

  test('a photo of several MB uploads through nginx, streamed rather than spooled, and downloads through it', async () => {
    const token = await signIn(nginx.url, DEMO.egeAdmin);
    const turbines = await http(`${nginx.url}/api/turbines`, { token });
    const turbineId = turbines.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
    // noise does not compress: a JPEG well over nginx's default 1 MB body limit
    const bytes = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: '#456', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(3 * 1024 * 1024);
    const form = await formBody({ year, blade: 'C', category: 'drone' }, [{ name: 'through-nginx.jpg', bytes }]);
    const res = await http(`${nginx.url}/api/turbines/${turbineId}/photos`, {
      method: 'POST',
      token,
      headers: form.headers,
      body: form.payload,
    });
    expect(res.status, `${res.text()}\n${diagnostics()}`).toBe(201);
    const [photo] = res.json<{ data: Photo[] }>().data;
    if (!photo) throw new Error('no photo in the answer');
    expect(photo.size).toBe(bytes.length);
    expect(await upstreamsOf('POST', `/api/turbines/${turbineId}/photos`, 1)).toHaveLength(1);
    // proxy_request_buffering on would have nginx write the body to a temporary file first, and say so at warn level
    expect(nginx.errorLog()).not.toMatch(/buffered to a temporary file/);

    const listing = await http(`${nginx.url}/api/turbines/${turbineId}/photos?category=drone&year=${year}`, { token });
    expect(listing.json<{ data: Photo[] }>().data.map((p) => p.key)).toContain(photo.key);
    for (const url of [photo.url, photo.urls.thumbnail]) {
      const file = await http(`${nginx.url}${url}`);
      expect(file.status).toBe(200);
      if (url === photo.url) expect(sha256(file.body)).toBe(sha256(bytes));
      else expect(file.headers['content-type']).toBe('image/webp');
    }
  });

  test('JSON answers come gzip-compressed through nginx', async () => {
    const token = await signIn(nginx.url, DEMO.superadmin);
    const res = await http(`${nginx.url}/api/turbines`, { token, headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.raw.length).toBeLessThan(res.body.length);
    expect(res.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
    const plain = await http(`${nginx.url}/api/turbines`, { token });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  test('the app compresses JSON itself (brotli when accepted) and nginx passes it on once; plain HTTP: no HSTS, no upgrade', async () => {
    const res = await http(`${nginx.url}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    // nginx leaves an answer that has a Content-Encoding alone: decoded once, it is the JSON
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.raw.length).toBeLessThan(res.body.length / 3);
    expect(res.json<{ openapi: string }>().openapi).toMatch(/^3\./);
    // nginx listens on plain HTTP here and says so (X-Forwarded-Proto: http): the page must not be upgraded to https
    expect(String(res.headers['content-security-policy'])).not.toMatch(/upgrade-insecure-requests/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test('rate limits see each client by its own address (TRUST_PROXY=1): not the balancer, not a forged X-Forwarded-For', async () => {
    const attacker = { localAddress: '127.0.0.2', headers: { 'x-forwarded-for': '203.0.113.7', 'x-language': 'en' } };
    // 30 failed sign-ins (the per-address limit), each for another account so the per-account limit stays out of it
    for (let i = 0; i < 30; i++) {
      const res = await http(`${nginx.url}/api/auth/login`, {
        ...attacker,
        method: 'POST',
        json: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
      });
      expect(res.status, diagnostics()).toBe(401);
    }
    expect(await shared.redis.get('windscope:rl:login:ip:127.0.0.2')).toBe('30');
    expect(await shared.redis.exists('windscope:rl:login:ip:203.0.113.7', 'windscope:rl:login:ip:127.0.0.1')).toBe(0);
    // both processes did the counting
    const served = new Set(await upstreamsOf('POST', '/api/auth/login', 30));
    expect(served).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));

    const blocked = await http(`${nginx.url}/api/auth/login`, {
      ...attacker,
      method: 'POST',
      json: { email: DEMO.egeViewer, password: 'demo1234' },
    });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: formatMessage('RATE_LIMITED', 'en', { seconds: retryAfter }) });

    // another client behind the same balancer is not lumped in with the first
    const other = { localAddress: '127.0.0.3' };
    expect(
      (await http(`${nginx.url}/api/auth/login`, { ...other, method: 'POST', json: { email: DEMO.egeViewer, password: 'x' } })).status,
    ).toBe(401);
    expect(await shared.redis.get('windscope:rl:login:ip:127.0.0.3')).toBe('1');
    expect(await signIn(nginx.url, DEMO.egeViewer, 'demo1234', other)).toBeTruthy();
  });

  test('with one process stopped, nginx sends the requests to the other', async () => {
    const token = await signIn(nginx.url, DEMO.egeManager);
    await b.stop();
    for (let i = 0; i < 6; i++) {
      const res = await http(`${nginx.url}/api/auth/verify`, { token });
      expect(res.status, diagnostics()).toBe(200);
    }
  });
});
