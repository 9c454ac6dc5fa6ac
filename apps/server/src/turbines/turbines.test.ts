import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Turbine } from '@windscope/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  countRows,
  type DemoCompanies,
  demoCompanies,
  insertComment,
  insertPhoto,
  insertTurbine,
  sessionFor,
  type TurbineRow,
  unique,
  userByEmail,
} from '../../test/factories.ts';
import { insertFinding } from '../../test/finding-factories.ts';
import { comments, companies, photos, turbines } from '../db/schema.ts';

let t: TestApp;
let ids: DemoCompanies;
const token = { superadmin: '', egeAdmin: '', egeManager: '', egeOperator: '', egeCustomer: '', egeViewer: '', marmaraAdmin: '' };
type Who = keyof typeof token;

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoCompanies(t);
  for (const key of Object.keys(token) as Who[]) token[key] = await sessionFor(t, await userByEmail(t, DEMO[key]));
});
afterAll(async () => {
  await t?.close();
});

const rowOf = async (id: number) => (await t.app.ctx.db.select().from(turbines).where(eq(turbines.id, id)))[0];
const companyTurbineCount = async (companyId: number) =>
  (await t.app.ctx.db.select().from(turbines).where(eq(turbines.companyId, companyId))).length;
const newTurbine = (changes: Record<string, unknown> = {}) => ({
  turbine_name: 'Test RES T-1',
  city: 'izmir',
  code: `TST-${unique()}`,
  location: 'Test, Yamaç',
  site_name: 'Test RES',
  coordinates: '38.42,27.14',
  ...changes,
});
const editOf = (row: TurbineRow, changes: Record<string, unknown> = {}) => ({
  turbine_name: row.turbineName,
  city: row.city,
  code: row.code,
  location: row.location,
  site_name: row.siteName,
  coordinates: row.coordinates,
  company_id: row.companyId,
  ...changes,
});

