import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, reports } from '../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { pause } from '../../test/raw-http.ts';
import { formBody, makeJpeg, makePdf } from '../../test/uploads.ts';

const year = new Date().getFullYear();

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await pause(25);
  }
}

// a manager deletes a turbine while an operator's upload to it is still arriving
describe.each(['fs', 's3'] as const)('deleting a turbine while an upload to it runs (%s driver)', (storage) => {
  let t: TestApp;
  let operator: string;
  let admin: string;
  let superadmin: string;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    operator = await t.login(DEMO.egeOperator);
    admin = await t.login(DEMO.egeAdmin);
    superadmin = await t.login(DEMO.superadmin);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  async function newTurbine(name: string): Promise<number> {
    const res = await t.call(admin, {
      method: 'POST',
      url: '/api/turbines',
      payload: {
        turbine_name: name,
        city: 'izmir',
        code: `DEL-${Math.random().toString(36).slice(2, 8)}`,
        location: 'Test',
        site_name: 'Test RES',
        coordinates: '38.42,27.14',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  }

  /** Starts an upload over a real connection: everything but the last `held` bytes is sent; finish() sends the rest. */
  function startUpload(path: string, body: { payload: Buffer; headers: Record<string, string> }, held: number) {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: {
        ...body.headers,
        'content-length': String(body.payload.length),
        authorization: `Bearer ${operator}`,
        'accept-language': 'en',
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      request.on('error', reject);
    });
    request.write(body.payload.subarray(0, body.payload.length - held));
    return { answer, finish: () => request.end(body.payload.subarray(body.payload.length - held)) };
  }

  const filesOf = async (turbineId: number) => [
    ...(await t.app.ctx.storage.list(`turbines/${turbineId}/`)),
    ...(await t.app.ctx.storage.list('.staging/')),
  ];

  it.each(['photos', 'reports'] as const)('answers the delete 200 and the %s upload 404, leaving no row and no file', async (kind) => {
    const turbineId = await newTurbine(`Delete race ${kind} ${storage}`);
    const files =
      kind === 'photos'
        ? [
            { name: 'stored-first.jpg', bytes: await makeJpeg(900, 600) },
            { name: 'still-arriving.jpg', bytes: await makeJpeg(1200, 900, { seed: 2 }) },
          ]
        : [
            { name: 'stored-first.pdf', bytes: makePdf('first') },
            { name: 'still-arriving.pdf', bytes: Buffer.concat([makePdf('second'), Buffer.alloc(300_000, 0x20)]) },
          ];
    const fields: Record<string, string | number> = kind === 'photos' ? { room: 1, year, blade: 'A' } : { year };
    const body = await formBody(fields, files, kind);
    const upload = startUpload(`/api/turbines/${turbineId}/${kind}`, body, Math.floor((files[1]?.bytes.length ?? 0) / 2));
    // the first file is committed under the turbine's folder (its row waits for the whole request)
    await until(async () =>
      (await t.app.ctx.storage.list(`turbines/${turbineId}/`)).some((key) =>
        key.endsWith(`stored-first.${kind === 'photos' ? 'jpg' : 'pdf'}`),
      ),
    );

    const deleted = await t.call(superadmin, { method: 'DELETE', url: `/api/turbines/${turbineId}` });
    expect(deleted.statusCode, deleted.body).toBe(200);

    upload.finish();
    const answered = await upload.answer;
    expect(answered.status, answered.body).toBe(404);
    expect(JSON.parse(answered.body)).toMatchObject({ success: false, code: 'TURBINE_NOT_FOUND', message: 'Turbine not found' });

    await t.app.ctx.derivatives.idle();
    const table = kind === 'photos' ? photos : reports;
    expect(await t.app.ctx.db.select().from(table).where(eq(table.turbineId, turbineId))).toEqual([]);
    await until(async () => (await filesOf(turbineId)).length === 0, 5_000);
  });

  it('answers the upload 404 and stores nothing when the turbine is gone before its first file ends', async () => {
    const turbineId = await newTurbine(`Delete first ${storage}`);
    const body = await formBody({ room: 1, year, blade: 'B' }, [{ name: 'only.jpg', bytes: await makeJpeg(1600, 1200) }]);
    const upload = startUpload(`/api/turbines/${turbineId}/photos`, body, 10_000);
    await until(async () => (await t.app.ctx.storage.list('.staging/')).length > 0 || storage === 's3');
    const deleted = await t.call(superadmin, { method: 'DELETE', url: `/api/turbines/${turbineId}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    upload.finish();
    const answered = await upload.answer;
    expect(answered.status, answered.body).toBe(404);
    expect(await t.app.ctx.db.select().from(photos).where(eq(photos.turbineId, turbineId))).toEqual([]);
    await until(async () => (await filesOf(turbineId)).length === 0, 5_000);
  });
});
