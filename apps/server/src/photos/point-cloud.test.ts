import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoSchema } from '@windscope/contract';
import { photos } from '../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, makeJpeg, makePcd, postFiles } from '../../test/uploads.ts';

const year = new Date().getFullYear();

// a .pcd point cloud has no image derivatives: the web shows an icon, never the raw cloud in an <img>
describe('a point cloud in photo answers and file routes', () => {
  let t: TestApp;
  let admin: string;
  let turbineId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login(DEMO.egeAdmin);
    [turbineId = 0] = await demoTurbineIds(t, admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers null thumbnail and preview URLs for a .pcd, its derivatives marked none, and serves it only as a point cloud', async () => {
    const res = await postFiles(t, admin, turbineId, { category: 'robot', year, blade: 'A' }, [
      { name: 'scan.pcd', bytes: makePcd(4) },
      { name: 'next-to-it.jpg', bytes: await makeJpeg(300, 200) },
    ]);
    expect(res.statusCode).toBe(201);
    const [cloud, image] = (res.json().data as unknown[]).map((row) => photoSchema.parse(row));
    expect(cloud?.urls).toEqual({ original: expect.stringContaining('k=pcd'), thumbnail: null, preview: null });
    expect(cloud?.url).toBe(cloud?.urls.original);
    expect(cloud?.mime_type).toBe('application/x-pcd');
    expect(image?.urls.thumbnail).toMatch(/&v=t$/);

    const listed = await t.call(admin, { method: 'GET', url: `/api/turbines/${turbineId}/photos?view=all` });
    const inList = (listed.json().data as { originalName: string; urls: unknown }[]).find((p) => p.originalName === 'scan.pcd');
    expect(inList?.urls).toEqual({ original: cloud?.urls.original, thumbnail: null, preview: null });

    const [row] = await t.app.ctx.db.select().from(photos).where(eq(photos.originalName, 'scan.pcd'));
    expect(row?.derivatives).toBe('none');

    const original = await t.app.inject({ method: 'GET', url: cloud?.urls.original ?? '' });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('application/x-pcd');
    // the signature does not cover the variant: a thumbnail or preview URL made from the cloud's link names nothing
    for (const variant of ['t', 'p']) {
      const asImage = await t.app.inject({ method: 'GET', url: `${cloud?.urls.original}&v=${variant}` });
      expect(asImage.statusCode).toBe(403);
      expect(asImage.headers['content-type']).not.toMatch(/^image\//);
    }
  });
});
