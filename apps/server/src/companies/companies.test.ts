import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '@windscope/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  countRows,
  type DemoCompanies,
  demoCompanies,
  insertCompany,
  insertTurbine,
  insertUser,
  sessionFor,
  unique,
  userByEmail,
} from '../../test/factories.ts';
import { companies } from '../db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_TURBINES } from '../db/seed.ts';

let t: TestApp;
let ids: DemoCompanies;
const token: Record<'superadmin' | 'egeManager' | 'egeOperator' | 'egeViewer' | 'marmaraAdmin', string> = {
  superadmin: '',
  egeManager: '',
  egeOperator: '',
  egeViewer: '',
  marmaraAdmin: '',
};

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoCompanies(t);
  for (const key of Object.keys(token) as (keyof typeof token)[]) token[key] = await sessionFor(t, await userByEmail(t, DEMO[key]));
});
afterAll(async () => {
  await t?.close();
});

const list = async (who: keyof typeof token) => {
  const res = await t.call(token[who], { method: 'GET', url: '/api/companies' });
  expect(res.statusCode).toBe(200);
  return res.json().data as Company[];
};

describe('GET /api/companies', () => {
  it('gives the superadmin every partner with user and turbine counts, never the internal company', async () => {
    const data = await list('superadmin');
    const names = data.map((c) => c.name);
    expect(names).toContain('Ege Rüzgar Enerji');
    expect(names).toContain('Marmara Enerji');
    expect(data.some((c) => c.id === ids.internal)).toBe(false);
    const ege = data.find((c) => c.id === ids.ege);
    expect(ege).toMatchObject({
      user_count: DEMO_ACCOUNTS.filter((a) => a.company === 'ege').length,
      turbine_count: DEMO_TURBINES.filter((x) => x.company === 'ege').length,
    });
    const marmara = data.find((c) => c.id === ids.marmara);
    expect(marmara).toMatchObject({
      user_count: DEMO_ACCOUNTS.filter((a) => a.company === 'marmara').length,
      turbine_count: DEMO_TURBINES.filter((x) => x.company === 'marmara').length,
    });
  });

  it('counts follow the rows', async () => {
    const company = await insertCompany(t);
    await insertUser(t, { companyId: company.id });
    await insertTurbine(t, company.id);
    await insertTurbine(t, company.id);
    const found = (await list('superadmin')).find((c) => c.id === company.id);
    expect(found).toMatchObject({ user_count: 1, turbine_count: 2 });
  });

  it('gives everyone else only their own company', async () => {
    expect((await list('egeManager')).map((c) => c.id)).toEqual([ids.ege]);
    expect((await list('egeOperator')).map((c) => c.id)).toEqual([ids.ege]);
    expect((await list('egeViewer')).map((c) => c.id)).toEqual([ids.ege]);
    expect((await list('marmaraAdmin')).map((c) => c.id)).toEqual([ids.marmara]);
  });

  it('reads one company within scope; another company and the internal one are not found', async () => {
    const own = await t.call(token.egeManager, { method: 'GET', url: `/api/companies/${ids.ege}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.name).toBe('Ege Rüzgar Enerji');
    const other = await t.call(token.egeManager, { method: 'GET', url: `/api/companies/${ids.marmara}` });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await t.call(token.superadmin, { method: 'GET', url: `/api/companies/${ids.internal}` })).statusCode).toBe(404);
    expect((await t.call(token.superadmin, { method: 'GET', url: '/api/companies/abc' })).statusCode).toBe(404);
  });
});

describe('POST /api/companies', () => {
  it('creates a company with a trimmed name and zero counts', async () => {
    const name = `Yeni Enerji ${unique()}`;
    const res = await t.call(token.superadmin, {
      method: 'POST',
      url: '/api/companies',
      payload: { name: `  ${name}  `, contact_email: 'Info@Yeni.Example', phone: '+90 555', address: '', authorized_number: null },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Şirket eklendi.');
    expect(body.data).toMatchObject({
      name,
      contact_email: 'info@yeni.example',
      phone: '+90 555',
      address: null,
      user_count: 0,
      turbine_count: 0,
    });
    const [row] = await t.app.ctx.db.select().from(companies).where(eq(companies.id, body.data.id));
    expect(row?.name).toBe(name);
  });

  it.each([
    ['missing', {}],
    ['empty', { name: '' }],
    ['blank', { name: '   ' }],
    ['null', { name: null }],
  ])('refuses a %s name with the spec message', async (_label, payload) => {
    const before = await countRows(t, companies);
    const res = await t.call(token.superadmin, { method: 'POST', url: '/api/companies', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'COMPANY_NAME_REQUIRED', message: 'Şirket adı gereklidir' });
    expect(await countRows(t, companies)).toBe(before);
  });

  it('answers in English when asked', async () => {
    const res = await t.call(token.superadmin, {
      method: 'POST',
      url: '/api/companies',
      headers: { 'accept-language': 'en' },
      payload: {},
    });
    expect(res.json().message).toBe('Company name is required');
  });

  it.each([
    ['another case', 'marmara enerji'],
    ['surrounding spaces', '  Marmara Enerji '],
    ['Turkish capitals', 'EGE RÜZGAR ENERJİ'],
  ])('refuses a name already taken (%s) with 409', async (_label, name) => {
    const before = await countRows(t, companies);
    const res = await t.call(token.superadmin, { method: 'POST', url: '/api/companies', payload: { name } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'COMPANY_NAME_TAKEN',
      message: `"${name.trim()}" adında bir şirket zaten mevcut`,
    });
    expect(await countRows(t, companies)).toBe(before);
  });

  it('is for the superadmin only', async () => {
    const before = await countRows(t, companies);
    for (const who of ['egeManager', 'egeOperator', 'marmaraAdmin'] as const) {
      const res = await t.call(token[who], { method: 'POST', url: '/api/companies', payload: { name: `Sneaky ${unique()}` } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect(await countRows(t, companies)).toBe(before);
  });
});

describe('PUT /api/companies/:id', () => {
  it('updates the fields and keeps its own name under another case', async () => {
    const company = await insertCompany(t, { name: `Kuzey ${unique()}` });
    const res = await t.call(token.superadmin, {
      method: 'PUT',
      url: `/api/companies/${company.id}`,
      payload: {
        name: company.name.toUpperCase(),
        contact_email: 'a@kuzey.example',
        phone: '1',
        address: 'Adres',
        authorized_number: 'Ali',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: company.id, name: company.name.toUpperCase(), address: 'Adres', authorized_number: 'Ali' });
    expect(res.json().message).toBe('Şirket güncellendi.');
  });

  it("refuses another company's name and an empty name", async () => {
    const company = await insertCompany(t);
    const taken = await t.call(token.superadmin, {
      method: 'PUT',
      url: `/api/companies/${company.id}`,
      payload: { name: ' marmara ENERJI ' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('"marmara ENERJI" adında bir şirket zaten mevcut');
    const empty = await t.call(token.superadmin, { method: 'PUT', url: `/api/companies/${company.id}`, payload: { name: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Şirket adı gereklidir');
    const [row] = await t.app.ctx.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.name).toBe(company.name);
  });

  it('is refused to managers (403 on their own company, 404 on another) and hides the internal company', async () => {
    const own = await t.call(token.egeManager, { method: 'PUT', url: `/api/companies/${ids.ege}`, payload: { name: 'Ege Yeni' } });
    expect(own.statusCode).toBe(403);
    const other = await t.call(token.egeManager, {
      method: 'PUT',
      url: `/api/companies/${ids.marmara}`,
      payload: { name: 'Marmara Yeni' },
    });
    expect(other.statusCode).toBe(404);
    const internal = await t.call(token.superadmin, { method: 'PUT', url: `/api/companies/${ids.internal}`, payload: { name: 'Renamed' } });
    expect(internal.statusCode).toBe(404);
    const names = (await t.app.ctx.db.select().from(companies)).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Ege Rüzgar Enerji', 'Marmara Enerji', 'Windscope']));
  });
});

describe('DELETE /api/companies/:id', () => {
  it('refuses with 409 while turbines or users remain, naming what is left', async () => {
    const withUser = await insertCompany(t);
    await insertUser(t, { companyId: withUser.id });
    const withTurbine = await insertCompany(t);
    await insertTurbine(t, withTurbine.id);
    const a = await t.call(token.superadmin, { method: 'DELETE', url: `/api/companies/${withUser.id}` });
    expect(a.statusCode).toBe(409);
    expect(a.json()).toMatchObject({ success: false, code: 'COMPANY_HAS_DEPENDENTS' });
    expect(a.json().message).toContain('0 türbin, 1 kullanıcı');
    const b = await t.call(token.superadmin, { method: 'DELETE', url: `/api/companies/${withTurbine.id}` });
    expect(b.statusCode).toBe(409);
    expect(b.json().message).toContain('1 türbin, 0 kullanıcı');
    const left = await t.app.ctx.db.select().from(companies);
    expect(left.map((c) => c.id)).toEqual(expect.arrayContaining([withUser.id, withTurbine.id]));
  });

  it('deletes an empty company with the spec message', async () => {
    const company = await insertCompany(t);
    const res = await t.call(token.superadmin, { method: 'DELETE', url: `/api/companies/${company.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Şirket ve ilgili fotoğraflar başarıyla silindi' });
    expect((await t.call(token.superadmin, { method: 'GET', url: `/api/companies/${company.id}` })).statusCode).toBe(404);
    expect(await t.app.ctx.db.select().from(companies).where(eq(companies.id, company.id))).toHaveLength(0);
  });

  it('never deletes the internal company', async () => {
    const res = await t.call(token.superadmin, { method: 'DELETE', url: `/api/companies/${ids.internal}` });
    expect(res.statusCode).toBe(404);
    expect(await t.app.ctx.db.select().from(companies).where(eq(companies.id, ids.internal))).toHaveLength(1);
  });

  it('is refused to managers: 403 on their own company, 404 on another', async () => {
    const empty = await insertCompany(t);
    expect((await t.call(token.egeManager, { method: 'DELETE', url: `/api/companies/${ids.ege}` })).statusCode).toBe(403);
    expect((await t.call(token.egeManager, { method: 'DELETE', url: `/api/companies/${empty.id}` })).statusCode).toBe(404);
    expect(await t.app.ctx.db.select().from(companies).where(eq(companies.id, empty.id))).toHaveLength(1);
  });
});
