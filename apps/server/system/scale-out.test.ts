import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatMessage, type Photo } from '@windscope/contract';
import { DEMO } from '../test/harness.ts';
import { formBody, makeJpeg } from '../test/uploads.ts';
import type { AppProcess } from './support/app-process.ts';
import { http, signIn, waitFor } from './support/http.ts';
import { type SharedServices, startSharedServices } from './support/shared-services.ts';
import { loginLimitKeys } from '../src/auth/auth-service.ts';

/** Issue 7, scale-out: two app processes (A and B) on their own ports and data folders, sharing only PostgreSQL, an S3
 *  server and Redis. Whatever one process did, the other must see: sessions, logouts, photos, deletes, file links, and
 *  failed sign-ins. Redis database 3 is this file's own (flushed before and after). */
const RATE_KEY_PREFIX = 'windscope:rl:';

let shared: SharedServices;
let redis: Redis;
let a: AppProcess;
let b: AppProcess;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const year = new Date().getFullYear();

beforeAll(async () => {
  shared = await startSharedServices('scale', 3);
  redis = shared.redis;
  // both start at once on the empty database, as a deployment starts its processes: both apply the migrations (one
  // waits for the other); A then fills in the demo content before it listens
  const started = await Promise.allSettled([shared.start('a', { DEMO_SEED: 'true' }), shared.start('b', { DEMO_SEED: 'false' })]);
  const [first, second] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
  if (!first || !second) throw started.find((s): s is PromiseRejectedResult => s.status === 'rejected')?.reason;
  [a, b] = [first, second];
});

afterAll(async () => {
  await shared?.close();
});

const outputs = () => `--- A ---\n${a.output()}\n--- B ---\n${b.output()}`;

