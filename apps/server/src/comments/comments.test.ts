import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let egeTurbine: number;
let marmaraTurbine: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, email] of Object.entries(DEMO)) tokens[k] = await t.login(email);
  const list = (await t.call(tokens.superadmin ?? '', { method: 'GET', url: '/api/turbines' })).json().data as {
    id: number;
    company_name: string;
  }[];
  egeTurbine = list.find((x) => x.company_name === 'Ege Rüzgar Enerji')?.id ?? 0;
  marmaraTurbine = list.find((x) => x.company_name === 'Marmara Enerji')?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

const post = (who: string, turbine: number, comment: unknown) =>
  t.call(tokens[who] ?? '', { method: 'POST', url: `/api/turbines/${turbine}/comments`, payload: { comment } });

describe('comments', () => {
  it('adds a trimmed comment with author and timestamps, lists it for the same company', async () => {
    const res = await post('egeOperator', egeTurbine, '  Kanat A kök bölgesinde çatlak  ');
    expect(res.statusCode).toBe(201);
    const c = res.json().data;
    expect(c).toMatchObject({ comment: 'Kanat A kök bölgesinde çatlak', user_name: 'Mert Demir', turbine_id: egeTurbine });
    expect(c.created_at).toBe(c.updated_at);
    const list = await t.call(tokens.egeCustomer ?? '', { method: 'GET', url: `/api/turbines/${egeTurbine}/comments` });
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(c.id);
  });

  it('refuses empty and 501-character comments, accepts exactly 500', async () => {
    expect((await post('egeOperator', egeTurbine, '   ')).statusCode).toBe(400);
    expect((await post('egeOperator', egeTurbine, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await post('egeOperator', egeTurbine, 'x'.repeat(500))).statusCode).toBe(201);
  });

  it('lets a viewer read but not post', async () => {
    expect((await t.call(tokens.egeViewer ?? '', { method: 'GET', url: `/api/turbines/${egeTurbine}/comments` })).statusCode).toBe(200);
    expect((await post('egeViewer', egeTurbine, 'merhaba')).statusCode).toBe(403);
  });

  it("answers 404 for another company's turbine, reading or writing", async () => {
    expect((await t.call(tokens.egeAdmin ?? '', { method: 'GET', url: `/api/turbines/${marmaraTurbine}/comments` })).statusCode).toBe(404);
    expect((await post('egeAdmin', marmaraTurbine, 'hello')).statusCode).toBe(404);
  });

  it("lets authors edit their own within 60 minutes, refuses others' comments and later edits; superadmin edits any", async () => {
    const created = (await post('egeCustomer', egeTurbine, 'ilk hali')).json().data;
    const url = `/api/turbines/${egeTurbine}/comments/${created.id}`;
    const byOther = await t.call(tokens.egeOperator ?? '', { method: 'PUT', url, payload: { comment: 'başkası' } });
    expect(byOther.statusCode).toBe(403);
    t.clock.advance(5 * 60_000);
    const own = await t.call(tokens.egeCustomer ?? '', { method: 'PUT', url, payload: { comment: 'düzenlendi' } });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.comment).toBe('düzenlendi');
    expect(own.json().data.updated_at).not.toBe(own.json().data.created_at);
    t.clock.advance(56 * 60_000);
    const late = await t.call(tokens.egeCustomer ?? '', { method: 'PUT', url, payload: { comment: 'geç kaldı' } });
    expect(late.statusCode).toBe(403);
    const lateDelete = await t.call(tokens.egeCustomer ?? '', { method: 'DELETE', url });
    expect(lateDelete.statusCode).toBe(403);
    const bySuper = await t.call(tokens.superadmin ?? '', { method: 'PUT', url, payload: { comment: 'yönetici düzeltti' } });
    expect(bySuper.statusCode).toBe(200);
    expect((await t.call(tokens.superadmin ?? '', { method: 'DELETE', url })).statusCode).toBe(200);
    expect((await t.call(tokens.superadmin ?? '', { method: 'DELETE', url })).statusCode).toBe(404);
    t.clock.advance(-61 * 60_000);
  });

  it('lets an author delete their own comment within the window', async () => {
    const created = (await post('egeManager', egeTurbine, 'silinecek')).json().data;
    const url = `/api/turbines/${egeTurbine}/comments/${created.id}`;
    expect((await t.call(tokens.egeAdmin ?? '', { method: 'DELETE', url })).statusCode).toBe(403);
    expect((await t.call(tokens.egeManager ?? '', { method: 'DELETE', url })).statusCode).toBe(200);
  });

  it('keeps comments to their turbine: a comment id under another turbine is not found', async () => {
    const created = (await post('egeOperator', egeTurbine, 'bağlam')).json().data;
    const list = (await t.call(tokens.egeOperator ?? '', { method: 'GET', url: '/api/turbines' })).json().data as { id: number }[];
    const other = list.find((x) => x.id !== egeTurbine)?.id;
    const res = await t.call(tokens.egeOperator ?? '', {
      method: 'PUT',
      url: `/api/turbines/${other}/comments/${created.id}`,
      payload: { comment: 'x' },
    });
    expect(res.statusCode).toBe(404);
  });
});
