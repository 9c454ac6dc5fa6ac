import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, turbines } from '../db/schema.ts';
import type { TestApp } from '../../test/harness.ts';
import { createDerivativeQueue, type DerivativeQueue } from './derivative-queue.ts';
import { makeJpeg, postFiles, queuelessApp, storedKeys } from '../../test/uploads.ts';

const year = new Date().getFullYear();
type Listed = { key: string; urls: { thumbnail: string; preview: string; original: string } };

describe.each(['fs', 's3'] as const)('thumbnails and previews made after the upload (%s driver)', (storage) => {
  let t: TestApp;
  let admin: string;
  let turbineId: number;

  beforeAll(async () => {
    // no background loop: every derivative below is made on demand or by an explicit queue run
    ({ t, admin, turbineId } = await queuelessApp(storage));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(name: string, bytes: Buffer): Promise<Listed> {
    const res = await postFiles(t, admin, turbineId, { room: 3, year, blade: 'B' }, [{ name, bytes }]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data[0];
  }
  const stateOf = async (key: string) =>
    (await t.app.ctx.db.select({ s: photos.derivatives }).from(photos).where(eq(photos.storageKey, key)))[0]?.s;
  const keysOf = async () => (await t.app.ctx.storage.list(`turbines/${turbineId}/`)).sort();

  it('answers the upload before decoding; a thumbnail asked for first is made on the spot', async () => {
    const photo = await upload('queued-1.jpg', await makeJpeg(2000, 1000));
    expect(await stateOf(photo.key)).toBe('pending');
    expect((await keysOf()).filter((k) => k.includes('queued-1'))).toEqual([photo.key]);

    const thumbnail = await t.app.inject({ method: 'GET', url: photo.urls.thumbnail });
    expect(thumbnail.statusCode).toBe(200);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 200 });
    expect(await stateOf(photo.key)).toBe('ready');
    const preview = await t.app.inject({ method: 'GET', url: photo.urls.preview });
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(1600);
    expect((await keysOf()).filter((k) => k.includes('queued-1'))).toEqual([
      photo.key,
      `${photo.key}.preview.webp`,
      `${photo.key}.thumb.webp`,
    ]);
  });

  it('keeps a whole-looking JPEG that does not decode, marks it failed and answers 404 for its thumbnail', async () => {
    // a real JPEG header up to its scan, then noise, then the end marker: accepted at upload, refused by the decoder later
    const real = await makeJpeg(640, 480);
    const scan = real.indexOf(Buffer.from([0xff, 0xda]));
    const noise = Buffer.from(randomBytes(4000).map((b) => (b === 0xff ? 0xfe : b)));
    const bytes = Buffer.concat([real.subarray(0, scan + 2 + real.readUInt16BE(scan + 2)), noise, Buffer.from([0xff, 0xd9])]);
    const photo = await upload('noise-inside.jpg', bytes);
    const thumbnail = await t.app.inject({ method: 'GET', url: photo.urls.thumbnail, headers: { 'x-language': 'en' } });
    expect(thumbnail.statusCode).toBe(404);
    expect(thumbnail.json()).toMatchObject({ success: false, code: 'FILE_NOT_FOUND' });
    expect(await stateOf(photo.key)).toBe('failed');
    expect((await t.app.inject({ method: 'GET', url: photo.urls.original })).statusCode).toBe(200);
  });

  it('takes back a claim whose process died once its lease is over, and leaves a fresh claim alone', async () => {
    const stale = await upload('claimed-long-ago.jpg', await makeJpeg(300, 200));
    const fresh = await upload('claimed-just-now.jpg', await makeJpeg(300, 200));
    await t.app.ctx.db.execute(
      sql`update photos set derivatives = 'working', derivatives_claimed_at = now() - interval '10 minutes' where storage_key = ${stale.key}`,
    );
    await t.app.ctx.db.execute(
      sql`update photos set derivatives = 'working', derivatives_claimed_at = now() where storage_key = ${fresh.key}`,
    );
    expect(await t.app.ctx.derivatives.ensure(stale.key)).toBe('ready');
    expect(await stateOf(fresh.key)).toBe('working');
    // a thumbnail whose maker is still at work elsewhere: 503 with Retry-After, after waiting a while
    await t.app.ctx.db.execute(sql`update photos set derivatives = 'pending' where storage_key = ${fresh.key}`);
    expect(await t.app.ctx.derivatives.ensure(fresh.key)).toBe('ready');
  });

  it('leaves no derived image behind when the photo is deleted before the queue reaches it', async () => {
    const photo = await upload('deleted-early.jpg', await makeJpeg(300, 200));
    const del = await t.call(admin, { method: 'DELETE', url: `/api/turbines/${turbineId}/photos?key=${encodeURIComponent(photo.key)}` });
    expect(del.statusCode).toBe(200);
    expect(await t.app.ctx.derivatives.ensure(photo.key)).toBe('missing');
    expect((await storedKeys(t)).filter((k) => k.includes('deleted-early'))).toEqual([]);
  });

  it('keeps turbines.photo_count and the listing version in step with photos, in the same transaction', async () => {
    const count = async () =>
      (await t.app.ctx.db.select({ n: turbines.photoCount, v: turbines.photoVersion }).from(turbines).where(eq(turbines.id, turbineId)))[0];
    const actual = async () =>
      Number((await t.app.ctx.db.select({ n: sql<number>`count(*)` }).from(photos).where(eq(photos.turbineId, turbineId)))[0]?.n);
    const before = await count();
    expect(before?.n).toBe(await actual());
    const photo = await upload('counted.jpg', await makeJpeg(300, 200));
    const after = await count();
    expect(after?.n).toBe((before?.n ?? 0) + 1);
    expect(after?.v).toBeGreaterThan(before?.v ?? 0);
    // the queue's own updates do not change the listing
    await t.app.ctx.derivatives.ensure(photo.key);
    expect((await count())?.v).toBe(after?.v);
    // a failed insert changes nothing: the counters move only with committed rows
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await tx.delete(photos).where(eq(photos.storageKey, photo.key));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await count()).toEqual(after);
    expect(await actual()).toBe(after?.n);
  });

  describe('held back while uploads stream', () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    /** a second queue on the same database, with a background loop (the app's own has none) */
    const openQueue = (hold: { uploadQuietMs: number; maxUploadHoldMs: number }): DerivativeQueue =>
      createDerivativeQueue({ db: t.app.ctx.db, storage: t.app.ctx.storage, maxMegapixels: 100, concurrency: 1, ...hold });
    /** an upload that streams until `end()` */
    const streaming = (queue: DerivativeQueue) => {
      let end = () => {};
      const done = queue.whileUploading(() => new Promise<void>((resolve) => (end = resolve)));
      return {
        end: () => {
          end();
          return done;
        },
      };
    };
    async function readyWithin(key: string, ms: number) {
      const started = performance.now();
      while ((await stateOf(key)) !== 'ready') {
        if (performance.now() - started > ms) throw new Error(`${key} not ready after ${ms} ms: ${await stateOf(key)}`);
        await sleep(50);
      }
      return performance.now() - started;
    }

    it('takes no new photo until the uploads have been quiet a while; a photo asked for meanwhile is made at once', async () => {
      const queue = openQueue({ uploadQuietMs: 400, maxUploadHoldMs: 60_000 });
      const upload1 = streaming(queue);
      try {
        const waiting = await upload('held-1.jpg', await makeJpeg(300, 200));
        const asked = await upload('held-2.jpg', await makeJpeg(300, 200));
        queue.kick();
        await sleep(800);
        expect(await stateOf(waiting.key)).toBe('pending');
        expect(await queue.ensure(asked.key)).toBe('ready');
        expect(await stateOf(waiting.key)).toBe('pending');
        await upload1.end();
        // quiet for 400 ms, then the runner (looking again when the quiet spell is over) takes it
        const after = await readyWithin(waiting.key, 5_000);
        expect(after).toBeGreaterThanOrEqual(300);
      } finally {
        await upload1.end();
        await queue.close();
      }
    });

    it('stops holding after the longest hold, and for whoever waits until it is idle', async () => {
      const queue = openQueue({ uploadQuietMs: 60_000, maxUploadHoldMs: 2_500 });
      const endless = streaming(queue);
      try {
        const first = await upload('held-long.jpg', await makeJpeg(300, 200));
        queue.kick();
        await sleep(300);
        expect(await stateOf(first.key)).toBe('pending');
        await readyWithin(first.key, 6_000);
      } finally {
        await endless.end();
        await queue.close();
      }
      const quiet = openQueue({ uploadQuietMs: 60_000, maxUploadHoldMs: 60_000 });
      const again = streaming(quiet);
      try {
        const second = await upload('held-idle.jpg', await makeJpeg(300, 200));
        quiet.kick();
        await sleep(400);
        expect(await stateOf(second.key)).toBe('pending');
        await quiet.idle();
        expect(await stateOf(second.key)).toBe('ready');
      } finally {
        await again.end();
        await quiet.close();
      }
    });
  });
});
