import { createHash, randomInt } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_PATH } from '@windscope/contract';
import { photos, tusUploads } from '../../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { cutPatch, sendInPieces, tusClient, uploadIdOf } from '../../../test/tus.ts';
import { demoTurbineIds, formBody, jpegDeclaring, makeJpeg, storedKeys } from '../../../test/uploads.ts';
import { TUS_PREFIX } from './tus-s3-store.ts';

const year = new Date().getFullYear();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const HOUR = 3_600_000;
const PHOTO_LIMIT = 600 * 1024;

/** A JPEG of some hundred kilobytes (noise after the image data does not compress, and JPEG decoders ignore it). */
async function bigJpeg(seed: number, extra = 300 * 1024): Promise<Buffer> {
  const image = await makeJpeg(640, 480, { seed });
  const noise = Buffer.alloc(extra);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + seed) % 251;
  // inside a COM segment before the end, so the file is a whole JPEG whatever its size
  const segments: Buffer[] = [];
  for (let i = 0; i < noise.length; i += 65_000) {
    const part = noise.subarray(i, i + 65_000);
    const head = Buffer.from([0xff, 0xfe, 0, 0]);
    head.writeUInt16BE(part.length + 2, 2);
    segments.push(head, part);
  }
  return Buffer.concat([image.subarray(0, 2), ...segments, image.subarray(2)]);
}

