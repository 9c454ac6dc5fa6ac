import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@windscope/contract';
import { createTestApp, DEMO, lastResetToken, type TestApp } from '../../test/harness.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { countRows, type DemoCompanies, demoCompanies, insertUser, sessionFor, unique, userByEmail } from '../../test/factories.ts';
import { users } from '../db/schema.ts';
import type { UserRow } from './presenter.ts';

let t: TestApp;
let ids: DemoCompanies;
let superadmin: UserRow;
let egeManager: UserRow;
const token = { superadmin: '', egeManager: '', egeOperator: '', egeCustomer: '', egeViewer: '', marmaraAdmin: '' };
/** every answer of this file, checked at the end for anything that looks like a password hash */
const answers: string[] = [];

async function call(who: keyof typeof token | string, options: Parameters<TestApp['call']>[1]): Promise<LightMyRequestResponse> {
  const bearer = who in token ? token[who as keyof typeof token] : who;
  const res = await t.call(bearer, options);
  answers.push(res.body);
  return res;
}

const validNewUser = (companyId: number) => ({
  first_name: 'Ece',
  last_name: 'Tan',
  email: `ece-${unique()}@test.example`,
  password: 'secret-1',
  company_id: companyId,
});
const editOf = (user: UserRow, changes: Record<string, unknown> = {}) => ({
  first_name: user.firstName,
  last_name: user.lastName,
  email: user.email,
  role: user.role,
  company_id: user.companyId,
  is_active: user.isActive,
  ...changes,
});
const statusOf = async (bearer: string) => (await t.call(bearer, { method: 'GET', url: '/api/auth/verify' })).statusCode;
const rowOf = async (id: number) => (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoCompanies(t);
  superadmin = await userByEmail(t, DEMO.superadmin);
  egeManager = await userByEmail(t, DEMO.egeManager);
  for (const key of Object.keys(token) as (keyof typeof token)[]) token[key] = await sessionFor(t, await userByEmail(t, DEMO[key]));
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/users', () => {
  it('gives the superadmin every user', async () => {
    const res = await call('superadmin', { method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as User[];
    expect(data.length).toBe(await countRows(t, users));
    expect(new Set(data.map((u) => u.company_id))).toEqual(new Set([ids.internal, ids.ege, ids.marmara]));
  });

  it("gives a manager only their company's users, whatever the query says", async () => {
    const res = await call('egeManager', {
      method: 'GET',
      url: `/api/users?user_id=${superadmin.id}&role=superadmin&company_id=${ids.marmara}`,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as User[];
    const egeUsers = (await t.app.ctx.db.select().from(users).where(eq(users.companyId, ids.ege))).length;
    expect(data.length).toBe(egeUsers);
    expect(data.every((u) => u.company_id === ids.ege && u.company_name === 'Ege Rüzgar Enerji')).toBe(true);
    const marmara = (await call('marmaraAdmin', { method: 'GET', url: '/api/users' })).json().data as User[];
    expect(marmara.length).toBeGreaterThan(0);
    expect(marmara.every((u) => u.company_id === ids.marmara)).toBe(true);
  });

  it('is refused to operators, customers and viewers', async () => {
    for (const who of ['egeOperator', 'egeCustomer', 'egeViewer'] as const) {
      const res = await call(who, { method: 'GET', url: '/api/users' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });

  it("reads one user within scope; another company's user is not found", async () => {
    const marmaraOperator = await userByEmail(t, DEMO.marmaraOperator);
    expect((await call('egeManager', { method: 'GET', url: `/api/users/${egeManager.id}` })).json().data.email).toBe(DEMO.egeManager);
    expect((await call('egeManager', { method: 'GET', url: `/api/users/${marmaraOperator.id}` })).statusCode).toBe(404);
    expect((await call('egeManager', { method: 'GET', url: `/api/users/${superadmin.id}` })).statusCode).toBe(404);
    expect((await call('superadmin', { method: 'GET', url: `/api/users/${marmaraOperator.id}` })).statusCode).toBe(200);
  });
});

describe('POST /api/users', () => {
  it.each([
    ['tr', 'first_name', 'Ad tek satır olmalı: satır sonu, sekme veya başka bir kontrol karakteri içeremez.'],
    ['en', 'last_name', 'Last name must be a single line: it cannot contain line breaks, tabs or other control characters.'],
  ])('refuses a line break in a name (copied into e-mails) with a message naming the field (%s)', async (lang, field, message) => {
    const before = await countRows(t, users);
    const res = await call('superadmin', {
      method: 'POST',
      url: '/api/users',
      headers: { 'x-language': lang },
      payload: { ...validNewUser(ids.ege), [field]: 'Ece\r\nBcc: someone@evil.example' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: `TEXT_CONTROL_CHARACTERS_${field.toUpperCase()}`, message });
    expect(await countRows(t, users)).toBe(before);
  });

  it('creates an active operator by default, who can then sign in', async () => {
    const body = validNewUser(ids.marmara);
    const res = await call('superadmin', { method: 'POST', url: '/api/users', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      email: body.email,
      role: 'operator',
      company_id: ids.marmara,
      company_name: 'Marmara Enerji',
      is_active: true,
      is_protected: false,
    });
    await t.login(body.email, body.password);
  });

  it.each([
    ['no first name', { first_name: undefined }, 'Tüm alanları doldurun'],
    ['a blank last name', { last_name: '  ' }, 'Tüm alanları doldurun'],
    ['no e-mail', { email: '' }, 'Tüm alanları doldurun'],
    ['no password', { password: '' }, 'Tüm alanları doldurun'],
    ['no company', { company_id: undefined }, 'Şirket seçin'],
    ['a null company', { company_id: null }, 'Şirket seçin'],
    ['a company that does not exist', { company_id: 999_999 }, 'Şirket seçin'],
    ['a short password', { password: '12345' }, 'Şifre en az 6 karakter olmalı'],
  ])('refuses %s with the spec message', async (_label, change, message) => {
    const before = await countRows(t, users);
    const res = await call('superadmin', { method: 'POST', url: '/api/users', payload: { ...validNewUser(ids.ege), ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(await countRows(t, users)).toBe(before);
  });

  it('refuses a taken e-mail in any case, and never grants superadmin', async () => {
    const before = await countRows(t, users);
    const taken = await call('superadmin', {
      method: 'POST',
      url: '/api/users',
      payload: { ...validNewUser(ids.ege), email: 'ADMIN@ege.example' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USER_EMAIL_TAKEN');
    const grant = await call('superadmin', {
      method: 'POST',
      url: '/api/users',
      payload: { ...validNewUser(ids.ege), role: 'superadmin' },
    });
    expect(grant.statusCode).toBe(400);
    expect(await countRows(t, users)).toBe(before);
  });

  it('is for the superadmin only', async () => {
    const before = await countRows(t, users);
    for (const who of ['egeManager', 'marmaraAdmin', 'egeOperator'] as const) {
      const res = await call(who, { method: 'POST', url: '/api/users', payload: validNewUser(ids.ege) });
      expect(res.statusCode).toBe(403);
    }
    expect(await countRows(t, users)).toBe(before);
  });
});

describe('PUT /api/users/:id', () => {
  it.each([
    ['no first name', { first_name: '' }, 'Tüm alanlar gereklidir'],
    ['no last name', { last_name: undefined }, 'Tüm alanlar gereklidir'],
    ['no e-mail', { email: ' ' }, 'Tüm alanlar gereklidir'],
    ['no company', { company_id: null }, 'Şirket seçin'],
  ])('refuses %s with the spec message', async (_label, change, message) => {
    const user = await insertUser(t, { companyId: ids.ege });
    const res = await call('superadmin', { method: 'PUT', url: `/api/users/${user.id}`, payload: editOf(user, change) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await rowOf(user.id)).toEqual(user);
  });

  it('lets the superadmin change anything but superadmin rights, including the company', async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const res = await call('superadmin', {
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: editOf(user, { first_name: 'Yeni', role: 'customer', company_id: ids.marmara, email: `NEW-${user.email}` }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: 'Yeni', role: 'customer', company_id: ids.marmara, email: `new-${user.email}` });
    expect(res.json().message).toBe('Kullanıcı güncellendi.');
    const grant = await call('superadmin', { method: 'PUT', url: `/api/users/${user.id}`, payload: editOf(user, { role: 'superadmin' }) });
    expect(grant.statusCode).toBe(403);
    expect((await rowOf(user.id))?.role).toBe('customer');
  });

  it('lets the superadmin edit another superadmin whose form echoes the role', async () => {
    const other = await insertUser(t, { companyId: superadmin.companyId, role: 'superadmin' });
    const res = await call('superadmin', {
      method: 'PUT',
      url: `/api/users/${other.id}`,
      payload: editOf(other, { role: 'superadmin', first_name: 'İkinci' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'superadmin', first_name: 'İkinci' });
  });

  it('lets a manager edit a user of their own company', async () => {
    const user = await insertUser(t, { companyId: ids.ege, role: 'viewer' });
    const res = await call('egeManager', {
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: editOf(user, { role: 'operator', last_name: 'Değişti' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'operator', last_name: 'Değişti', company_id: ids.ege });
  });

  it('never lets a manager move a user to another company or grant superadmin', async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const move = await call('egeManager', {
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: editOf(user, { company_id: ids.marmara }),
    });
    expect(move.statusCode).toBe(403);
    const grant = await call('egeManager', { method: 'PUT', url: `/api/users/${user.id}`, payload: editOf(user, { role: 'superadmin' }) });
    expect(grant.statusCode).toBe(403);
    expect(await rowOf(user.id)).toEqual(user);
  });

  it('hides superadmins and other companies from a manager, and refuses a superadmin inside their company', async () => {
    const marmaraUser = await insertUser(t, { companyId: ids.marmara });
    expect(
      (
        await call('egeManager', {
          method: 'PUT',
          url: `/api/users/${marmaraUser.id}`,
          payload: editOf(marmaraUser, { company_id: ids.ege }),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('egeManager', { method: 'PUT', url: `/api/users/${superadmin.id}`, payload: editOf(superadmin, { role: 'admin' }) }))
        .statusCode,
    ).toBe(404);
    const embedded = await insertUser(t, { companyId: ids.ege, role: 'superadmin' });
    const res = await call('egeManager', {
      method: 'PUT',
      url: `/api/users/${embedded.id}`,
      payload: editOf(embedded, { role: 'viewer' }),
    });
    expect(res.statusCode).toBe(403);
    expect(await rowOf(marmaraUser.id)).toEqual(marmaraUser);
    expect(await rowOf(embedded.id)).toEqual(embedded);
  });

  it('never edits the protected user, not even as another superadmin', async () => {
    // the role sent for a superadmin is ignored (superadmin stays superadmin); it is the protection that refuses
    const second = await insertUser(t, { companyId: ids.internal, role: 'superadmin' });
    const secondToken = await sessionFor(t, second);
    for (const bearer of [token.superadmin, secondToken]) {
      const res = await call(bearer, {
        method: 'PUT',
        url: `/api/users/${superadmin.id}`,
        payload: editOf(superadmin, { first_name: 'X', role: 'admin' }),
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await rowOf(superadmin.id)).toEqual(superadmin);
  });

  it('deactivating a user ends all their sessions and their sign-in', async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const sessions = [await sessionFor(t, user), await sessionFor(t, user)];
    const res = await call('egeManager', { method: 'PUT', url: `/api/users/${user.id}`, payload: editOf(user, { is_active: false }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_active).toBe(false);
    for (const s of sessions) expect(await statusOf(s)).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'demo1234' } });
    expect(login.statusCode).toBe(401);
    // coming back does not revive the old sessions
    await call('egeManager', { method: 'PUT', url: `/api/users/${user.id}`, payload: editOf(user, { is_active: true }) });
    for (const s of sessions) expect(await statusOf(s)).toBe(401);
  });

  it.each([
    ['tr', 'Kendi hesabınızı pasif yapamazsınız; başka bir yönetici yapabilir.'],
    ['en', 'You cannot deactivate your own account; another administrator can.'],
  ])('nobody deactivates themselves: refused with a message (%s), nothing changes', async (lang, message) => {
    const manager = await insertUser(t, { companyId: ids.ege, role: 'company_manager' });
    const second = await insertUser(t, { companyId: ids.internal, role: 'superadmin' });
    for (const self of [manager, second]) {
      const session = await sessionFor(t, self);
      const res = await call(session, {
        method: 'PUT',
        url: `/api/users/${self.id}`,
        headers: { 'x-language': lang },
        payload: editOf(self, { first_name: 'Renamed', is_active: false }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'USER_CANNOT_DEACTIVATE_SELF', message });
      expect(await rowOf(self.id)).toEqual(self);
      expect(await statusOf(session)).toBe(200);
    }
  });
});

describe('PUT /api/users/:id/password', () => {
  it.each([
    ['an empty password', { password: '' }, 'Yeni şifre gereklidir'],
    ['no password', {}, 'Yeni şifre gereklidir'],
    ['a short password', { password: 'abc' }, 'Şifre en az 6 karakter olmalı'],
  ])('refuses %s with the spec message', async (_label, payload, message) => {
    const user = await insertUser(t, { companyId: ids.ege });
    const res = await call('superadmin', { method: 'PUT', url: `/api/users/${user.id}/password`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await rowOf(user.id)).toEqual(user);
  });

  it('ends every session of the user whose password a manager changed; the new password works', async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const before = await sessionFor(t, user);
    const res = await call('egeManager', { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { password: 'brand-new-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Şifre başarıyla değiştirildi.');
    expect(await statusOf(before)).toBe(401);
    await t.login(user.email, 'brand-new-1');
  });

  it('changing your own password keeps this session and ends the others', async () => {
    const manager = await insertUser(t, { companyId: ids.ege, role: 'company_manager' });
    const current = await sessionFor(t, manager);
    const other = await sessionFor(t, manager);
    const res = await call(current, {
      method: 'PUT',
      url: `/api/users/${manager.id}/password`,
      payload: { password: 'my-own-new-1', current_password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(current)).toBe(200);
    expect(await statusOf(other)).toBe(401);
  });

  it.each([
    ['without the current password', {}, 'tr', 'Mevcut şifrenizi girin.'],
    ['with a wrong current password', { current_password: 'not-my-password' }, 'tr', 'Mevcut şifre hatalı.'],
    ['with an empty current password', { current_password: '' }, 'en', 'Enter your current password.'],
    ['with a wrong current password', { current_password: 'not-my-password' }, 'en', 'The current password is incorrect.'],
  ])('refuses your own change %s (%s)', async (_label, extra, lang, message) => {
    const manager = await insertUser(t, { companyId: ids.ege, role: 'company_manager' });
    const session = await sessionFor(t, manager);
    const res = await call(session, {
      method: 'PUT',
      url: `/api/users/${manager.id}/password`,
      headers: { 'x-language': lang },
      payload: { password: 'my-own-new-1', ...extra },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await rowOf(manager.id)).toEqual(manager);
  });

  it('guessing your own current password is stopped after 5 wrong tries, the right one included; others are not held back', async () => {
    const manager = await insertUser(t, { companyId: ids.ege, role: 'company_manager' });
    const session = await sessionFor(t, manager);
    const change = (current: string) =>
      call(session, {
        method: 'PUT',
        url: `/api/users/${manager.id}/password`,
        headers: { 'x-language': 'en' },
        payload: { password: 'my-own-new-1', current_password: current },
      });
    // a right one first gives its attempt back: it does not use up the five
    expect((await change(DEMO_PASSWORD)).statusCode).toBe(200);
    const hashAfterChange = (await rowOf(manager.id))?.passwordHash;
    const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => change(`guess-${i}-pass`)));
    expect(guesses.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(3);
    const refused = await change('my-own-new-1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts/) });
    expect((await rowOf(manager.id))?.passwordHash).toBe(hashAfterChange);
    // another user changing their own is not held back
    const other = await insertUser(t, { companyId: ids.ege, role: 'company_manager' });
    const otherChange = await call(await sessionFor(t, other), {
      method: 'PUT',
      url: `/api/users/${other.id}/password`,
      payload: { password: 'my-own-new-1', current_password: DEMO_PASSWORD },
    });
    expect(otherChange.statusCode).toBe(200);
  });

  it("a manager setting another user's password is not asked for any current password", async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const res = await call('egeManager', { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { password: 'set-by-mgr-1' } });
    expect(res.statusCode).toBe(200);
  });

  it('voids the open reset links of the user, whoever changes the password', async () => {
    const user = await insertUser(t, { companyId: ids.ege, role: 'company_manager' });
    const askLink = async () => {
      const asked = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
      expect(asked.statusCode).toBe(200);
      // the link is made and mailed after the reply
      await t.app.ctx.mail.drained();
      return lastResetToken(t.config.outboxDir);
    };
    const useLink = (link: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: link, password: 'from-the-link-1' } });
    // a manager sets the password: the link mailed before stops working
    const byManager = await askLink();
    expect(
      (await call('egeManager', { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { password: 'set-by-mgr-1' } }))
        .statusCode,
    ).toBe(200);
    const refused = await useLink(byManager);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('PASSWORD_RESET_TOKEN_INVALID');
    // the user changes it: same
    const byOwner = await askLink();
    const own = await call(await t.login(user.email, 'set-by-mgr-1'), {
      method: 'PUT',
      url: `/api/users/${user.id}/password`,
      payload: { password: 'my-own-new-2', current_password: 'set-by-mgr-1' },
    });
    expect(own.statusCode).toBe(200);
    expect((await useLink(byOwner)).statusCode).toBe(400);
    await t.login(user.email, 'my-own-new-2');
  });

  it('never re-passwords the protected user, a superadmin (for a manager) or another company', async () => {
    const marmaraUser = await insertUser(t, { companyId: ids.marmara });
    expect(
      (await call('superadmin', { method: 'PUT', url: `/api/users/${superadmin.id}/password`, payload: { password: 'hijack-1' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('egeManager', { method: 'PUT', url: `/api/users/${superadmin.id}/password`, payload: { password: 'hijack-1' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('egeManager', { method: 'PUT', url: `/api/users/${marmaraUser.id}/password`, payload: { password: 'hijack-1' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('egeOperator', { method: 'PUT', url: `/api/users/${egeManager.id}/password`, payload: { password: 'hijack-1' } }))
        .statusCode,
    ).toBe(403);
    expect(await rowOf(superadmin.id)).toEqual(superadmin);
    expect(await rowOf(marmaraUser.id)).toEqual(marmaraUser);
    expect((await rowOf(egeManager.id))?.passwordHash).toBe(egeManager.passwordHash);
  });
});

describe('DELETE /api/users/:id', () => {
  it('nobody deletes themselves', async () => {
    const res = await call('egeManager', { method: 'DELETE', url: `/api/users/${egeManager.id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'USER_CANNOT_DELETE_SELF', message: 'Kendinizi silemezsiniz.' });
    const second = await insertUser(t, { companyId: ids.internal, role: 'superadmin' });
    const self = await call(await sessionFor(t, second), { method: 'DELETE', url: `/api/users/${second.id}` });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('USER_CANNOT_DELETE_SELF');
    expect(await rowOf(egeManager.id)).toBeDefined();
    expect(await rowOf(second.id)).toBeDefined();
  });

  it('nobody deletes the protected user', async () => {
    const second = await insertUser(t, { companyId: ids.internal, role: 'superadmin' });
    const res = await call(await sessionFor(t, second), { method: 'DELETE', url: `/api/users/${superadmin.id}` });
    expect(res.statusCode).toBe(403);
    expect(await rowOf(superadmin.id)).toBeDefined();
  });

  it("a manager deletes a user of their company, whose sessions end; never another company's user or a superadmin", async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const session = await sessionFor(t, user);
    const res = await call('egeManager', { method: 'DELETE', url: `/api/users/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Kullanıcı silindi.');
    expect(await rowOf(user.id)).toBeUndefined();
    expect(await statusOf(session)).toBe(401);

    const marmaraUser = await insertUser(t, { companyId: ids.marmara });
    const embedded = await insertUser(t, { companyId: ids.ege, role: 'superadmin' });
    expect((await call('egeManager', { method: 'DELETE', url: `/api/users/${marmaraUser.id}` })).statusCode).toBe(404);
    expect((await call('egeManager', { method: 'DELETE', url: `/api/users/${superadmin.id}` })).statusCode).toBe(404);
    expect((await call('egeManager', { method: 'DELETE', url: `/api/users/${embedded.id}` })).statusCode).toBe(403);
    expect((await call('egeOperator', { method: 'DELETE', url: `/api/users/${marmaraUser.id}` })).statusCode).toBe(404);
    expect(await rowOf(marmaraUser.id)).toBeDefined();
    expect(await rowOf(embedded.id)).toBeDefined();
  });

  it('the superadmin deletes a user of any company', async () => {
    const user = await insertUser(t, { companyId: ids.marmara });
    expect((await call('superadmin', { method: 'DELETE', url: `/api/users/${user.id}` })).statusCode).toBe(200);
    expect(await rowOf(user.id)).toBeUndefined();
  });
});

describe('answers', () => {
  it('never contain a password or a hash', () => {
    expect(answers.length).toBeGreaterThan(40);
    for (const body of answers) {
      expect(body).not.toMatch(/\$argon2|password_?hash|"password"\s*:/i);
    }
  });
});
