import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoSchema } from '@windscope/contract';
import { parsePcdHeader } from '@windscope/contract/pcd';
import { photos } from '../db/schema.ts';
import { makePointCloudDerivatives, readPointSample } from '../media/point-cloud.ts';
import type { TestApp } from '../../test/harness.ts';
import { bladeSection, integrityOf, makeJpeg, makePcd, pcdOf, postFiles, queuelessApp, storedKeys } from '../../test/uploads.ts';

const year = new Date().getFullYear();

/** the thumbnail's pixels that are not the dark background, and how many of them are mostly red */
async function drawn(webp: Buffer) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  let lit = 0;
  let red = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
    if (r + g + b > 150) lit++;
    if (r > 150 && g < 110 && b < 110) red++;
  }
  return { lit, red, width: info.width, height: info.height };
}

// DECISIONS §16: a .pcd point cloud gets a thumbnail and preview (top-down projections) from the derivative queue; a
// damaged one gets none, a clear state, and the server goes on
describe.each(['fs', 's3'] as const)('a point cloud in photo answers and file routes (%s driver)', (storage) => {
  let t: TestApp;
  let admin: string;
  let turbineId: number;

  beforeAll(async () => {
    // no background loop: thumbnails are made on demand (the file route) or by ensure()
    ({ t, admin, turbineId } = await queuelessApp(storage));
  });
  afterAll(async () => {
    await t?.close();
  });

  const stateOf = async (key: string) =>
    (await t.app.ctx.db.select({ s: photos.derivatives }).from(photos).where(eq(photos.storageKey, key)))[0]?.s;
  const listed = async (name: string) => {
    const res = await t.call(admin, { method: 'GET', url: `/api/turbines/${turbineId}/photos?view=all` });
    return (res.json().data as unknown[]).map((row) => photoSchema.parse(row)).find((p) => p.originalName === name);
  };

  it('queues a thumbnail and preview for a .pcd, draws it from above, and still serves the cloud itself as a point cloud', async () => {
    const res = await postFiles(t, admin, turbineId, { category: 'robot', year, blade: 'A' }, [
      { name: 'scan.pcd', bytes: makePcd(40) },
      { name: 'next-to-it.jpg', bytes: await makeJpeg(300, 200) },
    ]);
    expect(res.statusCode).toBe(201);
    const [cloud] = (res.json().data as unknown[]).map((row) => photoSchema.parse(row));
    expect(cloud?.mime_type).toBe('application/x-pcd');
    expect(cloud?.urls).toEqual({
      original: expect.stringContaining('k=pcd'),
      thumbnail: expect.stringMatching(/k=pcd.*&v=t$/),
      preview: expect.stringMatching(/k=pcd.*&v=p$/),
      zoom: null,
      cloud: expect.stringMatching(/k=pcd.*&v=c$/),
    });
    expect(await stateOf(cloud?.key ?? '')).toBe('pending');

    const thumbnail = await t.app.inject({ method: 'GET', url: cloud?.urls.thumbnail ?? '' });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const picture = await drawn(thumbnail.rawPayload);
    expect(picture.width).toBe(400);
    expect(picture.lit).toBeGreaterThan(40);
    expect(await stateOf(cloud?.key ?? '')).toBe('ready');
    const preview = await t.app.inject({ method: 'GET', url: cloud?.urls.preview ?? '' });
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(1600);

    const original = await t.app.inject({ method: 'GET', url: cloud?.urls.original ?? '' });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('application/x-pcd');
    expect(original.rawPayload.equals(makePcd(40))).toBe(true);
    expect((await listed('scan.pcd'))?.urls.thumbnail).toBe(cloud?.urls.thumbnail);
  });

  it.each(['ascii', 'binary', 'binary_compressed'] as const)('reads a %s cloud with colours and draws them', async (encoding) => {
    const name = `blade-${encoding.replace('_', '-')}.pcd`;
    const res = await postFiles(t, admin, turbineId, { category: 'robot', year, blade: 'B' }, [
      { name, bytes: pcdOf(bladeSection(), encoding) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const cloud = photoSchema.parse(res.json().data[0]);
    expect(await t.app.ctx.derivatives.ensure(cloud.key)).toBe('ready');
    const thumbnail = await t.app.inject({ method: 'GET', url: cloud.urls.thumbnail ?? '' });
    const picture = await drawn(thumbnail.rawPayload);
    expect(picture.lit).toBeGreaterThan(2000);
    // the upper half of the shell is red in the file: seen from above, red wins
    expect(picture.red).toBeGreaterThan(picture.lit / 3);
  });

  const nan = { x: Number.NaN, y: Number.NaN, z: Number.NaN };
  const binary = pcdOf(bladeSection(1000), 'binary');
  const malformed: [string, Buffer][] = [
    ['truncated.pcd', binary.subarray(0, binary.length - 500)],
    ['wrong-header.pcd', Buffer.from('VERSION 0.7\nFIELDS x y z\nSIZE 4 4\nTYPE F F F\nPOINTS 3\nDATA ascii\n1 2 3\n')],
    ['no-data-line.pcd', Buffer.from('# .PCD v0.7\nVERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\n1 2 3\n')],
    ['all-nan.pcd', pcdOf([nan, nan, nan], 'ascii')],
    ['nan-binary.pcd', pcdOf([nan, nan], 'binary')],
    ['claims-2gb.pcd', pcdOf(bladeSection(10), 'binary', 170_000_000)],
    ['claims-1gb.pcd', pcdOf(bladeSection(10), 'binary', 90_000_000)],
    ['bad-lzf.pcd', Buffer.concat([pcdOf(bladeSection(50), 'binary_compressed').subarray(0, 400), Buffer.alloc(20, 0xff)])],
  ];

  it('keeps a malformed .pcd (truncated, wrong header, NaN points, gigabytes claimed) without a thumbnail, failed, and goes on', async () => {
    const res = await postFiles(
      t,
      admin,
      turbineId,
      { category: 'robot', year, blade: 'C' },
      malformed.map(([name, bytes]) => ({ name, bytes })),
    );
    expect(res.statusCode, res.body).toBe(201);
    const clouds = (res.json().data as unknown[]).map((row) => photoSchema.parse(row));
    expect(clouds.map((c) => c.originalName)).toEqual(malformed.map(([name]) => name));
    for (const cloud of clouds) {
      const thumbnail = await t.app.inject({ method: 'GET', url: cloud.urls.thumbnail ?? '', headers: { 'x-language': 'en' } });
      expect(thumbnail.statusCode, cloud.originalName).toBe(404);
      expect(thumbnail.json()).toMatchObject({ success: false, code: 'FILE_NOT_FOUND' });
      expect(await stateOf(cloud.key), cloud.originalName).toBe('failed');
      // the listing shows it as a cloud without a picture (the web's point-cloud icon); the file stays downloadable
      expect((await listed(cloud.originalName))?.urls).toEqual({
        original: cloud.urls.original,
        thumbnail: null,
        preview: null,
        zoom: null,
        cloud: null,
      });
      // nor is there a decimated copy: its link (the original's signature) answers 404 like a missing file
      const copy = await t.app.inject({ method: 'GET', url: `${cloud.urls.original}&v=c`, headers: { 'x-language': 'en' } });
      expect(copy.statusCode, cloud.originalName).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: cloud.urls.original })).statusCode).toBe(200);
    }
    const keys = await storedKeys(t);
    expect(keys.filter((k) => malformed.some(([name]) => k.includes(name)) && /\.(webp|cloud\.pcd)$/.test(k))).toEqual([]);
    // and the queue still works for the next one
    const next = await postFiles(t, admin, turbineId, { category: 'robot', year, blade: 'C' }, [{ name: 'after.pcd', bytes: makePcd(9) }]);
    expect(await t.app.ctx.derivatives.ensure(photoSchema.parse(next.json().data[0]).key)).toBe('ready');
  });

  it('writes a decimated binary copy beside the thumbnail, serves it signed, keeps it known to integrity, deletes it with the photo', async () => {
    const points = bladeSection(3000);
    const res = await postFiles(t, admin, turbineId, { category: 'robot', year, blade: 'B' }, [
      { name: 'decimated.pcd', bytes: pcdOf(points, 'ascii') },
      { name: 'beside.jpg', bytes: await makeJpeg(300, 200) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [cloud, jpeg] = (res.json().data as unknown[]).map((row) => photoSchema.parse(row));
    if (!cloud || !jpeg) throw new Error('not stored');
    expect(jpeg.urls).not.toHaveProperty('cloud');
    // a jpeg's link asking for a decimated copy names nothing
    expect((await t.app.inject({ method: 'GET', url: `${jpeg.urls.original}&v=c` })).statusCode).toBe(403);
    // made on demand when asked before the queue reached it, like the thumbnail
    const copy = await t.app.inject({ method: 'GET', url: cloud.urls.cloud ?? '' });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.headers['content-type']).toBe('application/x-pcd');
    expect(copy.headers['content-disposition']).toMatch(/^inline/);
    const header = parsePcdHeader(copy.rawPayload);
    expect([header.data, header.points, header.fields]).toEqual(['binary', 3000, ['x', 'y', 'z', 'rgb', 'intensity']]);
    expect(copy.rawPayload.toString('latin1', 0, header.headerLength)).toContain('# windscope source points 3000\n');
    const row = (i: number) => header.headerLength + i * header.rowSize;
    const p = points[1234];
    expect(copy.rawPayload.readFloatLE(row(1234))).toBeCloseTo(p?.x ?? Number.NaN, 5);
    expect(copy.rawPayload.readUInt32LE(row(1234) + 12)).toBe(p?.rgb);
    expect(copy.rawPayload.readFloatLE(row(1234) + 16)).toBeCloseTo(p?.intensity ?? Number.NaN, 5);
    // the copy is signed like the original: another kind, another variant or a changed key is refused
    expect((await t.app.inject({ method: 'GET', url: (cloud.urls.cloud ?? '').replace('k=pcd', 'k=webp') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${cloud.urls.cloud}&d=1` })).statusCode).toBe(403);
    const copyKey = `${cloud.key}.cloud.pcd`;
    expect(await storedKeys(t)).toContain(copyKey);

    const integrity = (repair: boolean) => integrityOf(t, { repair, orphanAgeMs: 3_600_000 });
    const mine = (report: Awaited<ReturnType<typeof integrity>>) => report.problems.filter((problem) => problem.key.startsWith(cloud.key));
    // known: not an orphan
    expect(mine(await integrity(false))).toEqual([]);
    // lost (or a cloud stored before copies were made): missing, and made again by --repair
    await t.app.ctx.storage.delete(copyKey);
    expect((await t.app.inject({ method: 'GET', url: cloud.urls.cloud ?? '' })).statusCode).toBe(404);
    expect(mine(await integrity(false))).toMatchObject([
      { kind: 'missing_derivative', detail: { code: 'INTEGRITY_DERIVATIVES_MISSING', params: { keys: copyKey } } },
    ]);
    expect(mine(await integrity(true))).toMatchObject([{ kind: 'missing_derivative', repaired: true }]);
    expect((await t.app.inject({ method: 'GET', url: cloud.urls.cloud ?? '' })).rawPayload.equals(copy.rawPayload)).toBe(true);

    const del = await t.call(admin, { method: 'DELETE', url: `/api/turbines/${turbineId}/photos?key=${encodeURIComponent(cloud.key)}` });
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect((await storedKeys(t)).filter((key) => key.startsWith(cloud.key))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: cloud.urls.cloud ?? '' })).statusCode).toBe(404);
  });

  it('refuses a thumbnail link relabelled as another kind', async () => {
    const res = await postFiles(t, admin, turbineId, { category: 'robot', year, blade: 'A' }, [
      { name: 'relabelled.pcd', bytes: makePcd(3) },
    ]);
    const cloud = photoSchema.parse(res.json().data[0]);
    // the signature covers the kind: the same link relabelled as another kind is refused
    const relabelled = (cloud.urls.thumbnail ?? '').replace('k=pcd', 'k=pdf');
    expect((await t.app.inject({ method: 'GET', url: relabelled })).statusCode).toBe(403);
  });
});

describe('reading a point cloud for its thumbnail', () => {
  const file = async (name: string, bytes: Buffer) => {
    const at = path.join(tmpdir(), `windscope-${process.pid}-${name}`);
    await writeFile(at, bytes);
    return at;
  };

  it.each(['ascii', 'binary', 'binary_compressed'] as const)(
    'keeps at most the budget of a %s cloud, spread over it, NaN skipped',
    async (encoding) => {
      const points = bladeSection(1000);
      points[10] = { x: Number.NaN, y: 0, z: 0, rgb: 0, intensity: 0 };
      const sample = await readPointSample(await file(`sample.${encoding}.pcd`, pcdOf(points, encoding)), 100);
      // every 10th point (1000 / 100), the NaN one among them skipped
      expect(sample.count).toBe(99);
      expect(sample.xyz[0]).toBe(0);
      expect(sample.xyz[3]).toBeCloseTo((20 / 1000) * 4, 5);
      expect(sample.xyz[(sample.count - 1) * 3]).toBeCloseTo((990 / 1000) * 4, 4);
      expect(sample.rgb?.[0]).toBe(bladeSection(1)[0]?.rgb);
      const all = await readPointSample(await file(`all.${encoding}.pcd`, pcdOf(points, encoding)));
      expect(all.count).toBe(999);
    },
  );

  it.each(['ascii', 'binary', 'binary_compressed'] as const)(
    'decimates a %s cloud over the budget to a binary copy of every n-th point, colours and intensity kept',
    async (encoding) => {
      const points = bladeSection(1000);
      const made = await makePointCloudDerivatives(await file(`copy.${encoding}.pcd`, pcdOf(points, encoding)), 100);
      const header = parsePcdHeader(made.cloud);
      expect([header.data, header.points, header.rowSize]).toEqual(['binary', 100, 20]);
      expect(made.cloud.length).toBe(header.headerLength + 100 * 20);
      expect(made.cloud.toString('latin1', 0, header.headerLength)).toContain('# windscope source points 1000\n');
      // read back by the same reader: point k of the copy is point 10k of the original
      const back = await readPointSample(await file(`copy-back.${encoding}.pcd`, made.cloud));
      expect(back.count).toBe(100);
      expect(back.total).toBe(100);
      expect(back.xyz[37 * 3 + 1]).toBeCloseTo(points[370]?.y ?? Number.NaN, 5);
      expect(back.rgb?.[37]).toBe(points[370]?.rgb);
      expect(back.intensity?.[37]).toBeCloseTo(points[370]?.intensity ?? Number.NaN, 5);
    },
  );

  it('writes a copy of a cloud without colours with x y z only', async () => {
    const made = await makePointCloudDerivatives(await file('plain.pcd', makePcd(5)));
    const header = parsePcdHeader(made.cloud);
    expect([header.fields, header.points]).toEqual([['x', 'y', 'z'], 5]);
    expect(made.cloud.readFloatLE(header.headerLength + 4 * 12 + 4)).toBe(2);
  });
});
