import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, formBody, makeJpeg, makePcd, makePdf, postFiles, storedKeys } from '../../test/uploads.ts';

const year = new Date().getFullYear();

// a file keeps its name (shown, downloaded under it): the name's ending must say what its bytes are
describe('a file name must match the type its bytes prove', () => {
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

  const photo = (name: string, bytes: Buffer) =>
    postFiles(t, admin, turbineId, { room: 1, year, blade: 'A' }, [{ name, bytes }]).then((res) => ({ res, body: res.json() }));

  it.each([
    ['page.html', 'a point cloud'],
    ['cloud.jpg', 'a point cloud'],
    ['cloud', 'a point cloud'],
    ['photo.html', 'a JPEG'],
    ['photo.svg', 'a JPEG'],
    ['photo.pcd', 'a JPEG'],
  ])('refuses %s holding %s, storing nothing', async (name, what) => {
    const bytes = what === 'a JPEG' ? await makeJpeg(200, 150) : makePcd();
    const { res, body } = await photo(name, bytes);
    expect(res.statusCode).toBe(415);
    expect(body.code).toBe('PHOTO_WRONG_EXTENSION');
    expect(body.rejected).toEqual([expect.objectContaining({ name, reason: 'wrong_extension' })]);
    expect(body.message).toContain(name);
    expect(body.message).toContain('uyuşmuyor');
    expect(await storedKeys(t)).toEqual([]);
  });

  it('explains the refusal in English too', async () => {
    const body = await formBody({ room: 1, year, blade: 'A' }, [{ name: 'x.html', bytes: makePcd() }]);
    const english = await t.call(admin, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/photos`,
      headers: { ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
    expect(english.statusCode).toBe(415);
    expect(english.json().message).toBe(
      '1 file(s) whose name does not match the content: x.html. Photos must end in .jpg, .jpeg, .png, .webp, .tif or .tiff, point clouds in .pcd.',
    );
  });

  it('keeps names whose ending fits: any image ending for an image, .pcd for a point cloud (any case)', async () => {
    const jpegAsPng = await photo('renamed.png', await makeJpeg(200, 150, { seed: 1 }));
    expect(jpegAsPng.res.statusCode).toBe(201);
    const cloud = await photo('scan.PCD', makePcd(5));
    expect(cloud.res.statusCode).toBe(201);
    expect(cloud.body.data[0].mime_type).toBe('application/x-pcd');
  });

  it('refuses a PDF report not named .pdf, and stores one that is', async () => {
    const wrong = await postFiles(t, admin, turbineId, { year }, [{ name: 'report.html', bytes: makePdf() }], 'reports');
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json()).toMatchObject({ code: 'REPORT_WRONG_EXTENSION', rejected: [{ name: 'report.html', reason: 'wrong_extension' }] });
    expect((await storedKeys(t)).filter((key) => key.includes('/reports/'))).toEqual([]);
    const right = await postFiles(t, admin, turbineId, { year }, [{ name: 'report.PDF', bytes: makePdf() }], 'reports');
    expect(right.statusCode).toBe(201);
  });
});
