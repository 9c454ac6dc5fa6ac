import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, formBody, makeJpeg, storedKeys } from '../../test/uploads.ts';

const year = new Date().getFullYear();

describe.each(['fs', 's3'] as const)('who may upload, see and delete photos (%s driver)', (storage) => {
  let t: TestApp;
  let egeTurbine: number;
  let marmaraTurbine: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ storage });
    for (const [role, email] of Object.entries(DEMO)) tokens[role] = await t.login(email);
    [egeTurbine = 0] = await demoTurbineIds(t, tokens.egeAdmin ?? '');
    [marmaraTurbine = 0] = await demoTurbineIds(t, tokens.marmaraAdmin ?? '');
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (role: string, turbineId: number, name: string) => {
    const body = await formBody({ room: 1, year, blade: 'A' }, [{ name, bytes: await makeJpeg(120, 90) }]);
    return t.call(tokens[role] ?? null, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/photos`,
      payload: body.payload,
      headers: body.headers,
    });
  };
  const remove = (role: string, turbineId: number, key: string) =>
    t.call(tokens[role] ?? null, { method: 'DELETE', url: `/api/turbines/${turbineId}/photos?key=${encodeURIComponent(key)}` });

  it('answers 404 for another company’s turbine: upload, list and delete alike', async () => {
    const own = await upload('egeAdmin', egeTurbine, 'ege-1.jpg');
    const key = own.json().data[0].key as string;
    const before = await storedKeys(t);
    const foreign = await upload('marmaraAdmin', egeTurbine, 'intruder.jpg');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('TURBINE_NOT_FOUND');
    expect((await t.call(tokens.marmaraOperator ?? null, { method: 'GET', url: `/api/turbines/${egeTurbine}/photos` })).statusCode).toBe(
      404,
    );
    expect((await remove('marmaraAdmin', egeTurbine, key)).statusCode).toBe(404);
    expect((await remove('marmaraAdmin', marmaraTurbine, key)).statusCode).toBe(404);
    expect(await storedKeys(t)).toEqual(before);
  });

  it('refuses uploads from customers and viewers with 403, storing nothing; they still see the photos', async () => {
    const before = await storedKeys(t);
    for (const role of ['egeCustomer', 'egeViewer']) {
      const res = await upload(role, egeTurbine, `${role}.jpg`);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      const list = await t.call(tokens[role] ?? null, { method: 'GET', url: `/api/turbines/${egeTurbine}/photos?view=all` });
      expect(list.statusCode).toBe(200);
    }
    expect((await upload('superadmin', marmaraTurbine, 'by-superadmin.jpg')).statusCode).toBe(201);
    expect((await storedKeys(t)).length).toBe(before.length + 3);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/turbines/${egeTurbine}/photos` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an operator delete their own photo only; managers delete any; files go with the row', async () => {
    const mine = (await upload('egeOperator', egeTurbine, 'op-own.jpg')).json().data[0].key as string;
    const admins = (await upload('egeAdmin', egeTurbine, 'admin-own.jpg')).json().data[0].key as string;
    expect((await remove('egeOperator', egeTurbine, admins)).statusCode).toBe(403);
    expect((await remove('egeCustomer', egeTurbine, mine)).statusCode).toBe(403);
    expect((await remove('egeViewer', egeTurbine, mine)).statusCode).toBe(403);

    const own = await remove('egeOperator', egeTurbine, mine);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ success: true, message: 'Fotoğraf başarıyla silindi.' });
    expect((await remove('egeManager', egeTurbine, admins)).statusCode).toBe(200);

    const keys = await storedKeys(t);
    expect(keys.some((k) => k.startsWith(mine) || k.startsWith(admins))).toBe(false);
    const list = await t.call(tokens.egeAdmin ?? null, { method: 'GET', url: `/api/turbines/${egeTurbine}/photos?view=all` });
    expect(list.json().data.map((p: { key: string }) => p.key)).not.toContain(mine);
    expect((await remove('egeManager', egeTurbine, mine)).json().code).toBe('PHOTO_NOT_FOUND');
  });

  it('answers a cached listing with an ETag and 304, and a fresh one after a change', async () => {
    const url = `/api/turbines/${egeTurbine}/photos?view=all&year=${year}`;
    const first = await t.call(tokens.egeAdmin ?? null, { method: 'GET', url });
    const etag = String(first.headers.etag);
    const again = await t.call(tokens.egeAdmin ?? null, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await upload('egeAdmin', egeTurbine, 'fresh.jpg');
    const changed = await t.call(tokens.egeAdmin ?? null, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.length).toBe(first.json().data.length + 1);
    // renaming the uploader changes the listing too
    await t.app.ctx.db.update(users).set({ firstName: 'Yeni', updatedAt: new Date() }).where(eq(users.email, DEMO.egeAdmin));
    const renamed = await t.call(tokens.egeAdmin ?? null, { method: 'GET', url });
    expect(renamed.json().data.find((p: { originalName: string }) => p.originalName === 'fresh.jpg').uploader_name).toBe('Yeni Yıldız');
    const zipped = await t.call(tokens.egeAdmin ?? null, { method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(renamed.body);
  });
});
