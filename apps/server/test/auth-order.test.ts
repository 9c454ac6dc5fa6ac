import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the session is checked before the body', () => {
  it('answers 401, not a validation error, to a stranger sending a broken body', async () => {
    const res = await t.call(null, { method: 'POST', url: '/api/turbines', payload: { rooms: 'many', extra: true } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('gives a bad optional e-mail its own message, in the request language', async () => {
    const token = await t.login(DEMO.superadmin);
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/companies',
      headers: { 'accept-language': 'en' },
      payload: { name: 'Adres Deneme', contact_email: 'not-an-address' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'EMAIL_INVALID', message: 'Please enter a valid email address' });
    const empty = await t.call(token, { method: 'POST', url: '/api/companies', payload: { name: 'Adres Deneme', contact_email: '' } });
    expect(empty.statusCode).toBe(201);
    expect(empty.json().data.contact_email).toBeNull();
  });
});
