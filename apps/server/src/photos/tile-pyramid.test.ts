import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../db/schema.ts';
import { TILE_SIZE } from '../media/tile-pyramid.ts';
import { pyramidKeyOf } from '../uploads/storage-keys.ts';
import { DEMO, type TestApp } from '../../test/harness.ts';
import { integrityOf, makeJpeg, postFiles, queuelessApp } from '../../test/uploads.ts';

const year = new Date().getFullYear();
type Listed = { key: string; urls: { thumbnail: string; preview: string; original: string; zoom: string | null } };

describe.each(['fs', 's3'] as const)('Deep Zoom pyramids of large photos (%s driver)', (storage) => {
  let t: TestApp;
  let admin: string;
  let turbineId: number;

  beforeAll(async () => {
    // no background loops: pyramids are made when the test runs the queues
    ({ t, admin, turbineId } = await queuelessApp(storage));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(name: string, bytes: Buffer): Promise<Listed> {
    const res = await postFiles(t, admin, turbineId, { room: 2, year, blade: 'C' }, [{ name, bytes }]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data[0];
  }
  const tilesOf = async (key: string) => (await t.app.ctx.storage.list(`${key}.tiles/`)).sort();
  const stateOf = async (key: string) =>
    (await t.app.ctx.db.select({ s: photos.tiles }).from(photos).where(eq(photos.storageKey, key)))[0]?.s;
  /** thumbnails and previews first (the tile queue waits for them), then the pyramids */
  const runQueues = async () => {
    const keys = await t.app.ctx.db.select({ key: photos.storageKey }).from(photos).where(eq(photos.turbineId, turbineId));
    for (const { key } of keys) await t.app.ctx.derivatives.ensure(key);
    await t.app.ctx.tiles.idle();
  };
  const integrity = (repair: boolean) => integrityOf(t, { repair });

  it('gives a small photo no pyramid, and a large one a signed base that answers pending until it is made', async () => {
    const small = await upload('zoom-small.jpg', await makeJpeg(2048, 1000));
    expect(small.urls.zoom).toBeNull();
    expect(await stateOf(small.key)).toBe('none');

    const large = await upload('zoom-large.jpg', await makeJpeg(3000, 2000));
    expect(large.urls.zoom).toMatch(/^\/api\/zoom\/\d+\/\d+\/[\w-]+\/turbines\/.+zoom-large\.jpg\.tiles\/$/);
    expect(await stateOf(large.key)).toBe('pending');
    const pending = await t.app.inject({ method: 'GET', url: `${large.urls.zoom}pyramid.json` });
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({ state: 'pending' });
    // asked for: it goes ahead of the backfill
    const [row] = await t.app.ctx.db.select({ at: photos.tilesRequestedAt }).from(photos).where(eq(photos.storageKey, large.key));
    expect(row?.at).toBeInstanceOf(Date);
    expect(await tilesOf(large.key)).toEqual([]);

    await runQueues();
    expect(await stateOf(large.key)).toBe('ready');
    const ready = await t.app.inject({ method: 'GET', url: `${large.urls.zoom}pyramid.json` });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ state: 'ready', width: 3000, height: 2000, tileSize: TILE_SIZE, overlap: 1, format: 'jpeg' });
    // levels 0..12 (2^12 >= 3000); the full-size level is 6 x 4 tiles of 510 px
    const tiles = await tilesOf(large.key);
    expect(tiles).toContain(pyramidKeyOf(large.key));
    expect(tiles.filter((k) => k.includes('.tiles/12/'))).toHaveLength(24);
    expect(tiles.filter((k) => k.includes('.tiles/0/'))).toEqual([`${large.key}.tiles/0/0_0.jpeg`]);
  });

  it('serves tiles under the one signature, cached for the session, with ETag and 304; never another photo', async () => {
    const photo = await upload('zoom-serve.jpg', await makeJpeg(2600, 2100));
    await runQueues();
    const url = `${photo.urls.zoom}12/1_0.jpeg`;
    const tile = await t.app.inject({ method: 'GET', url });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/jpeg');
    expect(tile.headers['cache-control']).toMatch(/^private, max-age=(\d+)$/);
    // as long as the base is good: ten to fifteen minutes (DECISIONS §17)
    const maxAge = Number(/max-age=(\d+)/.exec(String(tile.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(599);
    expect(maxAge).toBeLessThanOrEqual(900);
    // an inner tile: 510 px plus 1 px of overlap on each side
    expect(await sharp(tile.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 511 });
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(tile.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const missing = await t.app.inject({ method: 'GET', url: `${photo.urls.zoom}12/40_40.jpeg` });
    expect(missing.statusCode).toBe(404);
    // the signature covers this photo only: the same signature on another key, an altered one, an expired one: 403
    const other = (photo.urls.zoom ?? '').replace('zoom-serve.jpg', 'zoom-large.jpg');
    expect((await t.app.inject({ method: 'GET', url: `${other}0/0_0.jpeg` })).statusCode).toBe(403);
    // the signature's last two characters changed (to "AA", or "QQ" when they were "AA": one signature in 256 ends so)
    const altered = (photo.urls.zoom ?? '').replace(
      /\/(\d+)\/(\d+)\/([\w-]+)\//,
      (_, u, e, s: string) => `/${u}/${e}/${s.slice(0, -2)}${s.endsWith('AA') ? 'QQ' : 'AA'}/`,
    );
    expect(altered).not.toBe(photo.urls.zoom);
    expect((await t.app.inject({ method: 'GET', url: `${altered}0/0_0.jpeg` })).statusCode).toBe(403);
    const expired = (photo.urls.zoom ?? '').replace(/\/zoom\/(\d+)\/(\d+)\//, '/zoom/$1/1000/');
    expect((await t.app.inject({ method: 'GET', url: `${expired}0/0_0.jpeg` })).statusCode).toBe(403);
    // nothing but tiles and the descriptor is served under a base
    expect((await t.app.inject({ method: 'GET', url: `${photo.urls.zoom}../zoom-serve.jpg` })).statusCode).toBe(403);
  });

  it('notes a pyramid missing from storage, and repairs it by queueing it again; tiles are no orphans', async () => {
    const photo = await upload('zoom-lost.jpg', await makeJpeg(2200, 2300));
    await runQueues();
    const before = await integrity(false);
    expect(before.problems.filter((p) => p.key.includes('zoom-'))).toEqual([]);

    await t.app.ctx.storage.deleteByPrefix(`${photo.key}.tiles/`);
    const noted = await integrity(false);
    expect(noted.problems.filter((p) => p.key.includes('zoom-'))).toEqual([
      { kind: 'missing_tile_pyramid', key: photo.key, repaired: false, benign: true },
    ]);
    expect(noted.unrepaired).toBe(0);
    const repaired = await integrity(true);
    expect(repaired.problems.find((p) => p.kind === 'missing_tile_pyramid')).toMatchObject({ key: photo.key, repaired: true });
    expect(await stateOf(photo.key)).toBe('pending');
    await runQueues();
    expect(await stateOf(photo.key)).toBe('ready');
    expect(await tilesOf(photo.key)).toContain(pyramidKeyOf(photo.key));
  });

  it('answers pending and makes it again when a ready pyramid is gone from storage', async () => {
    const photo = await upload('zoom-gone.jpg', await makeJpeg(2100, 900));
    await runQueues();
    await t.app.ctx.storage.deleteByPrefix(`${photo.key}.tiles/`);
    const asked = await t.app.inject({ method: 'GET', url: `${photo.urls.zoom}pyramid.json` });
    expect(asked.statusCode).toBe(202);
    await runQueues();
    expect((await t.app.inject({ method: 'GET', url: `${photo.urls.zoom}pyramid.json` })).statusCode).toBe(200);
  });

  it('deletes the pyramid with its photo', async () => {
    const photo = await upload('zoom-delete.jpg', await makeJpeg(3000, 1500));
    await runQueues();
    expect((await tilesOf(photo.key)).length).toBeGreaterThan(10);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/turbines/${turbineId}/photos?key=${encodeURIComponent(photo.key)}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tilesOf(photo.key)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `${photo.urls.zoom}pyramid.json` })).statusCode).toBe(404);
  });

  it("ends a zoom base with the sign-in it was handed to (DECISIONS §17), not another sign-in's", async () => {
    const photo = await upload('zoom-signout.jpg', await makeJpeg(2600, 1200));
    await runQueues();
    const session = await t.login(DEMO.egeAdmin);
    const listed = await t.call(session, { method: 'GET', url: `/api/turbines/${turbineId}/photos?view=all` });
    const zoom = (listed.json().data as Listed[]).find((p) => p.key === photo.key)?.urls.zoom ?? '';
    expect(zoom).not.toBe(photo.urls.zoom);
    const tile = (base: string | null) => t.app.inject({ method: 'GET', url: `${base}0/0_0.jpeg` });
    expect((await tile(zoom)).statusCode).toBe(200);
    expect((await t.call(session, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await tile(zoom)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${zoom}pyramid.json` })).statusCode).toBe(403);
    expect((await tile(photo.urls.zoom)).statusCode).toBe(200);
  });
});