describe('GET /api/turbines', () => {
  const list = async (who: Who, query = '') => {
    const res = await t.call(token[who], { method: 'GET', url: `/api/turbines${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Türbinler yüklendi.' });
    return res.json().data as Turbine[];
  };

  it('gives the superadmin every turbine, or one company with filter_company_id', async () => {
    const all = await list('superadmin');
    expect(all.length).toBe(await countRows(t, turbines));
    expect(new Set(all.map((x) => x.company_id))).toEqual(new Set([ids.ege, ids.marmara]));
    const marmara = await list('superadmin', `?filter_company_id=${ids.marmara}`);
    expect(marmara.length).toBe(await companyTurbineCount(ids.marmara));
    expect(marmara.every((x) => x.company_id === ids.marmara && x.company_name === 'Marmara Enerji')).toBe(true);
  });

  it('answers the spec fields', async () => {
    const [first] = await list('egeViewer');
    expect(first).toMatchObject({ company_name: 'Ege Rüzgar Enerji', photo_count: 0 });
    expect(Object.keys(first ?? {})).toEqual(
      expect.arrayContaining([
        'id',
        'turbine_name',
        'city',
        'code',
        'location',
        'coordinates',
        'rooms',
        'status',
        'created_at',
        'updated_at',
      ]),
    );
  });

  it.each(['egeAdmin', 'egeManager', 'egeOperator', 'egeCustomer', 'egeViewer'] as const)(
    'keeps %s to their own company, ignoring filter_company_id, user_id, role and company_id',
    async (who) => {
      const egeCount = await companyTurbineCount(ids.ege);
      const plain = await list(who);
      expect(plain.length).toBe(egeCount);
      const forged = await list(who, `?filter_company_id=${ids.marmara}&user_id=1&role=superadmin&company_id=${ids.marmara}`);
      expect(forged.map((x) => x.id)).toEqual(plain.map((x) => x.id));
      expect(forged.every((x) => x.company_id === ids.ege)).toBe(true);
    },
  );
});

describe('GET /api/turbines: the kept list follows every change', () => {
  const get = (who: Who, headers: Record<string, string> = {}) => t.call(token[who], { method: 'GET', url: '/api/turbines', headers });
  const listed = async (who: Who) => {
    const res = await get(who);
    expect(res.statusCode).toBe(200);
    return { etag: String(res.headers.etag), data: res.json().data as Turbine[] };
  };

  it('answers 304 to its ETag while nothing changed, per company and language', async () => {
    const ege = await listed('egeViewer');
    const again = await get('egeViewer', { 'if-none-match': ege.etag });
    expect(again.statusCode).toBe(304);
    expect((await listed('egeAdmin')).etag).toBe(ege.etag);
    expect((await listed('marmaraAdmin')).etag).not.toBe(ege.etag);
    const english = await get('egeViewer', { 'x-language': 'en' });
    expect(english.json().message).toBe('Turbines loaded.');
    expect(String(english.headers.etag)).not.toBe(ege.etag);
    const gzipped = await get('egeViewer', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
  });

  it('shows a new, edited and deleted turbine, a renamed company and a new photo count at once', async () => {
    const before = await listed('egeViewer');
    const added = await insertTurbine(t, ids.ege, { code: `CACHE-${unique()}` });
    const withNew = await listed('egeViewer');
    expect(withNew.etag).not.toBe(before.etag);
    expect(withNew.data.map((x) => x.id)).toContain(added.id);
    expect((await get('egeViewer', { 'if-none-match': before.etag })).statusCode).toBe(200);

    await t.app.ctx.db.update(turbines).set({ location: 'Moved, Tepe' }).where(eq(turbines.id, added.id));
    expect((await listed('egeViewer')).data.find((x) => x.id === added.id)?.location).toBe('Moved, Tepe');

    await t.app.ctx.db.update(companies).set({ name: 'Ege Rüzgar Enerji A.Ş.' }).where(eq(companies.id, ids.ege));
    expect((await listed('egeViewer')).data.every((x) => x.company_name === 'Ege Rüzgar Enerji A.Ş.')).toBe(true);
    await t.app.ctx.db.update(companies).set({ name: 'Ege Rüzgar Enerji' }).where(eq(companies.id, ids.ege));

    await t.app.ctx.db.insert(photos).values({
      turbineId: added.id,
      storageKey: `turbines/${added.id}/drone/2025/A/0/1-1-cache.jpg`,
      originalName: 'cache.jpg',
      blade: 'A',
      category: 'drone',
      year: 2025,
      month: 1,
      sizeBytes: 10,
      mimeType: 'image/jpeg',
      sha256: '0'.repeat(64),
    });
    const counted = await listed('egeViewer');
    expect(counted.data.find((x) => x.id === added.id)?.photo_count).toBe(1);
    // the thumbnail queue's bookkeeping changes nothing the list shows: the same version
    await t.app.ctx.db.update(photos).set({ derivatives: 'ready' }).where(eq(photos.turbineId, added.id));
    expect((await listed('egeViewer')).etag).toBe(counted.etag);

    const del = await t.call(token.superadmin, { method: 'DELETE', url: `/api/turbines/${added.id}`, payload: {} });
    expect(del.statusCode).toBe(200);
    expect((await listed('egeViewer')).data.map((x) => x.id)).not.toContain(added.id);
  });
});

describe('GET /api/turbines/:id', () => {
  it('answers the turbine as data and turbine', async () => {
    const row = await insertTurbine(t, ids.ege);
    const res = await t.call(token.egeCustomer, { method: 'GET', url: `/api/turbines/${row.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().turbine).toMatchObject({ id: row.id, code: row.code, company_name: 'Ege Rüzgar Enerji', photo_count: 0 });
    expect(res.json().data).toEqual(res.json().turbine);
  });

  it("answers 404 for another company's turbine and an unknown id, 400 for a non-numeric id", async () => {
    const marmara = await insertTurbine(t, ids.marmara);
    const other = await t.call(token.egeAdmin, { method: 'GET', url: `/api/turbines/${marmara.id}` });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, code: 'TURBINE_NOT_FOUND', message: 'Türbin bulunamadı' });
    const unknown = await t.call(token.superadmin, { method: 'GET', url: '/api/turbines/999999' });
    expect(unknown.statusCode).toBe(404);
    for (const bad of ['abc', '12abc', '-1', '0', '1.5']) {
      const res = await t.call(token.superadmin, { method: 'GET', url: `/api/turbines/${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'TURBINE_INVALID_ID', message: 'Geçersiz türbin ID' });
    }
  });
});

describe('POST /api/turbines', () => {
  it('adds a turbine to the manager’s own company, rooms 3 and status active by default', async () => {
    const res = await t.call(token.egeManager, { method: 'POST', url: '/api/turbines', payload: newTurbine() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Türbin eklendi.' });
    expect(body.data).toMatchObject({ company_id: ids.ege, company_name: 'Ege Rüzgar Enerji', rooms: 3, status: 'active', photo_count: 0 });
    expect(body.turbine).toEqual(body.data);
    expect((await rowOf(body.data.id))?.companyId).toBe(ids.ege);
  });

  it.each([
    ['İZMİR', 'izmir'],
    ['ISPARTA', 'ısparta'],
    ['  ÇANAKKALE ', 'çanakkale'],
    ['Iğdır', 'ığdır'],
  ])('lower-cases the city %s with Turkish rules', async (city, stored) => {
    const res = await t.call(token.egeAdmin, { method: 'POST', url: '/api/turbines', payload: newTurbine({ city }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.city).toBe(stored);
    expect((await rowOf(res.json().data.id))?.city).toBe(stored);
  });

  it.each([0, -2, 1.5, '4', null])('refuses rooms %s with the spec message', async (rooms) => {
    const before = await countRows(t, turbines);
    const res = await t.call(token.egeAdmin, { method: 'POST', url: '/api/turbines', payload: newTurbine({ rooms }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TURBINE_ROOMS_MIN', message: 'Oda sayısı 1 veya daha büyük olmalıdır' });
    expect(await countRows(t, turbines)).toBe(before);
  });

  it('keeps rooms when given', async () => {
    const res = await t.call(token.egeAdmin, { method: 'POST', url: '/api/turbines', payload: newTurbine({ rooms: 7 }) });
    expect(res.json().data.rooms).toBe(7);
  });

  it.each(['city', 'code', 'location'])('requires %s', async (field) => {
    const before = await countRows(t, turbines);
    const res = await t.call(token.egeAdmin, { method: 'POST', url: '/api/turbines', payload: newTurbine({ [field]: ' ' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TURBINE_REQUIRED_FIELDS', message: 'Şehir, kod ve konum gereklidir' });
    expect(await countRows(t, turbines)).toBe(before);
  });

  it('never lets a manager add to another company', async () => {
    const before = await companyTurbineCount(ids.marmara);
    const res = await t.call(token.egeManager, { method: 'POST', url: '/api/turbines', payload: newTurbine({ company_id: ids.marmara }) });
    expect(res.statusCode).toBe(403);
    expect(await companyTurbineCount(ids.marmara)).toBe(before);
  });

  it('lets the superadmin add to any partner, after picking one', async () => {
    const none = await t.call(token.superadmin, { method: 'POST', url: '/api/turbines', payload: newTurbine() });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Lütfen bir şirket seçin');
    const internal = await t.call(token.superadmin, {
      method: 'POST',
      url: '/api/turbines',
      payload: newTurbine({ company_id: ids.internal }),
    });
    expect(internal.statusCode).toBe(400);
    const res = await t.call(token.superadmin, {
      method: 'POST',
      url: '/api/turbines',
      payload: newTurbine({ company_id: ids.marmara, status: 'maintenance' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ company_id: ids.marmara, status: 'maintenance' });
  });

  it.each(['egeOperator', 'egeCustomer', 'egeViewer'] as const)('is refused to %s', async (who) => {
    const before = await countRows(t, turbines);
    const res = await t.call(token[who], { method: 'POST', url: '/api/turbines', payload: newTurbine() });
    expect(res.statusCode).toBe(403);
    expect(await countRows(t, turbines)).toBe(before);
  });
});

describe('PUT /api/turbines/:id', () => {
  it('carries status and rooms over when the form leaves them out', async () => {
    const row = await insertTurbine(t, ids.ege, { status: 'maintenance', rooms: 8 });
    const res = await t.call(token.superadmin, {
      method: 'PUT',
      url: `/api/turbines/${row.id}`,
      payload: editOf(row, { city: 'MUĞLA', code: 'NEW-1' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().turbine).toMatchObject({ status: 'maintenance', rooms: 8, city: 'muğla', code: 'NEW-1' });
    expect(res.json().message).toBe('Türbin güncellendi.');
    const nulled = await t.call(token.superadmin, {
      method: 'PUT',
      url: `/api/turbines/${row.id}`,
      payload: editOf(row, { status: null }),
    });
    expect(nulled.json().turbine.status).toBe('maintenance');
  });

  it('sets status, rooms and company when sent', async () => {
    const row = await insertTurbine(t, ids.ege);
    const res = await t.call(token.superadmin, {
      method: 'PUT',
      url: `/api/turbines/${row.id}`,
      payload: editOf(row, { status: 'faulty', rooms: 5, company_id: ids.marmara }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().turbine).toMatchObject({ status: 'faulty', rooms: 5, company_id: ids.marmara, company_name: 'Marmara Enerji' });
  });

  it('is the superadmin’s alone: 403 for a manager on their own turbine, 404 on another company’s', async () => {
    const own = await insertTurbine(t, ids.ege);
    const other = await insertTurbine(t, ids.marmara);
    expect(
      (await t.call(token.egeAdmin, { method: 'PUT', url: `/api/turbines/${own.id}`, payload: editOf(own, { code: 'X' }) })).statusCode,
    ).toBe(403);
    expect(
      (await t.call(token.egeAdmin, { method: 'PUT', url: `/api/turbines/${other.id}`, payload: editOf(other, { code: 'X' }) })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(token.egeOperator, { method: 'PUT', url: `/api/turbines/${own.id}`, payload: editOf(own, { code: 'X' }) })).statusCode,
    ).toBe(403);
    expect(await rowOf(own.id)).toEqual(own);
    expect(await rowOf(other.id)).toEqual(other);
  });

  it('never lowers the room count below a room with photos or findings (the import keeps the same rule)', async () => {
    const row = await insertTurbine(t, ids.ege, { rooms: 8 });
    const superadmin = await userByEmail(t, DEMO.superadmin);
    await t.app.ctx.db
      .update(photos)
      .set({ room: 5 })
      .where(eq(photos.id, (await insertPhoto(t, row.id, superadmin)).id));
    await insertFinding(t, row.id, superadmin, { surface: 'interior', room: 6 });
    const put = (rooms: number, language = 'tr') =>
      t.call(token.superadmin, {
        method: 'PUT',
        url: `/api/turbines/${row.id}`,
        payload: editOf(row, { rooms }),
        headers: { 'accept-language': language },
      });
    const below = await put(5);
    expect([below.statusCode, below.json().code]).toEqual([400, 'TURBINE_ROOMS_BELOW_USED']);
    expect(below.json().message).toBe('Bu türbinin 6. odasında fotoğraf veya bulgu var; oda sayısı en az 6 olmalıdır (5 olamaz).');
    expect((await put(3, 'en')).json().message).toBe(
      'Room 6 of this turbine has photos or findings, so it needs at least 6 rooms (not 3).',
    );
    expect((await rowOf(row.id))?.rooms).toBe(8);
    // down to the highest room in use is fine, and so is raising it again
    expect((await put(6)).json().turbine.rooms).toBe(6);
    expect((await put(10)).json().turbine.rooms).toBe(10);
  });

  it('answers 400 for a non-numeric id', async () => {
    const row = await insertTurbine(t, ids.ege);
    const res = await t.call(token.superadmin, { method: 'PUT', url: '/api/turbines/x1', payload: editOf(row) });
    expect(res.json()).toMatchObject({ code: 'TURBINE_INVALID_ID' });
  });
});

describe('DELETE /api/turbines/:id', () => {
  it('deletes the turbine with its comments', async () => {
    const row = await insertTurbine(t, ids.ege);
    await insertComment(t, row.id, await userByEmail(t, DEMO.egeOperator));
    const res = await t.call(token.superadmin, { method: 'DELETE', url: `/api/turbines/${row.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Türbin silindi.' });
    expect(await rowOf(row.id)).toBeUndefined();
    expect(await t.app.ctx.db.select().from(comments).where(eq(comments.turbineId, row.id))).toHaveLength(0);
    expect((await t.call(token.superadmin, { method: 'GET', url: `/api/turbines/${row.id}` })).statusCode).toBe(404);
  });

  it('ignores the role, user and company the spec’s client sends in the body', async () => {
    const own = await insertTurbine(t, ids.ege);
    const superadmin = await userByEmail(t, DEMO.superadmin);
    const res = await t.call(token.egeAdmin, {
      method: 'DELETE',
      url: `/api/turbines/${own.id}`,
      payload: { user_id: superadmin.id, role: 'superadmin', company_id: ids.internal },
    });
    expect(res.statusCode).toBe(403);
    expect(await rowOf(own.id)).toBeDefined();
  });

  it('answers 404 for another company’s turbine and 400 for a non-numeric id', async () => {
    const other = await insertTurbine(t, ids.marmara);
    expect((await t.call(token.egeAdmin, { method: 'DELETE', url: `/api/turbines/${other.id}` })).statusCode).toBe(404);
    expect((await t.call(token.superadmin, { method: 'DELETE', url: '/api/turbines/abc' })).json().code).toBe('TURBINE_INVALID_ID');
    expect(await rowOf(other.id)).toBeDefined();
  });
});