describe.each(['fs', 's3'] as const)('resumable photo uploads (tus, %s driver)', (storage) => {
  let t: TestApp;
  let operator: string;
  let manager: string;
  let marmara: string;
  let turbineId: number;
  let otherTurbineId: number;
  let marmaraTurbineId: number;
  let port: number;
  let seq = 0;
  const name = (stem: string) => `${stem}-${++seq}.jpg`;

  beforeAll(async () => {
    t = await createTestApp({ storage, limits: { photoBytes: PHOTO_LIMIT } });
    operator = await t.login(DEMO.egeOperator);
    manager = await t.login(DEMO.egeManager);
    marmara = await t.login(DEMO.marmaraOperator);
    [turbineId = 0, otherTurbineId = 0] = await demoTurbineIds(t, operator);
    [marmaraTurbineId = 0] = await demoTurbineIds(t, marmara);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const meta = (filename: string, extra: Record<string, string | number | undefined> = {}) => ({
    filename,
    turbine_id: turbineId,
    year,
    blade: 'B',
    room: 2,
    ...extra,
  });
  /** what the tus area holds (file store folder or .tus/ objects) */
  const tusKeys = () => t.app.ctx.storage.list(TUS_PREFIX);
  const rowOf = async (id: string) => (await t.app.ctx.db.select().from(tusUploads).where(eq(tusUploads.id, id)))[0];
  const photoNamed = async (originalName: string) =>
    (await t.app.ctx.db.select().from(photos).where(eq(photos.originalName, originalName)))[0];
  const head = (id: string, token = operator) =>
    new Promise<{ status: number; offset: number }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'HEAD',
          path: `${TUS_PATH}/${id}`,
          headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` },
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, offset: Number(res.headers['upload-offset'] ?? -1) });
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('resumes after a link cut at a random offset: HEAD tells where, the rest follows, and the photo is the file', async () => {
    const client = tusClient(t, operator);
    const bytes = await bigJpeg(1);
    const filename = name('resume');
    const created = await client.create(meta(filename), bytes.length);
    expect(created.statusCode, created.body).toBe(201);
    const id = uploadIdOf(created);
    expect(created.headers.location).toBe(`${TUS_PATH}/${id}`);
    // a first piece, then a PATCH cut somewhere in the middle of the rest
    const first = await client.patch(id, 0, bytes.subarray(0, 50_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('50000');
    const cutAt = randomInt(10_000, bytes.length - 50_000 - 10_000);
    await cutPatch(port, operator, id, 50_000, bytes.subarray(50_000), cutAt);
    // the server keeps what arrived (the S3 store too: a piece smaller than a part waits as .part)
    let resumed = await head(id);
    for (let i = 0; i < 40 && resumed.offset === 50_000; i++) {
      await new Promise((r) => setTimeout(r, 100));
      resumed = await head(id);
    }
    expect(resumed.status).toBe(200);
    expect(resumed.offset).toBeGreaterThan(50_000);
    expect(resumed.offset).toBeLessThanOrEqual(50_000 + cutAt);
    const last = await sendInPieces(client, id, bytes, 90_000, resumed.offset);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));
    expect(last.json()).toMatchObject({ success: true, data: { originalName: filename, sha256: sha(bytes), size: bytes.length } });
    const photo = await photoNamed(filename);
    expect(photo?.sha256).toBe(sha(bytes));
    expect(photo).toMatchObject({ blade: 'B', room: 2, year, turbineId });
    const stored = await t.app.ctx.storage.read(photo?.storageKey ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.stream ?? []) chunks.push(chunk as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(bytes));
    // the upload's own copy is gone; its row keeps the outcome
    expect((await tusKeys()).filter((k) => k.includes(id))).toEqual([]);
    expect((await rowOf(id))?.state).toBe('done');
    // a HEAD now tells it is whole, and the final PATCH sent again answers the same
    expect(await head(id)).toEqual({ status: 200, offset: bytes.length });
    const again = await client.patch(id, bytes.length - 10, bytes.subarray(-10));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(photo?.id);
  });

  it('answers a wrong Upload-Offset with 409 and the envelope, changing nothing', async () => {
    const client = tusClient(t, operator, 'en');
    const bytes = await makeJpeg(300, 200, { seed: 3 });
    const id = uploadIdOf(await client.create(meta(name('offset')), bytes.length));
    expect((await client.patch(id, 0, bytes.subarray(0, 1000))).statusCode).toBe(204);
    const wrong = await client.patch(id, 500, bytes.subarray(500, 2000));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'TUS_OFFSET_MISMATCH',
      message: 'The upload is at another position on the server; resume it from there.',
    });
    expect((await client.head(id)).headers['upload-offset']).toBe('1000');
    // tus' own refusals come as the envelope too, never its English text
    const noOffset = await t.call(operator, {
      method: 'PATCH',
      url: `${TUS_PATH}/${id}`,
      payload: bytes.subarray(1000, 2000),
      headers: { 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream', 'x-language': 'en' },
    });
    expect(noOffset.statusCode).toBe(400);
    expect(noOffset.json()).toMatchObject({ success: false, code: 'TUS_BAD_REQUEST' });
    const pastTheEnd = await client.patch(id, 1000, Buffer.concat([bytes.subarray(1000), Buffer.alloc(10)]));
    expect(pastTheEnd.statusCode).toBe(413);
    expect(pastTheEnd.json()).toMatchObject({ success: false, code: 'TUS_BODY_TOO_LARGE' });
    const wrongType = await client.patch(id, 1000, bytes.subarray(1000, 2000), { 'content-type': 'text/plain' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({
      success: false,
      code: 'TUS_CONTENT_TYPE',
      message: 'Upload pieces must be sent as application/offset+octet-stream.',
    });
    expect((await client.head(id)).headers['upload-offset']).toBe('1000');
  });

  it('a second PATCH on an upload being written asks the first to let go; nothing is corrupted', async () => {
    const client = tusClient(t, operator);
    const bytes = await bigJpeg(2);
    const filename = name('locked');
    const id = uploadIdOf(await client.create(meta(filename), bytes.length));
    // a PATCH that sends 100 kB and then hangs (the link died without a reset)
    const hanging = http.request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: `${TUS_PATH}/${id}`,
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${operator}`,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    hanging.on('error', () => {});
    const hangingAnswer = new Promise<number>((resolve) => {
      hanging.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      hanging.on('close', () => resolve(0));
    });
    hanging.write(bytes.subarray(0, 100_000));
    await new Promise((r) => setTimeout(r, 300));
    // the client resumes from another connection: HEAD waits for the lock, the holder stops at what it has
    const started = Date.now();
    const resumed = await head(id);
    expect(resumed.status).toBe(200);
    expect(resumed.offset).toBe(100_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    const last = await sendInPieces(client, id, bytes, 200_000, resumed.offset);
    expect(last.statusCode, last.body).toBe(200);
    expect((await photoNamed(filename))?.sha256).toBe(sha(bytes));
    hanging.destroy();
    await hangingAnswer;
  }, 30_000);

  it('keeps an upload to its creator: another user gets 404 for HEAD, PATCH, DELETE and the outcome', async () => {
    const client = tusClient(t, operator);
    const bytes = await makeJpeg(200, 100, { seed: 4 });
    const id = uploadIdOf(await client.create(meta(name('mine')), bytes.length));
    for (const token of [manager, marmara]) {
      const other = tusClient(t, token, 'en');
      expect((await other.head(id)).statusCode).toBe(404);
      const patch = await other.patch(id, 0, bytes);
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toMatchObject({
        success: false,
        code: 'TUS_UPLOAD_NOT_FOUND',
        message: 'Upload not found; upload the file again.',
      });
      expect((await other.remove(id)).statusCode).toBe(404);
      expect((await other.outcome(id)).statusCode).toBe(404);
    }
    expect((await client.head(id)).headers['upload-offset']).toBe('0');
    // and an id that is none
    expect((await client.head('0123456789abcdef0123456789abcdef')).statusCode).toBe(404);
    expect((await client.head('..%2F..%2Fetc')).statusCode).toBe(404);
    // the creator may end it: bytes and row go
    expect((await client.patch(id, 0, bytes.subarray(0, 100))).statusCode).toBe(204);
    expect((await client.remove(id)).statusCode).toBe(204);
    expect(await rowOf(id)).toBeUndefined();
    expect((await tusKeys()).filter((k) => k.includes(id))).toEqual([]);
  });

  it('refuses another company’s turbine with 404 and viewers and customers with 403, before any byte', async () => {
    const foreign = await tusClient(t, marmara, 'en').create(meta(name('foreign')), 1000);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, code: 'TURBINE_NOT_FOUND', message: 'Turbine not found' });
    const ownForeign = await tusClient(t, operator).create(meta(name('foreign'), { turbine_id: marmaraTurbineId }), 1000);
    expect(ownForeign.statusCode).toBe(404);
    for (const who of [DEMO.egeViewer, DEMO.egeCustomer]) {
      const refused = await tusClient(t, await t.login(who), 'tr').create(meta(name('seen')), 1000);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Bu işlem için yetkiniz yok.' });
    }
    expect(await t.app.ctx.db.select().from(tusUploads).where(eq(tusUploads.turbineId, marmaraTurbineId))).toEqual([]);
    // no session: 401
    const anonymous = await t.app.inject({ method: 'POST', url: TUS_PATH, headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses at creation a bad name, a name the turbine has, a file over the limit and missing placement, as the multipart route does', async () => {
    const client = tusClient(t, operator, 'en');
    const bad = await client.create(meta('bad name!.jpg'), 1000);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      code: 'PHOTO_INVALID_NAMES',
      message: '1 file(s) skipped because of invalid names: bad name!.jpg',
    });
    // a name an existing photo has (any case)
    const bytes = await makeJpeg(120, 90, { seed: 5 });
    const taken = name('taken');
    const first = uploadIdOf(await client.create(meta(taken), bytes.length));
    expect((await client.patch(first, 0, bytes)).statusCode).toBe(200);
    const dup = await client.create(meta(taken.toUpperCase()), bytes.length);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, code: 'PHOTO_DUPLICATE_NAMES' });
    expect(dup.json().message).toBe(
      `Photos with the same name already exist: ${taken.toUpperCase()}. Please rename the files or delete the existing photos.`,
    );
    // over the photo limit: the same message as the multipart route
    const tooBig = await client.create(meta('huge.jpg'), PHOTO_LIMIT + 1);
    expect(tooBig.statusCode).toBe(413);
    const body = await formBody({ room: 1, year, blade: 'A' }, [{ name: 'huge.jpg', bytes: await bigJpeg(9, PHOTO_LIMIT) }]);
    const multipart = await t.call(operator, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/photos`,
      payload: body.payload,
      headers: { ...body.headers, 'x-language': 'en' },
    });
    expect(multipart.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ success: false, code: 'PHOTO_TOO_LARGE', message: multipart.json().message });
    expect(tooBig.json().message).toBe('1 file(s) over the 0.6 MB limit: huge.jpg');
    // no length, no placement, a room with a category missing
    expect((await client.create(meta(name('nolength')), null)).json()).toMatchObject({ code: 'TUS_LENGTH_REQUIRED' });
    const noBlade = await client.create({ filename: name('noblade'), turbine_id: turbineId, year }, 1000);
    expect(noBlade.statusCode).toBe(400);
    expect(noBlade.json()).toMatchObject({ code: 'TUS_METADATA_FIELD', message: 'The upload’s blade is missing or invalid.' });
    const noTus = await t.call(operator, { method: 'POST', url: TUS_PATH, headers: { 'upload-length': '10', 'x-language': 'en' } });
    expect(noTus.statusCode).toBe(412);
    expect(noTus.headers['tus-version']).toBe('1.0.0');
    expect(noTus.json()).toMatchObject({ success: false, code: 'TUS_VERSION_UNSUPPORTED' });
    // none of the refused left a row
    expect(
      (await t.app.ctx.db.select().from(tusUploads)).filter(
        (r) => r.state === 'receiving' && r.metadata && JSON.stringify(r.metadata).includes('huge'),
      ),
    ).toEqual([]);
  });

  it('names the wrong metadata field in the reader’s language, never the multipart form’s wording', async () => {
    const cases: [string, Record<string, string | number | undefined>, string, string][] = [
      [
        'missing filename',
        { filename: undefined },
        'Yükleme bilgilerinde dosya adı eksik veya geçersiz.',
        'The upload’s file name is missing or invalid.',
      ],
      [
        'missing turbine',
        { turbine_id: undefined },
        'Yükleme bilgilerinde türbin eksik veya geçersiz.',
        'The upload’s turbine is missing or invalid.',
      ],
      [
        'bad SHA-256',
        { sha256: 'xyz' },
        'Yükleme bilgilerinde SHA-256 özeti eksik veya geçersiz.',
        'The upload’s SHA-256 checksum is missing or invalid.',
      ],
      [
        '300-character name',
        { filename: `${'a'.repeat(296)}.jpg` },
        'Dosya adı en fazla 255 karakter olabilir; dosyayı daha kısa bir adla yükleyin.',
        'A file name can be at most 255 characters; upload the file under a shorter name.',
      ],
      ['bad year', { year: 'last' }, 'Yükleme bilgilerinde yıl eksik veya geçersiz.', 'The upload’s year is missing or invalid.'],
      [
        'neither room nor category',
        { room: undefined },
        'Yükleme bilgilerindeki yıl, kanat ve oda (ya da kategori) bu türbine uymuyor.',
        'The upload’s year, blade and room (or category) do not fit this turbine.',
      ],
    ];
    const before = (await t.app.ctx.db.select().from(tusUploads)).length;
    for (const [label, change, tr, en] of cases) {
      for (const [language, message] of [
        ['tr', tr],
        ['en', en],
      ] as const) {
        const res = await tusClient(t, operator, language).create({ ...meta(name('meta')), ...change }, 1000);
        expect(res.statusCode, `${label} (${language})`).toBe(400);
        expect(res.json().message, `${label} (${language})`).toBe(message);
        expect(res.json().message).not.toMatch(/gönderilmelidir|sent before the files/);
      }
    }
    expect((await t.app.ctx.db.select().from(tusUploads)).length).toBe(before);
  });

  it('answers a whole file sent with its creation (creation-with-upload) with 201, Location and the photo; a refused one too', async () => {
    const client = tusClient(t, operator, 'en');
    const bytes = await makeJpeg(220, 160, { seed: 40 });
    const filename = name('with-creation');
    const created = await client.create(meta(filename), bytes.length, {}, bytes);
    expect(created.statusCode, created.body).toBe(201);
    const id = uploadIdOf(created);
    expect(created.headers.location).toBe(`${TUS_PATH}/${id}`);
    expect(created.headers['upload-offset']).toBe(String(bytes.length));
    expect(created.json()).toMatchObject({ success: true, data: { originalName: filename, sha256: sha(bytes) } });
    // the answer was lost: the Location tells the outcome, and HEAD says whole
    expect((await client.outcome(id)).json().data).toMatchObject({ state: 'stored', photo: { id: created.json().data.id } });
    expect((await client.head(id)).headers['upload-offset']).toBe(String(bytes.length));
    expect((await tusKeys()).filter((k) => k.includes(id))).toEqual([]);
    // refused at its end: the refusal, with the Location of its kept outcome
    const html = Buffer.from(`<!doctype html><html><body>${'x'.repeat(2000)}</body></html>`);
    const refused = await client.create(meta(name('page-with-creation')), html.length, {}, html);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ success: false, code: 'PHOTO_UNSUPPORTED_TYPE' });
    const refusedId = uploadIdOf(refused);
    expect((await client.outcome(refusedId)).json().data).toMatchObject({ state: 'refused', code: 'PHOTO_UNSUPPORTED_TYPE' });
    // part of a file with its creation: 201, the offset, and the rest by PATCH
    const larger = await bigJpeg(42, 20 * 1024);
    const part = await client.create(meta(name('part-with-creation')), larger.length, {}, larger.subarray(0, 10_000));
    expect(part.statusCode).toBe(201);
    expect(part.headers['upload-offset']).toBe('10000');
    expect((await client.patch(uploadIdOf(part), 10_000, larger.subarray(10_000))).statusCode).toBe(200);
  });

  it('advertises what works: Tus-Max-Size is the photo limit, no creation-defer-length (a deferred length is refused)', async () => {
    const options = await t.app.inject({ method: 'OPTIONS', url: TUS_PATH });
    expect(options.statusCode).toBe(204);
    expect(options.headers['tus-version']).toBe('1.0.0');
    expect(options.headers['tus-max-size']).toBe(String(PHOTO_LIMIT));
    expect(String(options.headers['tus-extension']).split(',')).toEqual(['creation', 'creation-with-upload', 'termination', 'expiration']);
    const deferred = await tusClient(t, operator, 'en').create(meta(name('deferred')), null, { 'upload-defer-length': '1' });
    expect(deferred.statusCode).toBe(400);
    expect(deferred.json()).toMatchObject({ success: false, code: 'TUS_LENGTH_REQUIRED' });
  });

  it('refuses another Tus-Resumable with 412 and Tus-Version on every method, and a piece of another type with 415', async () => {
    const client = tusClient(t, operator, 'en');
    const bytes = await makeJpeg(120, 90, { seed: 41 });
    const id = uploadIdOf(await client.create(meta(name('version')), bytes.length));
    const requests = [
      { method: 'POST' as const, url: TUS_PATH, headers: { 'upload-length': '10', 'upload-metadata': '' } },
      { method: 'HEAD' as const, url: `${TUS_PATH}/${id}`, headers: {} },
      {
        method: 'PATCH' as const,
        url: `${TUS_PATH}/${id}`,
        payload: bytes,
        headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      },
      { method: 'DELETE' as const, url: `${TUS_PATH}/${id}`, headers: {} },
    ];
    for (const version of ['0.2.2', '2.0.0', undefined]) {
      for (const request of requests) {
        const res = await t.call(operator, {
          ...request,
          headers: { ...request.headers, ...(version ? { 'tus-resumable': version } : {}), 'x-language': 'tr' },
        });
        expect(res.statusCode, `${request.method} ${version}`).toBe(412);
        expect(res.headers['tus-version']).toBe('1.0.0');
        if (request.method !== 'HEAD')
          expect(res.json()).toMatchObject({
            success: false,
            code: 'TUS_VERSION_UNSUPPORTED',
            message: expect.stringContaining('tus 1.0.0'),
          });
      }
    }
    for (const [type, payload] of [
      ['application/json', '{"a":1}'],
      ['application/json', '{not json'],
      ['text/plain', 'abc'],
      ['application/octet-stream', bytes],
      ['multipart/form-data; boundary=x', '--x--'],
    ] as const) {
      const res = await client.patch(id, 0, Buffer.from(payload), { 'content-type': type });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 'TUS_CONTENT_TYPE' });
    }
    // nothing of it was taken
    expect((await client.head(id)).headers['upload-offset']).toBe('0');
    expect((await client.patch(id, 0, bytes)).statusCode).toBe(200);
  });

  it('answers both of two simultaneous final PATCHes with the stored photo, not 409/404/410', async () => {
    for (let round = 0; round < 3; round++) {
      const client = tusClient(t, operator, 'en');
      const bytes = await bigJpeg(50 + round, 60 * 1024);
      const filename = name('twice');
      const id = uploadIdOf(await client.create(meta(filename), bytes.length));
      const start = bytes.length - 20_000;
      expect((await client.patch(id, 0, bytes.subarray(0, start))).statusCode).toBe(204);
      const [a, b] = await Promise.all([client.patch(id, start, bytes.subarray(start)), client.patch(id, start, bytes.subarray(start))]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      expect(a.json().data.id).toBe(b.json().data.id);
      expect(b.headers['upload-offset']).toBe(String(bytes.length));
      expect((await photoNamed(filename))?.sha256).toBe(sha(bytes));
    }
  });

  it('a final PATCH that arrives while this process runs the pipeline of the first one waits for it: 200 with the same photo, not 423', async () => {
    // the order that a loaded machine made of two simultaneous ones (CI, session 16): the second is read after the
    // first one's claim. A large photo keeps the pipeline busy long enough to be seen 'finishing'.
    const client = tusClient(t, operator, 'en');
    const bytes = await makeJpeg(4000, 3000, { seed: 77 });
    const filename = name('second');
    const id = uploadIdOf(await client.create(meta(filename), bytes.length));
    const start = bytes.length - 1000;
    expect((await client.patch(id, 0, bytes.subarray(0, start))).statusCode).toBe(204);
    const first = client.patch(id, start, bytes.subarray(start));
    // (a timer between reads: PGlite answers within microtasks, and the request's body is fed on timers and I/O)
    let state = (await rowOf(id))?.state;
    while (state === 'receiving') {
      await new Promise((resolve) => setTimeout(resolve, 2));
      state = (await rowOf(id))?.state;
    }
    expect(state).toBe('finishing');
    const second = await client.patch(id, start, bytes.subarray(start));
    const answered = await first;
    expect([answered.statusCode, second.statusCode], second.body).toEqual([200, 200]);
    expect(second.json().data.id).toBe(answered.json().data.id);
    expect(second.headers['upload-offset']).toBe(String(bytes.length));
    expect((await photoNamed(filename))?.sha256).toBe(sha(bytes));
    // its thumbnails and Deep Zoom tiles are made before the next test counts what is stored
    await t.app.ctx.derivatives.idle();
    await t.app.ctx.tiles.idle();
  });

  it('refuses finished bytes that are HTML named .jpg (415, localized), a damaged SHA-256 and a name taken meanwhile; nothing stays', async () => {
    const client = tusClient(t, operator, 'en');
    const before = await storedKeys(t);
    const html = Buffer.from(`<!doctype html><html><body>${'x'.repeat(3000)}</body></html>`);
    const htmlId = uploadIdOf(await client.create(meta(name('page')), html.length));
    const refused = await sendInPieces(client, htmlId, html, 1000);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ success: false, code: 'PHOTO_UNSUPPORTED_TYPE' });
    expect(refused.json().message).toMatch(/^1 file\(s\) of an unsupported type: page-\d+\.jpg\. Only JPEG/);
    const turkish = await tusClient(t, operator, 'tr').outcome(htmlId);
    expect(turkish.json().data).toMatchObject({ state: 'refused', code: 'PHOTO_UNSUPPORTED_TYPE' });
    expect(turkish.json().data.message).toMatch(/^1 dosya desteklenmeyen türde/);
    // the client computed another SHA-256 than the bytes have: damaged on the way
    const bytes = await makeJpeg(150, 100, { seed: 6 });
    const damaged = uploadIdOf(await client.create(meta(name('damaged'), { sha256: 'a'.repeat(64) }), bytes.length));
    const mismatch = await client.patch(damaged, 0, bytes);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({ success: false, code: 'PHOTO_DAMAGED' });
    // the same file with its true SHA-256 goes through
    const fine = uploadIdOf(await client.create(meta(name('sha-ok'), { sha256: sha(bytes) }), bytes.length));
    expect((await client.patch(fine, 0, bytes)).statusCode).toBe(200);
    // two uploads of one name: both pass creation, the second to finish is refused as a duplicate
    const racing = name('race');
    const a = uploadIdOf(await client.create(meta(racing), bytes.length));
    const b = uploadIdOf(await client.create(meta(racing), bytes.length));
    expect((await client.patch(a, 0, bytes)).statusCode).toBe(200);
    const lost = await client.patch(b, 0, bytes);
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({ success: false, code: 'PHOTO_DUPLICATE_NAMES' });
    // refusals left no photo row, no stored file, no staging object and no tus bytes
    const after = await storedKeys(t);
    const added = after.filter((k) => !before.includes(k));
    expect(added.filter((k) => !/sha-ok|race/.test(k))).toEqual([]);
    expect(added.filter((k) => /race/.test(k)).filter((k) => !/\.(thumb|preview)\.webp$/.test(k))).toHaveLength(1);
    expect(await photoNamed(html.toString().slice(0, 5))).toBeUndefined();
    for (const id of [htmlId, damaged, b]) expect((await tusKeys()).filter((k) => k.includes(id))).toEqual([]);
    expect((await client.outcome(b)).json().data).toMatchObject({ state: 'refused', code: 'PHOTO_DUPLICATE_NAMES' });
  });

  it('refuses at its end a header-only JPEG claiming exactly the pixel limit (422, tr and en); no row, no file stays', async () => {
    const client = tusClient(t, operator, 'en');
    const before = await storedKeys(t);
    const header = await jpegDeclaring(20_000, 20_000);
    const filename = name('header-only');
    const id = uploadIdOf(await client.create(meta(filename), header.length));
    const refused = await client.patch(id, 0, header);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({ success: false, code: 'PHOTO_DAMAGED', message: `1 file(s) empty or damaged: ${filename}` });
    const turkish = await tusClient(t, operator, 'tr').outcome(id);
    expect(turkish.json().data).toEqual({ state: 'refused', code: 'PHOTO_DAMAGED', message: `1 dosya boş veya bozuk: ${filename}` });
    expect(await photoNamed(filename)).toBeUndefined();
    expect((await storedKeys(t)).filter((k) => !before.includes(k))).toEqual([]);
    expect((await tusKeys()).filter((k) => k.includes(id))).toEqual([]);
  });

  it('tells the outcome: incomplete with the offset, then stored with the photo', async () => {
    const client = tusClient(t, operator);
    const bytes = await makeJpeg(200, 150, { seed: 8 });
    const id = uploadIdOf(await client.create(meta(name('outcome')), bytes.length));
    expect((await client.outcome(id)).json()).toMatchObject({
      success: true,
      data: { state: 'incomplete', offset: 0, length: bytes.length },
    });
    await client.patch(id, 0, bytes.subarray(0, 700));
    expect((await client.outcome(id)).json().data).toEqual({ state: 'incomplete', offset: 700, length: bytes.length });
    await client.patch(id, 700, bytes.subarray(700));
    const done = (await client.outcome(id)).json();
    expect(done.data.state).toBe('stored');
    expect(done.data.photo).toMatchObject({ sha256: sha(bytes), size: bytes.length });
  });

  it('runs the pipeline when the outcome is asked of an upload whose bytes are all in but that was never finished', async () => {
    const client = tusClient(t, operator);
    const bytes = await makeJpeg(180, 120, { seed: 12 });
    const filename = name('unfinished');
    const id = uploadIdOf(await client.create(meta(filename), bytes.length));
    // the bytes arrived, but the request that brought the last one died before the pipeline ran (or storage was away)
    await t.app.ctx.tus.datastore.write(Readable.from([bytes]), id, 0);
    const outcome = await client.outcome(id);
    expect(outcome.json().data).toMatchObject({ state: 'stored', photo: { originalName: filename, sha256: sha(bytes) } });
    expect((await photoNamed(filename))?.sha256).toBe(sha(bytes));
    expect((await tusKeys()).filter((k) => k.includes(id))).toEqual([]);
  });

  it('a process that died running the pipeline: once its claim was not renewed for the lease (30 s), the outcome runs it again', async () => {
    const client = tusClient(t, operator);
    const bytes = await makeJpeg(160, 120, { seed: 14 });
    const filename = name('orphaned');
    const id = uploadIdOf(await client.create(meta(filename), bytes.length));
    await t.app.ctx.tus.datastore.write(Readable.from([bytes]), id, 0);
    const lease = t.app.ctx.config.uploadQuota.slotLeaseMs;
    expect(lease).toBe(30_000);
    // last renewed 20 s ago (what a process killed mid-pipeline leaves): still its claimer's for 10 s more
    const claim = (msAgo: number) =>
      t.app.ctx.db
        .update(tusUploads)
        .set({ state: 'finishing', finishingAt: new Date(t.clock.now().getTime() - msAgo) })
        .where(eq(tusUploads.id, id));
    await claim(20_000);
    const waiting = (await client.outcome(id)).json().data;
    expect(waiting).toMatchObject({ state: 'incomplete', offset: bytes.length, length: bytes.length });
    expect(waiting.finishing_ms).toBeGreaterThan(lease - 25_000);
    expect(waiting.finishing_ms).toBeLessThanOrEqual(lease - 20_000);
    // a PATCH sent again meanwhile is told to wait (423), and runs nothing
    expect((await client.patch(id, bytes.length, Buffer.alloc(0))).statusCode).toBe(423);
    expect(await photoNamed(filename)).toBeUndefined();
    // not renewed for a lease: the claimer is gone; the client asking for the outcome gets the photo stored
    await claim(lease + 1000);
    expect((await client.outcome(id)).json().data).toMatchObject({
      state: 'stored',
      photo: { originalName: filename, sha256: sha(bytes) },
    });
    expect((await rowOf(id))?.state).toBe('done');
    expect((await tusKeys()).filter((k) => k.includes(id))).toEqual([]);
  });

  it('while the pipeline works on the last byte: HEAD says whole, a PATCH gets 423 (tus clients retry it), the outcome incomplete', async () => {
    const client = tusClient(t, operator, 'en');
    const bytes = await makeJpeg(200, 150, { seed: 9 });
    const id = uploadIdOf(await client.create(meta(name('finishing')), bytes.length));
    await client.patch(id, 0, bytes.subarray(0, 500));
    // as another process does while it runs the pipeline (its claim is recent)
    await t.app.ctx.db.update(tusUploads).set({ state: 'finishing', finishingAt: t.clock.now() }).where(eq(tusUploads.id, id));
    const whole = await client.head(id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['upload-offset']).toBe(String(bytes.length));
    const busy = await client.patch(id, 500, bytes.subarray(500));
    expect(busy.statusCode).toBe(423);
    expect(busy.json()).toMatchObject({ success: false, code: 'TUS_UPLOAD_FINISHING' });
    const waiting = (await client.outcome(id)).json().data;
    expect(waiting).toMatchObject({ state: 'incomplete', offset: bytes.length, length: bytes.length });
    // the client waits as long as the claim's lease says, not a fixed time
    expect(waiting.finishing_ms).toBeGreaterThan(t.app.ctx.config.uploadQuota.slotLeaseMs - 5000);
    expect(
      await t.app.ctx.db
        .select()
        .from(photos)
        .where(eq(photos.originalName, `finishing-${seq}.jpg`)),
    ).toEqual([]);
  });

  it('removes an expired upload’s bytes and row in the sweep; HEAD says 410 meanwhile', async () => {
    const client = tusClient(t, operator, 'en');
    const bytes = await makeJpeg(200, 150, { seed: 10 });
    const id = uploadIdOf(await client.create(meta(name('expiring')), bytes.length));
    await client.patch(id, 0, bytes.subarray(0, 900));
    expect((await tusKeys()).some((k) => k.includes(id))).toBe(true);
    await t.app.ctx.tus.sweep();
    expect(await rowOf(id)).toBeDefined();
    t.clock.advance(24 * HOUR + 60_000);
    try {
      await expired(id, bytes);
    } finally {
      t.clock.advance(-(24 * HOUR + 60_000));
    }
  });

  /** a day later (sessions of then have ended: a new sign-in) */
  async function expired(id: string, bytes: Buffer) {
    const client = tusClient(t, await t.login(DEMO.egeOperator), 'en');
    const gone = await client.head(id);
    expect(gone.statusCode).toBe(410);
    const patch = await client.patch(id, 900, bytes.subarray(900));
    expect(patch.json()).toMatchObject({
      code: 'TUS_UPLOAD_EXPIRED',
      message: 'The upload was not finished in time and has been removed; upload the file again.',
    });
    expect(await t.app.ctx.tus.sweep()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toBeUndefined();
    expect((await tusKeys()).filter((k) => k.includes(id))).toEqual([]);
  }

  it('answers which SHA-256 a turbine holds, for its own company only', async () => {
    const client = tusClient(t, operator);
    const bytes = await makeJpeg(210, 150, { seed: 11 });
    const filename = name('hashed');
    expect((await client.patch(uploadIdOf(await client.create(meta(filename), bytes.length)), 0, bytes)).statusCode).toBe(200);
    const ask = (token: string, id: number, hashes: string[]) =>
      t.call(token, { method: 'POST', url: `/api/turbines/${id}/photos/known-hashes`, payload: { sha256: hashes } });
    const unknown = 'b'.repeat(64);
    const own = await ask(operator, turbineId, [sha(bytes), unknown, sha(bytes)]);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([{ sha256: sha(bytes), originalName: filename }]);
    // another turbine of the same company does not hold it
    expect((await ask(operator, otherTurbineId, [sha(bytes)])).json().data).toEqual([]);
    // another company: the turbine is not found
    const foreign = await ask(marmara, turbineId, [sha(bytes)]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'TURBINE_NOT_FOUND' });
    // a viewer may not upload, so may not ask
    expect((await ask(await t.login(DEMO.egeViewer), turbineId, [sha(bytes)])).statusCode).toBe(403);
    expect((await ask(operator, turbineId, ['not-a-hash'])).statusCode).toBe(400);
  });

  it('counts the turbine’s photos of a year per blade and source and per blade and room', async () => {
    const coverage = async (token: string, id: number, y = year) =>
      t.call(token, { method: 'GET', url: `/api/turbines/${id}/coverage?year=${y}` });
    const before = (await coverage(operator, otherTurbineId)).json().data;
    const client = tusClient(t, operator);
    const send = async (extra: Record<string, string | number | undefined>, seed: number) => {
      const bytes = await makeJpeg(100, 80, { seed });
      const res = await client.patch(
        uploadIdOf(await client.create(meta(name('cov'), { turbine_id: otherTurbineId, ...extra }), bytes.length)),
        0,
        bytes,
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await send({ blade: 'A', room: 1 }, 20);
    await send({ blade: 'A', room: 1 }, 21);
    await send({ blade: 'C', room: 3 }, 22);
    await send({ blade: 'B', room: undefined, category: 'drone' }, 23);
    const res = await coverage(operator, otherTurbineId);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.turbine_id).toBe(otherTurbineId);
    expect(data.interior.A[0] - before.interior.A[0]).toBe(2);
    expect(data.interior.C[2] - before.interior.C[2]).toBe(1);
    expect(data.sources.drone.B - before.sources.drone.B).toBe(1);
    expect(data.interior.A).toHaveLength(data.rooms);
    expect(data.empty).not.toContainEqual({ blade: 'A', room: 1 });
    expect(data.empty).not.toContainEqual({ blade: 'B', source: 'drone' });
    if (data.sources.robot.C === 0) expect(data.empty).toContainEqual({ blade: 'C', source: 'robot' });
    // another year: nothing
    const empty = (await coverage(operator, otherTurbineId, 1999)).json().data;
    expect(empty.empty).toHaveLength(3 * 3 + 3 * empty.rooms);
    expect((await coverage(marmara, otherTurbineId)).statusCode).toBe(404);
    expect((await coverage(await t.login(DEMO.egeViewer), otherTurbineId)).statusCode).toBe(200);
  });

  it('removes a turbine’s unfinished uploads with the turbine', async () => {
    const created = await t.call(manager, {
      method: 'POST',
      url: '/api/turbines',
      payload: { city: 'izmir', code: `TUS-${storage}-${Date.now()}`, location: 'Aliağa', site_name: 'Test RES' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const newTurbine = created.json().data.id as number;
    const client = tusClient(t, operator);
    const bytes = await makeJpeg(100, 80, { seed: 30 });
    const id = uploadIdOf(await client.create(meta(name('gone'), { turbine_id: newTurbine }), bytes.length));
    await client.patch(id, 0, bytes.subarray(0, 500));
    expect((await tusKeys()).some((k) => k.includes(id))).toBe(true);
    const superadmin = await t.login(DEMO.superadmin);
    const deleted = await t.call(superadmin, { method: 'DELETE', url: `/api/turbines/${newTurbine}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
    expect((await tusKeys()).filter((k) => k.includes(id))).toEqual([]);
    expect((await client.head(id)).statusCode).toBe(404);
  });
});
