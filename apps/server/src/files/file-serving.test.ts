import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, formBody, makeJpeg } from '../../test/uploads.ts';

const year = new Date().getFullYear();

describe.each(['fs', 's3'] as const)('signed file URLs on the %s driver', (storage) => {
  let t: TestApp;
  let original: Buffer;
  let photo: { key: string; urls: { thumbnail: string; preview: string; original: string } };

  beforeAll(async () => {
    t = await createTestApp({ storage });
    const admin = await t.login(DEMO.egeAdmin);
    const [turbineId] = await demoTurbineIds(t, admin);
    original = await makeJpeg(2400, 1600);
    const body = await formBody({ room: 1, year, blade: 'A' }, [{ name: 'IMG_0042.jpg', bytes: original }]);
    const res = await t.call(admin, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/photos`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(201);
    photo = res.json().data[0];
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves the original without a session, with safe headers and the original name', async () => {
    const res = await get(photo.urls.original, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(original)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="IMG_0042.jpg"',
      'accept-ranges': 'bytes',
      'content-length': String(original.length),
    });
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.etag).toMatch(/^".+"$/);
  });

  it('serves a ~400 px WebP thumbnail and a ~1600 px WebP preview', async () => {
    const thumbnail = await get(photo.urls.thumbnail);
    const preview = await get(photo.urls.preview);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 267 });
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
  });

  it('answers 304 to a matching If-None-Match and 206 to a Range', async () => {
    const first = await get(photo.urls.original);
    const again = await get(photo.urls.original, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // a browser always offers compression: a photo goes as it is (issue 22), its ranges too
    const head = await get(photo.urls.original, { range: 'bytes=0-99', 'accept-encoding': 'gzip, deflate, br' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-range']).toBe(`bytes 0-99/${original.length}`);
    expect(head.rawPayload.equals(original.subarray(0, 100))).toBe(true);
    const tail = await get(photo.urls.original, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(original.subarray(original.length - 10))).toBe(true);
    const beyond = await get(photo.urls.original, { range: `bytes=${original.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${original.length}`);
  });

  it('refuses a tampered URL with 403', async () => {
    const url = new URL(photo.urls.original, 'http://x');
    const tamper = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return `${copy.pathname}${copy.search}`;
    };
    for (const forged of [
      tamper((u) => {
        const sig = u.searchParams.get('s') ?? '';
        u.searchParams.set('s', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
      }),
      tamper((u) => u.searchParams.set('e', String(Number(u.searchParams.get('e')) + 3600))),
      tamper((u) => u.searchParams.set('k', 'pdf')),
      tamper((u) => u.searchParams.set('d', '1')),
      tamper((u) => u.searchParams.delete('s')),
      tamper((u) => u.searchParams.set('v', 'x')),
      tamper((u) => {
        u.pathname = u.pathname.replace('IMG_0042', 'IMG_0043');
      }),
      tamper((u) => {
        u.pathname = u.pathname.replace(/\/\d+\//, '/999/');
      }),
    ]) {
      const res = await get(forged);
      expect(res.statusCode, forged).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FILE_LINK_INVALID' });
    }
  });

  it('refuses an expired URL with 403', async () => {
    expect((await get(photo.urls.preview)).statusCode).toBe(200);
    t.clock.advance(2 * 3600 * 1000 + 1000);
    try {
      const res = await get(photo.urls.preview);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Dosya bağlantısı geçersiz veya süresi dolmuş.');
    } finally {
      t.clock.advance(-(2 * 3600 * 1000 + 1000));
    }
  });
});
