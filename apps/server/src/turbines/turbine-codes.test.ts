import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Turbine } from '@windscope/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countRows, type DemoCompanies, demoCompanies, insertTurbine, sessionFor, unique, userByEmail } from '../../test/factories.ts';
import { turbines } from '../db/schema.ts';

let t: TestApp;
let ids: DemoCompanies;
let superadmin = '';
let egeAdmin = '';

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoCompanies(t);
  superadmin = await sessionFor(t, await userByEmail(t, DEMO.superadmin));
  egeAdmin = await sessionFor(t, await userByEmail(t, DEMO.egeAdmin));
});
afterAll(async () => {
  await t?.close();
});

const turbineBody = (code: string, companyId?: number) => ({
  city: 'izmir',
  code,
  location: 'Test, Yamaç',
  ...(companyId ? { company_id: companyId } : {}),
});
const add = (token: string, code: string, companyId?: number, language = 'tr') =>
  t.call(token, { method: 'POST', url: '/api/turbines', payload: turbineBody(code, companyId), headers: { 'x-language': language } });

describe('turbine codes are unique within a company', () => {
  it('refuses a code the company already uses, whatever its case and surrounding spaces, in TR and EN', async () => {
    const code = `DUP-${unique()}`;
    expect((await add(egeAdmin, code)).statusCode).toBe(201);
    const before = await countRows(t, turbines);
    const again = await add(egeAdmin, `  ${code.toLowerCase()} `);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      code: 'TURBINE_CODE_TAKEN',
      // the params let the web app write the message again after a language switch
      params: { code: code.toLowerCase() },
      message: `"${code.toLowerCase()}" kodlu bir türbin bu şirkette zaten var.`,
    });
    const english = await add(egeAdmin, code, undefined, 'en');
    expect(english.json()).toMatchObject({ message: `This company already has a turbine with the code "${code}".` });
    expect(await countRows(t, turbines)).toBe(before);
  });

  it('lets another company use the same code', async () => {
    const code = `SHARED-${unique()}`;
    expect((await add(superadmin, code, ids.ege)).statusCode).toBe(201);
    expect((await add(superadmin, code, ids.marmara)).statusCode).toBe(201);
  });

  it('refuses an edit to a code another turbine of the company has, and keeps the row unchanged', async () => {
    const taken = await insertTurbine(t, ids.ege, { code: `EDIT-${unique()}` });
    const mine = await insertTurbine(t, ids.ege);
    const res = await t.call(superadmin, {
      method: 'PUT',
      url: `/api/turbines/${mine.id}`,
      payload: { ...turbineBody(` ${taken.code.toUpperCase()}`), company_id: ids.ege },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TURBINE_CODE_TAKEN');
    const kept = await t.call(superadmin, { method: 'GET', url: `/api/turbines/${mine.id}` });
    expect(kept.json().data.code).toBe(mine.code);
    // the turbine keeps its own code on an edit of other fields
    const same = await t.call(superadmin, {
      method: 'PUT',
      url: `/api/turbines/${mine.id}`,
      payload: { ...turbineBody(mine.code), location: 'Elsewhere', company_id: ids.ege },
    });
    expect(same.statusCode).toBe(200);
  });

  it('moving a turbine into a company that uses its code is refused', async () => {
    const code = `MOVE-${unique()}`;
    await insertTurbine(t, ids.marmara, { code });
    const moving = await insertTurbine(t, ids.ege, { code });
    const res = await t.call(superadmin, {
      method: 'PUT',
      url: `/api/turbines/${moving.id}`,
      payload: { ...turbineBody(code), company_id: ids.marmara },
    });
    expect(res.statusCode).toBe(409);
  });

  it('keeps one of eight concurrent creates of the same code; the others get the message', async () => {
    const code = `RACE-${unique()}`;
    const before = await countRows(t, turbines);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => add(egeAdmin, i % 2 ? code.toLowerCase() : code)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'TURBINE_CODE_TAKEN')).toBe(true);
    expect(await countRows(t, turbines)).toBe(before + 1);
  });
});

describe('turbine list order', () => {
  it('sorts cities and codes in Turkish alphabetical order, not byte order', async () => {
    const tag = unique();
    for (const city of ['tekirdağ', 'çanakkale', 'zonguldak', 'ısparta', 'izmir', 'şanlıurfa', 'sinop', 'ordu', 'ödemiş']) {
      await insertTurbine(t, ids.marmara, { city, code: `ORD-${tag}-${city}` });
    }
    const res = await t.call(superadmin, { method: 'GET', url: `/api/turbines?filter_company_id=${ids.marmara}` });
    const cities = [...new Set((res.json().data as Turbine[]).filter((x) => x.code.startsWith(`ORD-${tag}`)).map((x) => x.city))];
    expect(cities).toEqual(['çanakkale', 'ısparta', 'izmir', 'ordu', 'ödemiş', 'sinop', 'şanlıurfa', 'tekirdağ', 'zonguldak']);
  });
});
