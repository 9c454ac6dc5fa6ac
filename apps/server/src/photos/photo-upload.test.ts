import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Photo, photoSchema } from '@windscope/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  demoTurbineIds,
  type FormFile,
  formBody,
  makeJpeg,
  makePcd,
  makePng,
  makeTiff,
  makeWebp,
  jpegDeclaring,
  pngDeclaring,
  storedKeys,
} from '../../test/uploads.ts';

const year = new Date().getFullYear();

describe.each(['fs', 's3'] as const)('photo uploads on the %s driver', (storage) => {
  let t: TestApp;
  let admin: string;
  let turbineId: number;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    admin = await t.login(DEMO.egeAdmin);
    [turbineId = 0] = await demoTurbineIds(t, admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (fields: Record<string, string | number>, files: FormFile[], headers: Record<string, string> = {}) => {
    const body = await formBody(fields, files);
    return t.call(admin, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/photos`,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const list = async (query: string) => {
    const res = await t.call(admin, { method: 'GET', url: `/api/turbines/${turbineId}/photos?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as { originalName: string; category: string | null; blade: string; room: number | null }[];
  };

  it('stores blade photos and every category, each type decided by its bytes, and lists them in the contract shape', async () => {
    const blade = await upload({ room: 2, year, blade: 'A' }, [
      { name: 'IMG_0001.jpg', bytes: await makeJpeg(900, 600, { exif: true }) },
      { name: 'pano-2.png', bytes: await makePng() },
    ]);
    expect(blade.statusCode).toBe(201);
    expect(blade.json()).toMatchObject({ success: true, message: '2 fotoğraf başarıyla yüklendi!', rejected: [] });
    const [jpeg] = blade.json().data;
    expect(jpeg).toMatchObject({ originalName: 'IMG_0001.jpg', room: 2, blade: 'A', category: null, year, width: 900, height: 600 });
    expect(jpeg.key).toMatch(new RegExp(`^turbines/${turbineId}/blade/${year}/A/2/\\d+-\\d+-IMG_0001\\.jpg$`));
    expect(jpeg.taken_at).toBe('2024-05-17T10:21:33.000Z');
    expect(jpeg.gps.latitude).toBeCloseTo(38.425, 3);
    expect(jpeg.uploader_email).toBe(DEMO.egeAdmin);
    expect(jpeg.sha256).toMatch(/^[0-9a-f]{64}$/);

    for (const [category, file] of [
      ['drone', { name: 'drone_1.webp', bytes: await makeWebp() }],
      ['operator', { name: 'op-1.tif', bytes: await makeTiff() }],
      ['robot', { name: 'scan.pcd', bytes: makePcd() }],
    ] as const) {
      const res = await upload({ year, blade: 'B', category }, [file]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data[0].key).toMatch(new RegExp(`^turbines/${turbineId}/${category}/${year}/B/0/`));
    }

    const all = await list(`view=all&year=${year}`);
    expect(all.map((p) => p.originalName).sort()).toEqual(['IMG_0001.jpg', 'drone_1.webp', 'op-1.tif', 'pano-2.png', 'scan.pcd']);
    for (const item of all) photoSchema.strict().parse(item);
    // the listing gives the capture time and position read at upload (issue 24 item 22: the viewers' headers show them)
    const byName = new Map(all.map((p) => [p.originalName, p as unknown as Photo]));
    expect(byName.get('IMG_0001.jpg')?.taken_at).toBe('2024-05-17T10:21:33.000Z');
    expect(byName.get('IMG_0001.jpg')?.gps?.latitude).toBeCloseTo(38.425, 4);
    expect(byName.get('IMG_0001.jpg')?.gps?.longitude).toBeCloseTo(27.1333, 4);
    for (const name of ['pano-2.png', 'drone_1.webp', 'op-1.tif', 'scan.pcd']) {
      expect(byName.get(name)).toMatchObject({ taken_at: null, gps: null });
    }
    expect((await list('room=2&noCache=1')).map((p) => p.originalName).sort()).toEqual(['IMG_0001.jpg', 'pano-2.png']);
    expect((await list('category=drone')).map((p) => p.originalName)).toEqual(['drone_1.webp']);
    expect((await list('category=blade&blade=A')).length).toBe(2);
    expect((await list('blade=B')).length).toBe(3);
    expect(await list(`view=all&year=${year - 1}`)).toEqual([]);
    const turbine = await t.call(admin, { method: 'GET', url: `/api/turbines/${turbineId}` });
    expect(turbine.json().turbine.photo_count).toBe(5);
    // original, thumbnail and preview per image and for the point cloud (its top-down pictures), all made by the queue,
    // and the point cloud's decimated copy for the viewer
    expect((await storedKeys(t)).length).toBe(5 * 3 + 1);
    expect((await storedKeys(t)).filter((key) => key.endsWith('.cloud.pcd'))).toHaveLength(1);
  });

  it('refuses HTML named .jpg with 415 and stores nothing', async () => {
    const before = await storedKeys(t);
    const res = await upload({ room: 1, year, blade: 'A' }, [
      { name: 'evil.jpg', bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PHOTO_UNSUPPORTED_TYPE',
      rejected: [{ name: 'evil.jpg', reason: 'unsupported_type' }],
    });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('refuses a zero-byte file, a truncated JPEG and a 500-megapixel header with 422, storing nothing', async () => {
    const before = await storedKeys(t);
    const whole = await makeJpeg(1200, 900);
    for (const file of [
      { name: 'empty.jpg', bytes: Buffer.alloc(0) },
      { name: 'cut.jpg', bytes: whole.subarray(0, Math.floor(whole.length / 2)) },
    ]) {
      const res = await upload({ room: 1, year, blade: 'A' }, [file]);
      expect(res.statusCode, file.name).toBe(422);
      expect(res.json()).toMatchObject({ code: 'PHOTO_DAMAGED', rejected: [{ name: file.name, reason: 'damaged' }] });
    }
    const bomb = await upload({ room: 1, year, blade: 'A' }, [{ name: 'bomb.png', bytes: pngDeclaring(25_000, 20_000) }]);
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json()).toMatchObject({ code: 'PHOTO_TOO_MANY_PIXELS', rejected: [{ reason: 'too_many_pixels' }] });
    expect(bomb.json().message).toContain('400 megapiksel');
    expect(await storedKeys(t)).toEqual(before);
  });

  it('refuses a header-only image claiming exactly the pixel limit (it never decodes) with 422, in tr and en, storing nothing', async () => {
    const before = await storedKeys(t);
    const rowsBefore = (await t.call(admin, { method: 'GET', url: `/api/turbines/${turbineId}` })).json().turbine.photo_count;
    // 20000 x 20000 = exactly 400 megapixels, in a few hundred bytes: the header passes the pixel check, and the file
    // ends with the JPEG end marker (PNG: IEND), so it looks whole
    const header = await jpegDeclaring(20_000, 20_000);
    expect(header.length).toBeLessThan(300);
    const tr = await upload({ room: 1, year, blade: 'A' }, [{ name: 'header-only.jpg', bytes: header }]);
    expect(tr.statusCode, tr.body).toBe(422);
    expect(tr.json()).toMatchObject({ code: 'PHOTO_DAMAGED', rejected: [{ name: 'header-only.jpg', reason: 'damaged' }] });
    expect(tr.json().message).toBe('1 dosya boş veya bozuk: header-only.jpg');
    const en = await upload({ room: 1, year, blade: 'A' }, [{ name: 'header-only.png', bytes: pngDeclaring(20_000, 20_000) }], {
      'accept-language': 'en',
    });
    expect(en.statusCode, en.body).toBe(422);
    expect(en.json().message).toBe('1 file(s) empty or damaged: header-only.png');
    // beside a real photo of the same request: the real one is stored, the header-only one refused
    const mixed = await upload({ room: 1, year, blade: 'A' }, [
      { name: 'header-only-2.jpg', bytes: header },
      { name: 'real-beside.jpg', bytes: await makeJpeg(320, 240) },
    ]);
    expect(mixed.statusCode, mixed.body).toBe(201);
    expect(mixed.json().rejected).toEqual([expect.objectContaining({ name: 'header-only-2.jpg', reason: 'damaged' })]);
    const added = (await storedKeys(t)).filter((k) => !before.includes(k));
    expect(added.filter((k) => k.includes('header-only'))).toEqual([]);
    const turbine = await t.call(admin, { method: 'GET', url: `/api/turbines/${turbineId}` });
    expect(turbine.json().turbine.photo_count).toBe(rowsBefore + 1);
  });

  it('skips unsafe names with the spec message and keeps the good files of the same upload', async () => {
    const jpeg = await makeJpeg(320, 240);
    const res = await upload(
      { room: 3, year, blade: 'C' },
      [
        { name: 'with space.jpg', bytes: jpeg },
        { name: 'şanlıurfa.jpg', bytes: jpeg },
        { name: '../escape.jpg', bytes: jpeg },
        { name: 'nul\u0000byte.jpg', bytes: jpeg },
        { name: 'good_name-1.jpg', bytes: jpeg },
      ],
      { 'accept-language': 'tr' },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data.map((p: { originalName: string }) => p.originalName)).toEqual(['good_name-1.jpg']);
    expect(body.rejected.map((r: { reason: string }) => r.reason)).toEqual(Array(4).fill('invalid_name'));
    expect(body.message).toBe(
      '1 fotoğraf başarıyla yüklendi! 4 dosya geçersiz adlar nedeniyle atlandı: with space.jpg, şanlıurfa.jpg, ../escape.jpg, nul?byte.jpg',
    );
    expect((await storedKeys(t)).some((k) => k.includes('escape'))).toBe(false);
  });

  it('refuses a name already used on the turbine, in any case, with advice to rename or delete', async () => {
    const jpeg = await makeJpeg(200, 150);
    expect((await upload({ room: 3, year, blade: 'A' }, [{ name: 'Dup-1.jpg', bytes: jpeg }])).statusCode).toBe(201);
    const again = await upload({ room: 3, year, blade: 'B' }, [{ name: 'dup-1.JPG', bytes: jpeg }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Aynı isimde fotoğraflar zaten mevcut: dup-1.JPG. Lütfen dosyaları yeniden adlandırın veya mevcut fotoğrafları silin.',
    );
    const english = await upload({ room: 3, year, blade: 'B' }, [{ name: 'DUP-1.jpg', bytes: jpeg }], { 'accept-language': 'en' });
    expect(english.json().message).toContain('Please rename the files or delete the existing photos.');
    const twice = await upload({ room: 3, year, blade: 'B' }, [
      { name: 'twin.jpg', bytes: jpeg },
      { name: 'TWIN.jpg', bytes: jpeg },
    ]);
    expect(twice.statusCode).toBe(201);
    expect(twice.json().rejected).toEqual([expect.objectContaining({ name: 'TWIN.jpg', reason: 'duplicate_name' })]);
  });

  it('refuses missing or invalid fields before reading any file', async () => {
    const jpeg = await makeJpeg(100, 100);
    const invalid: Record<string, string | number>[] = [
      { year, blade: 'A' },
      { room: 1, year, blade: 'D' },
      { room: 1, year: year - 11, blade: 'A' },
    ];
    for (const fields of invalid) {
      const res = await upload(fields, [{ name: 'f.jpg', bytes: jpeg }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('PHOTO_UPLOAD_FIELDS');
    }
    const none = await upload({ room: 1, year, blade: 'A' }, []);
    expect(none.json()).toMatchObject({ code: 'PHOTO_UPLOAD_NO_FILES' });
  });
});