describe('two app processes sharing PostgreSQL, S3 and Redis', () => {
  test('processes A and B, started at the same time on an empty database, run on different ports with their own data folders', () => {
    expect(a.port).not.toBe(b.port);
    expect(a.pid).not.toBe(b.pid);
  });

  test('signed in on A, the token works on B; signed out on B, it fails on A', async () => {
    const token = await signIn(a.url, DEMO.egeAdmin);
    for (const app of [b, a]) {
      const profile = await http(`${app.url}/api/auth/profile`, { token });
      expect(profile.status, outputs()).toBe(200);
      expect(profile.json<{ user: { email: string } }>().user.email).toBe(DEMO.egeAdmin);
    }

    const logout = await http(`${b.url}/api/auth/logout`, { method: 'POST', token });
    expect(logout.status).toBe(200);

    const onA = await http(`${a.url}/api/auth/verify`, { token, headers: { 'x-language': 'en' } });
    expect(onA.status).toBe(401);
    expect(onA.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: formatMessage('UNAUTHORIZED', 'en') });
    expect((await http(`${b.url}/api/auth/verify`, { token })).status).toBe(401);
    // a new sign-in on B works on A: nothing of the old session is left anywhere
    const again = await signIn(b.url, DEMO.egeAdmin);
    expect((await http(`${a.url}/api/auth/verify`, { token: again })).status).toBe(200);
  });

  describe('a photo across the two processes', () => {
    let tokenA: string;
    let tokenB: string;
    let turbineId: number;
    let uploaded: Photo;
    let bytes: Buffer;

    const listOn = async (app: AppProcess, token: string, headers: Record<string, string> = {}) => {
      const res = await http(`${app.url}/api/turbines/${turbineId}/photos?view=all&year=${year}`, { token, headers });
      return { res, keys: res.status === 200 ? res.json<{ data: Photo[] }>().data.map((p) => p.key) : [] };
    };

    beforeAll(async () => {
      tokenA = await signIn(a.url, DEMO.egeAdmin);
      tokenB = await signIn(b.url, DEMO.egeAdmin);
      const turbines = await http(`${b.url}/api/turbines`, { token: tokenB });
      turbineId = turbines.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
      expect(turbineId).toBeGreaterThan(0);
    });

    test('uploaded on A, it lists and downloads on B, and B serves the thumbnail and preview URLs A signed', async () => {
      bytes = await makeJpeg(1200, 800, { exif: true, seed: 17 });
      const form = await formBody({ room: 3, year, blade: 'B' }, [{ name: 'scale-out.jpg', bytes }]);
      const res = await http(`${a.url}/api/turbines/${turbineId}/photos`, {
        method: 'POST',
        token: tokenA,
        headers: form.headers,
        body: form.payload,
      });
      expect(res.status, res.text()).toBe(201);
      const [photo] = res.json<{ data: Photo[] }>().data;
      if (!photo) throw new Error('no photo in the answer');
      uploaded = photo;
      expect(uploaded.sha256).toBe(sha256(bytes));

      const { res: listing, keys } = await listOn(b, tokenB);
      expect(listing.status).toBe(200);
      expect(keys).toContain(uploaded.key);
      const listed = listing.json<{ data: Photo[] }>().data.find((p) => p.key === uploaded.key);

      // the original, through B's own signed URL and through A's
      for (const url of [listed?.url, uploaded.url]) {
        const file = await http(`${b.url}${url}`);
        expect(file.status).toBe(200);
        expect(file.headers['content-type']).toBe('image/jpeg');
        expect(sha256(file.body)).toBe(uploaded.sha256);
      }
      // the derived images A signed at upload time, served by B from the shared storage
      for (const url of [uploaded.urls.thumbnail, uploaded.urls.preview]) {
        expect(url).toMatch(/[?&]v=[tp](&|$)/);
        const file = await http(`${b.url}${url}`);
        expect(file.status).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
        expect(file.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
    });

    test('deleted on B, it is gone on A: the listing A had cached is not served again, and its files answer 404', async () => {
      // A builds and caches the listing; asked again it answers from that cache (same ETag, 304 when the client has it)
      const warm = await listOn(a, tokenA);
      expect(warm.keys).toContain(uploaded.key);
      const etag = String(warm.res.headers.etag);
      const cached = await listOn(a, tokenA, { 'if-none-match': etag });
      expect(cached.res.status).toBe(304);

      const del = await http(`${b.url}/api/turbines/${turbineId}/photos?key=${encodeURIComponent(uploaded.key)}`, {
        method: 'DELETE',
        token: tokenB,
      });
      expect(del.status, del.text()).toBe(200);

      // A must notice a change it did not make itself: not a 304 for the old ETag, not the old listing
      const after = await listOn(a, tokenA, { 'if-none-match': etag });
      expect(after.res.status).toBe(200);
      expect(after.res.headers.etag).not.toBe(etag);
      expect(after.keys).not.toContain(uploaded.key);
      expect(after.keys.length).toBe(warm.keys.length - 1);
      expect((await listOn(b, tokenB)).keys).toEqual(after.keys);

      for (const url of [uploaded.url, uploaded.urls.thumbnail, uploaded.urls.preview]) {
        const file = await http(`${a.url}${url}`, { headers: { 'x-language': 'en' } });
        expect(file.status).toBe(404);
        expect(file.json()).toMatchObject({ code: 'FILE_NOT_FOUND', message: formatMessage('FILE_NOT_FOUND', 'en') });
      }
    });
  });

  test('failed sign-ins count across both processes, in Redis, and the limit reached through A and B refuses on both', async () => {
    const email = DEMO.egeViewer;
    // the hard per-account limit holds back one address at a time: the account's count from this address
    const accountKey = `${RATE_KEY_PREFIX}${loginLimitKeys(email, '127.0.0.1').accountAndIp}`;
    const ipKey = `${RATE_KEY_PREFIX}login:ip:127.0.0.1`;
    const fail = (app: AppProcess) => http(`${app.url}/api/auth/login`, { method: 'POST', json: { email, password: 'wrong-password' } });

    // the per-account-and-address limit is 8 in 15 minutes: 4 failures on A, then 4 on B
    for (let i = 0; i < 4; i++) expect((await fail(a)).status).toBe(401);
    expect(await redis.get(accountKey)).toBe('4');
    for (let i = 0; i < 4; i++) expect((await fail(b)).status).toBe(401);
    expect(await redis.get(accountKey), 'B counted its failures somewhere else than A').toBe('8');
    const ttl = await redis.pttl(accountKey);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    expect(Number(await redis.get(ipKey))).toBe(8);

    // nothing went to the database counters
    const client = new pg.Client({ connectionString: shared.db.url });
    await client.connect();
    try {
      expect((await client.query('select count(*)::int as n from rate_limit_hits')).rows[0].n).toBe(0);
    } finally {
      await client.end();
    }

    // now even the right password is refused, on both processes, in the asker's language
    for (const [app, lang] of [
      [a, 'tr'],
      [b, 'en'],
    ] as const) {
      const res = await http(`${app.url}/api/auth/login`, {
        method: 'POST',
        json: { email, password: 'demo1234' },
        headers: { 'x-language': lang },
      });
      expect(res.status, outputs()).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'RATE_LIMITED',
        message: formatMessage('RATE_LIMITED', lang, { seconds: retryAfter }),
      });
    }
    // another account from the same address is not affected (8 failures are under the per-address limit of 30)
    expect(
      (await http(`${b.url}/api/auth/login`, { method: 'POST', json: { email: DEMO.egeOperator, password: 'demo1234' } })).status,
    ).toBe(200);
  });
  test('generate requests sent to A and B at the same time give one report job and one PDF (issue 23 item 17)', async () => {
    const token = await signIn(a.url, DEMO.egeOperator);
    const client = new pg.Client({ connectionString: shared.db.url });
    await client.connect();
    try {
      const turbine = (await client.query<{ id: number }>("select id from turbines where code = 'EGE-BRG-01'")).rows[0];
      expect(turbine).toBeDefined();
      const url = `/api/turbines/${turbine?.id}/reports/generate`;
      const before = (await client.query('select count(*)::int as n from reports where turbine_id = $1', [turbine?.id])).rows[0].n;
      // English: the demo's generated report is Turkish, so this one is new
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => http(`${(i % 2 ? b : a).url}${url}`, { method: 'POST', token, json: { language: 'en' } })),
      );
      expect(answers.map((r) => r.status).sort(), outputs()).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 202,
      ]);
      const ids = new Set(answers.map((r) => r.json<{ data: { id: number } }>().data.id));
      expect(ids.size).toBe(1);
      const jobId = [...ids][0];
      await waitFor(
        'the job done',
        async () => (await client.query('select status from report_jobs where id = $1', [jobId])).rows[0]?.status === 'done',
        120_000,
        500,
      );
      const jobs = await client.query("select count(*)::int as n from report_jobs where turbine_id = $1 and language = 'en'", [
        turbine?.id,
      ]);
      expect(jobs.rows[0].n).toBe(1);
      const after = (await client.query('select count(*)::int as n from reports where turbine_id = $1', [turbine?.id])).rows[0].n;
      expect(after).toBe(before + 1);
    } finally {
      await client.end();
    }
  });
});
