import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(DEMO.superadmin);
});
afterAll(async () => {
  await t?.close();
});

describe('Cache-Control: no-store on answers with tokens or personal data', () => {
  it('login (accepted and refused) and the password-reset request', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.egeOperator, password: DEMO_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.egeOperator, password: 'wrong-one' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: DEMO.egeOperator } });
    expect(reset.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['GET', '/api/auth/profile'],
    ['GET', '/api/auth/validate-session'],
    ['GET', '/api/auth/verify'],
    ['GET', '/api/users'],
    ['GET', '/api/companies'],
    ['GET', '/api/users/999999'],
  ])('%s %s', async (method, url) => {
    const res = await t.call(token, { method: method as 'GET', url });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refresh', async () => {
    const res = await t.call(await t.login(DEMO.egeOperator), { method: 'POST', url: '/api/auth/refresh' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
