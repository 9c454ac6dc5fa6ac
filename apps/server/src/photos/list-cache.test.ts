import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds } from '../../test/uploads.ts';
import { GZIP_LEVELS } from '../http/serialized-answers.ts';
import { MIN_CACHED_PHOTOS } from './list-cache.ts';

/** Rows straight into the table (the insert trigger still moves the turbine's listing version). */
async function addRows(t: TestApp, turbineId: number, count: number, from = 0) {
  await t.app.ctx.db.insert(photos).values(
    Array.from({ length: count }, (_, j) => from + j).map((i) => ({
      turbineId,
      storageKey: `turbines/${turbineId}/blade/2025/A/1/1700000000000-${100000 + i}-row-${i}.jpg`,
      originalName: `row-${i}.jpg`,
      room: 1,
      blade: 'A',
      year: 2025,
      month: 1,
      sizeBytes: 1000,
      mimeType: 'image/jpeg',
      sha256: String(i).padStart(64, '0'),
      derivatives: 'ready',
    })),
  );
}

describe('photo listing cache: large listings are kept, small ones built each time', () => {
  let t: TestApp;
  let token: string;
  let large: number;
  let small: number;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login(DEMO.egeAdmin);
    [large = 0, small = 0] = await demoTurbineIds(t, token);
    await t.app.ctx.db.delete(photos);
    await addRows(t, large, MIN_CACHED_PHOTOS);
    await addRows(t, small, 3);
  });
  afterAll(async () => {
    await t?.close();
  });

  const sizes = async (turbineId: number) => {
    const res = await t.call(token, { method: 'GET', url: `/api/turbines/${turbineId}/photos?view=all` });
    expect(res.statusCode).toBe(200);
    return { etag: String(res.headers.etag), sizes: new Set((res.json().data as { size: number }[]).map((p) => p.size)) };
  };

  it('serves a kept listing until its version moves, and builds a small one from the rows every time', async () => {
    const largeBefore = await sizes(large);
    const smallBefore = await sizes(small);
    expect([...largeBefore.sizes]).toEqual([1000]);
    // a change that does not move the listing version (no trigger for sizes: the app never changes them)
    await t.app.ctx.db.update(photos).set({ sizeBytes: 2000 });
    const largeAfter = await sizes(large);
    const smallAfter = await sizes(small);
    expect([...largeAfter.sizes]).toEqual([1000]);
    expect([...smallAfter.sizes]).toEqual([2000]);
    expect(largeAfter.etag).toBe(largeBefore.etag);
    expect(smallAfter.etag).toBe(smallBefore.etag);
    // a new photo moves the version: the large listing is built again
    await addRows(t, large, 1, MIN_CACHED_PHOTOS);
    const rebuilt = await sizes(large);
    expect(rebuilt.etag).not.toBe(largeBefore.etag);
    expect(rebuilt.sizes.has(2000)).toBe(true);
  });

  it('compresses a listing at the faster level: it is built again for every sign-in', async () => {
    const res = await t.call(token, {
      method: 'GET',
      url: `/api/turbines/${large}/photos?view=all`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = gunzipSync(res.rawPayload);
    expect(JSON.parse(body.toString()).data.length).toBeGreaterThanOrEqual(MIN_CACHED_PHOTOS);
    // the same bytes zlib gives at that level (and not at the level kept lists use)
    expect(res.rawPayload.equals(gzipSync(body, { level: GZIP_LEVELS.faster }))).toBe(true);
    expect(res.rawPayload.equals(gzipSync(body, { level: GZIP_LEVELS.smaller }))).toBe(false);
  });
});
