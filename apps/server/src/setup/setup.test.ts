/** First-run setup (DECISIONS §15, issue 22) on an empty database, PGlite or PostgreSQL (TEST_DB). The race of two
 *  processes on one PostgreSQL database is system/first-run-setup.test.ts. */
import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../db/schema.ts';
import { countRows, databaseFingerprint } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { RATE_LIMITS } from '../rate-limit/rate-limiter.ts';
import { prepareSetup } from './service.ts';
import { readSetupToken, setupTokenFile } from './setup-token.ts';

let t: TestApp;
let token: string;
const owner = {
  company_name: 'Kuzey Rüzgar Hizmetleri',
  first_name: 'Ayşe Nur',
  last_name: 'Çelik',
  email: 'Ayse.Celik@Kuzey.example',
  password: 'rüzgar gülü 2026 kuzey',
  language: 'tr',
};
const post = (payload: Record<string, unknown>, lang = 'en') =>
  t.call(null, { method: 'POST', url: '/api/setup', payload, headers: { 'x-language': lang } });

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const setup = await prepareSetup(t.app.ctx);
  token = new URL(setup?.url ?? 'http://x/').searchParams.get('token') ?? '';
});
afterAll(async () => {
  await t?.close();
});

describe('an empty database', () => {
  it('is in setup mode, with a one-time token of at least 128 bits readable by its owner only', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readSetupToken(t.dataDir)).toBe(token);
    expect(statSync(setupTokenFile(t.dataDir)).mode & 0o777).toBe(0o600);
    // a second start keeps the address it printed
    expect((await prepareSetup(t.app.ctx))?.url).toContain(token);
    const res = await t.call(null, { method: 'GET', url: '/api/setup' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { needed: true } });
  });

  it('refuses a wrong token in the asker language and creates nothing', async () => {
    const before = await databaseFingerprint(t, { ignore: ['rate_limit_hits'] });
    for (const [lang, words] of [
      ['tr', 'Kurulum anahtarı geçersiz'],
      ['en', 'The setup key is not valid'],
    ] as const) {
      for (const wrong of [`${token.slice(0, -1)}A`, 'x', token.toLowerCase()]) {
        if (wrong === token) continue;
        const res = await post({ ...owner, token: wrong }, lang);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'SETUP_TOKEN_INVALID' });
        expect(res.json().message).toContain(words);
        expect(res.json().message).not.toContain('{');
      }
    }
    expect(await databaseFingerprint(t, { ignore: ['rate_limit_hits'] })).toEqual(before);
  });

  it('refuses one of the 10,000 most common passwords, in any case, and creates nothing', async () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword(owner.password)).toBe(false);
    const before = await databaseFingerprint(t, { ignore: ['rate_limit_hits'] });
    for (const [password, lang] of [
      ['password1', 'en'],
      ['Sunshine', 'tr'],
      ['qwerty123', 'en'],
    ] as const) {
      const res = await post({ ...owner, token, password }, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('PASSWORD_TOO_COMMON');
      expect(res.json().message).toContain(lang === 'tr' ? 'en yaygın 10.000 şifreden' : '10,000 most common passwords');
      expect(res.json().message).not.toContain('{');
    }
    // the password rules of every other form: too short
    const short = await post({ ...owner, token, password: 'a1b' }, 'tr');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: 'Şifre en az 6 karakter olmalı' });
    const missing = await post({
      token,
      company_name: ' ',
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.example',
      password: owner.password,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('COMPANY_NAME_REQUIRED');
    expect(await databaseFingerprint(t, { ignore: ['rate_limit_hits'] })).toEqual(before);
  });

  it('limits wrong setup keys per address (429 in the asker language, even for the right key then); a right key does not count', async () => {
    const { limit } = RATE_LIMITS.setupTokenPerIp;
    const from = (remoteAddress: string, payload: Record<string, unknown>, lang = 'en') =>
      t.app.inject({ method: 'POST', url: '/api/setup', payload, remoteAddress, headers: { 'x-language': lang } });
    const before = await databaseFingerprint(t, { ignore: ['rate_limit_hits'] });
    const wrong = { ...owner, token: `${token.slice(0, 10)}${token.slice(10).split('').reverse().join('')}` };
    expect(wrong.token).not.toBe(token);
    for (let i = 0; i < limit; i++) expect((await from('10.22.7.1', wrong)).statusCode).toBe(403);
    for (const [lang, words] of [
      ['tr', 'Bu adresten çok fazla yanlış kurulum anahtarı denendi. Lütfen '],
      ['en', 'Too many wrong setup keys from this address. Please try again in '],
    ] as const) {
      const refused = await from('10.22.7.1', wrong, lang);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: 'SETUP_RATE_LIMITED' });
      expect(refused.json().message).toContain(words);
      expect(refused.json().message).not.toContain('{');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    }
    // the right key waits too from that address: guessing there learns nothing
    expect((await from('10.22.7.1', { ...owner, token })).statusCode).toBe(429);
    // another address: the right key (refused here for its common password) gives its try back, so only wrong keys
    // use up the limit
    for (let i = 0; i < limit - 1; i++) expect((await from('10.22.7.2', wrong)).statusCode).toBe(403);
    const common = await from('10.22.7.2', { ...owner, token, password: 'password1' });
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    expect((await from('10.22.7.2', wrong)).statusCode).toBe(403);
    expect((await from('10.22.7.2', wrong)).statusCode).toBe(429);
    expect(await databaseFingerprint(t, { ignore: ['rate_limit_hits'] })).toEqual(before);
  });

  it('creates exactly the internal company and its protected superadmin, signed in at once', async () => {
    const res = await post({ ...owner, token }, 'tr');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Kurulum tamamlandı. Hoş geldiniz!' });
    expect(body.user).toMatchObject({ email: 'ayse.celik@kuzey.example', role: 'superadmin', first_name: 'Ayşe Nur', last_name: 'Çelik' });
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
    const verify = await t.call(body.token, { method: 'GET', url: '/api/auth/verify' });
    expect(verify.statusCode).toBe(200);
    expect(await countRows(t, companies)).toBe(1);
    expect(await countRows(t, users)).toBe(1);
    const [company] = await t.app.ctx.db.select().from(companies);
    const [user] = await t.app.ctx.db.select().from(users);
    expect(company).toMatchObject({ name: owner.company_name, isInternal: true });
    expect(user).toMatchObject({ role: 'superadmin', isProtected: true, isActive: true, companyId: company?.id, language: 'tr' });
    // the password signs in too
    expect(await t.login('ayse.celik@kuzey.example', owner.password)).toEqual(expect.any(String));
    // the token has done its work
    expect(readSetupToken(t.dataDir)).toBeNull();
    expect(await prepareSetup(t.app.ctx)).toBeNull();
  });

  it('is gone afterwards: 404 for the state and for the same token again, nothing created', async () => {
    const before = await databaseFingerprint(t, { ignore: ['rate_limit_hits', 'sessions'] });
    const state = await t.call(null, { method: 'GET', url: '/api/setup', headers: { 'x-language': 'en' } });
    expect(state.statusCode).toBe(404);
    expect(state.json()).toMatchObject({ success: false, code: 'SETUP_NOT_AVAILABLE' });
    const again = await post({ ...owner, token, email: 'second@kuzey.example', company_name: 'Second' }, 'tr');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toContain('zaten kurulmuş');
    expect(await databaseFingerprint(t, { ignore: ['rate_limit_hits', 'sessions'] })).toEqual(before);
  });

  it('refuses a common password wherever a password is set afterwards: a new user, a password change', async () => {
    const bearer = await t.login('ayse.celik@kuzey.example', owner.password);
    const company = await t.call(bearer, { method: 'POST', url: '/api/companies', payload: { name: 'Müşteri A.Ş.' } });
    expect(company.statusCode, company.body).toBe(201);
    const companyId = company.json().data.id as number;
    const user = { first_name: 'Can', last_name: 'Er', email: 'can@musteri.example', role: 'operator', company_id: companyId };
    const common = await t.call(bearer, { method: 'POST', url: '/api/users', payload: { ...user, password: 'iloveyou' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    const created = await t.call(bearer, { method: 'POST', url: '/api/users', payload: { ...user, password: 'mavi kapı yedi' } });
    expect(created.statusCode, created.body).toBe(201);
    const change = await t.call(bearer, {
      method: 'PUT',
      url: `/api/users/${created.json().data.id}/password`,
      payload: { password: 'sunshine' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().code).toBe('PASSWORD_TOO_COMMON');
  });
});
