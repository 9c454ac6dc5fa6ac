import http from 'node:http';
import { Redis } from 'ioredis';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../db/schema.ts';
import { createDatabaseRateLimiter } from '../rate-limit/database-rate-limiter.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { createRedisRateLimiter } from '../rate-limit/redis-rate-limiter.ts';
import { createUploadSlots } from './upload-quota.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, type FormFile, formBody, makeJpeg, makePcd, postFiles, storedKeys } from '../../test/uploads.ts';

const year = new Date().getFullYear();
const HOUR = 3_600_000;

// small limits: 1 upload at once, 3 files and ~0.5 MB per request, 5 files and ~2 MB per user per hour
describe('upload quotas', () => {
  let t: TestApp;
  let operator: string;
  let turbineId: number;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        UPLOADS_AT_ONCE_PER_USER: '1',
        UPLOAD_MAX_FILES: '3',
        UPLOAD_MAX_GB: '0.0005',
        UPLOAD_HOURLY_FILES: '5',
        UPLOAD_HOURLY_GB: '0.002',
      },
    });
    operator = await t.login(DEMO.egeOperator);
    [turbineId = 0] = await demoTurbineIds(t, operator);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  let seq = 0;
  const jpegs = async (n: number): Promise<FormFile[]> =>
    Promise.all(Array.from({ length: n }, async () => ({ name: `q-${++seq}.jpg`, bytes: await makeJpeg(160, 120, { seed: seq % 50 }) })));
  const upload = (files: FormFile[]) => postFiles(t, operator, turbineId, { room: 1, year, blade: 'A' }, files);
  const rowCount = async () => (await t.app.ctx.db.select({ id: photos.id }).from(photos)).length;
  const nextHour = () => t.clock.advance(HOUR + 60_000);

  it('refuses a request with more files than allowed, keeping nothing of it', async () => {
    const res = await postFiles(t, operator, turbineId, { room: 1, year, blade: 'A' }, await jpegs(4));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'UPLOAD_TOO_MANY_FILES' });
    expect(res.json().message).toBe(
      'Bir yüklemede en fazla 3 dosya gönderilebilir; hiçbir dosya kaydedilmedi. Dosyaları daha küçük gruplar halinde yükleyin.',
    );
    expect(await rowCount()).toBe(0);
    expect(await storedKeys(t)).toEqual([]);
  });

  it('refuses a request over its byte limit while it streams, keeping nothing of it (the first file neither)', async () => {
    const big = makePcd(20_000); // about 0.3 MB each: the second crosses 0.5 MB
    expect(big.length).toBeGreaterThan(270_000);
    const body = await formBody({ room: 1, year, blade: 'A' }, [
      { name: 'cloud-1.pcd', bytes: big },
      { name: 'cloud-2.pcd', bytes: big },
    ]);
    const res = await t.call(operator, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/photos`,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_TOO_MANY_BYTES' });
    expect(res.json().message).toBe('One upload can be at most 0.0005 GB; nothing was saved. Upload the files in smaller groups.');
    expect(await rowCount()).toBe(0);
    expect(await storedKeys(t)).toEqual([]);
  });

  it('counts a user’s files per hour: the request that would go over is refused whole, the next hour is free again', async () => {
    expect((await upload(await jpegs(3))).statusCode).toBe(201);
    // 3 used, 2 left: a request of 3 is refused whole
    const over = await upload(await jpegs(3));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'UPLOAD_HOURLY_QUOTA' });
    expect(over.json().message).toContain('saatte 5 dosya');
    expect(await rowCount()).toBe(3);
    expect((await upload(await jpegs(2))).statusCode).toBe(201);
    // used up: refused before any byte is read
    const full = await upload(await jpegs(1));
    expect(full.statusCode).toBe(429);
    expect(full.headers['retry-after']).toBeDefined();
    expect(await rowCount()).toBe(5);
    expect((await storedKeys(t)).filter((key) => !/\.(thumb|preview)\.webp$/.test(key))).toHaveLength(5);
    nextHour();
    expect((await upload(await jpegs(1))).statusCode).toBe(201);
  });

  it('lets a user run only so many uploads at once: the next answers 429, and the slot frees when one ends', async () => {
    nextHour();
    const body = await formBody({ room: 2, year, blade: 'C' }, await jpegs(1));
    const held = 200;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/turbines/${turbineId}/photos`,
      headers: { ...body.headers, 'content-length': String(body.payload.length), authorization: `Bearer ${operator}` },
    });
    const answer = new Promise<number>((resolve, reject) => {
      request.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    request.write(body.payload.subarray(0, body.payload.length - held));
    // the first upload is under way (its bytes are arriving)
    const end = Date.now() + 20_000;
    while ((await t.app.ctx.storage.list('.staging/')).length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 25));

    const second = await upload(await jpegs(1));
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'UPLOADS_AT_ONCE' });
    expect(second.json().message).toBe('Aynı anda en fazla 1 yükleme yapılabilir. Süren yüklemelerin bitmesini bekleyip tekrar deneyin.');

    request.end(body.payload.subarray(body.payload.length - held));
    expect(await answer).toBe(201);
    expect((await upload(await jpegs(1))).statusCode).toBe(201);
  });

  it('counts uploads at once in the shared store, so a second process sees the first one’s and the cap holds behind a balancer', async () => {
    // two processes on one database, each with its own slots and counters, as app.ts makes them
    const [processA, processB] = [0, 1].map(() => createUploadSlots(createDatabaseRateLimiter(t.app.ctx.db), 1));
    const userId = 424_242;
    let started!: () => void;
    let finish!: () => void;
    const isRunning = new Promise<void>((resolve) => {
      started = resolve;
    });
    const running = processA?.run(userId, () => {
      started();
      return new Promise<string>((resolve) => {
        finish = () => resolve('first');
      });
    });
    await isRunning;
    await expect(processB?.run(userId, async () => 'second')).rejects.toMatchObject({ status: 429, code: 'UPLOADS_AT_ONCE' });
    // another user is not held back
    await expect(processB?.run(userId + 1, async () => 'other')).resolves.toBe('other');
    finish();
    await expect(running).resolves.toBe('first');
    // the slot came back, also when the upload fails
    await expect(processB?.run(userId, async () => Promise.reject(new Error('broken upload')))).rejects.toThrow('broken upload');
    await expect(processA?.run(userId, async () => 'again')).resolves.toBe('again');
  });

  // issue 23, item 8: a slot is held while its request is alive, not for hours after its process died
  const stores: [string, () => { limiter: RateLimiter; close(): void }][] = [
    ['the database', () => ({ limiter: createDatabaseRateLimiter(t.app.ctx.db), close: () => {} })],
    [
      'Redis',
      () => {
        const redis = new Redis(`${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/12`, { maxRetriesPerRequest: 1 });
        return { limiter: createRedisRateLimiter(redis, `windscope:test:${process.pid}:`), close: () => redis.disconnect() };
      },
    ],
  ];
  const hang = () => new Promise<never>(() => {});
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  for (const [name, open] of stores) {
    it(`frees the slots of a process that died within the lease, in ${name}`, async () => {
      const store = open();
      try {
        const userId = 515_000 + Math.floor(Math.random() * 1000);
        // the dead process took every slot and never renews them (its timers died with it)
        const dead = createUploadSlots(store.limiter, 3, { leaseMs: 1_500, renewMs: 3_600_000 });
        for (let i = 0; i < 3; i++) void dead.run(userId, hang);
        await sleep(200);
        const alive = createUploadSlots(store.limiter, 3, { leaseMs: 1_500, renewMs: 500 });
        await expect(alive.run(userId, async () => 'too soon')).rejects.toMatchObject({ status: 429, code: 'UPLOADS_AT_ONCE' });
        await sleep(1_700);
        // every slot is back: three at once again
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const three = [1, 2, 3].map(() => alive.run(userId, () => held.then(() => 'ok')));
        await sleep(100);
        await expect(alive.run(userId, async () => 'fourth')).rejects.toMatchObject({ status: 429 });
        release();
        expect(await Promise.all(three)).toEqual(['ok', 'ok', 'ok']);
      } finally {
        store.close();
      }
    });

    it(`never frees another upload's slot: one whose lease ran out and was taken gives back nothing, in ${name}`, async () => {
      const store = open();
      try {
        const userId = 535_000 + Math.floor(Math.random() * 1000);
        // a process that stalled past its lease (no renewal came through), then finishes its upload
        const stalled = createUploadSlots(store.limiter, 1, { leaseMs: 400, renewMs: 3_600_000 });
        let finishStalled!: () => void;
        const late = stalled.run(userId, () => new Promise<string>((resolve) => (finishStalled = () => resolve('late'))));
        await sleep(600);
        // meanwhile another upload took the free slot
        const alive = createUploadSlots(store.limiter, 1, { leaseMs: 5_000, renewMs: 1_000 });
        let finishAlive!: () => void;
        const current = alive.run(userId, () => new Promise<string>((resolve) => (finishAlive = () => resolve('current'))));
        await sleep(100);
        finishStalled();
        await expect(late).resolves.toBe('late');
        // the stalled upload's end left the other's claim alone: the one slot is still held
        await expect(alive.run(userId, async () => 'third')).rejects.toMatchObject({ status: 429, code: 'UPLOADS_AT_ONCE' });
        // and a renewal by the stalled holder would not take it over
        expect(await store.limiter.extend(`uploads-at-once:user:${userId}:slot:1`, '12345', 5_000)).toBe(false);
        finishAlive();
        await expect(current).resolves.toBe('current');
        await expect(alive.run(userId, async () => 'third')).resolves.toBe('third');
      } finally {
        store.close();
      }
    });

    it(`keeps a live upload's slot past the lease by renewing it, in ${name}`, async () => {
      const store = open();
      try {
        const userId = 525_000 + Math.floor(Math.random() * 1000);
        const slots = createUploadSlots(store.limiter, 1, { leaseMs: 600, renewMs: 150 });
        let finish!: () => void;
        const long = slots.run(userId, () => new Promise<string>((resolve) => (finish = () => resolve('long'))));
        // three leases later the first upload still holds the one slot
        await sleep(1_900);
        await expect(slots.run(userId, async () => 'second')).rejects.toMatchObject({ status: 429 });
        finish();
        await expect(long).resolves.toBe('long');
        await expect(slots.run(userId, async () => 'second')).resolves.toBe('second');
      } finally {
        store.close();
      }
    });
  }
});
