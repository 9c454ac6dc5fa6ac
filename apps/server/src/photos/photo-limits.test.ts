import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, formBody, makeJpeg, storedKeys } from '../../test/uploads.ts';

const year = new Date().getFullYear();

describe.each(['fs', 's3'] as const)('photo size limit (%s driver)', (storage) => {
  let t: TestApp;
  let token: string;
  let turbineId: number;
  let big: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ storage, limits: { photoBytes: 200 * 1024 } });
    token = await t.login(DEMO.egeManager);
    [turbineId = 0] = await demoTurbineIds(t, token);
    // noise does not compress: well over the 200 KB limit
    big = Buffer.concat([await makeJpeg(64, 64), Buffer.alloc(600 * 1024, 7)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (files: { name: string; bytes: Buffer }[]) => {
    const body = await formBody({ room: 1, year, blade: 'A' }, files);
    return t.call(token, { method: 'POST', url: `/api/turbines/${turbineId}/photos`, payload: body.payload, headers: body.headers });
  };

  it('tells the web app the limit it applies, so the upload panel flags a file before sending it', async () => {
    const res = await t.call(token, { method: 'GET', url: '/api/uploads/limits' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      photo_bytes: 200 * 1024,
      report_bytes: t.config.limits.reportBytes,
      max_megapixels: t.config.limits.maxMegapixels,
    });
    expect((await t.call(null, { method: 'GET', url: '/api/uploads/limits' })).statusCode).toBe(401);
  });

  it('refuses a photo over the limit with 413 and stores nothing', async () => {
    const res = await upload([{ name: 'huge.jpg', bytes: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PHOTO_TOO_LARGE', rejected: [{ name: 'huge.jpg', reason: 'too_large' }] });
    expect(res.json().message).toBe('1 dosya 0.2 MB sınırını aşıyor: huge.jpg');
    expect(await storedKeys(t)).toEqual([]);
  });

  it('goes on with the files after an oversize one', async () => {
    const res = await upload([
      { name: 'before.jpg', bytes: await makeJpeg(100, 80) },
      { name: 'huge-2.jpg', bytes: big },
      { name: 'after.jpg', bytes: await makeJpeg(100, 80) },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.map((p: { originalName: string }) => p.originalName)).toEqual(['before.jpg', 'after.jpg']);
    expect(res.json().rejected).toEqual([expect.objectContaining({ name: 'huge-2.jpg', reason: 'too_large' })]);
    expect((await storedKeys(t)).filter((k) => k.includes('huge'))).toEqual([]);
  });
});
