import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, readOutbox, type TestApp } from '../../test/harness.ts';
import { demoCompanies, insertUser, unique } from '../../test/factories.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { emailChanges, passwordResetTokens, users } from '../db/schema.ts';
import type { UserRow } from './presenter.ts';

let t: TestApp;
let superadmin: string;
let manager: string;
let ege: number;
let marmara: number;
beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login(DEMO.superadmin);
  manager = await t.login(DEMO.egeManager);
  ({ ege, marmara } = await demoCompanies(t));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const edit = (token: string, user: UserRow, email: string, lang = 'tr') =>
  t.call(token, {
    method: 'PUT',
    url: `/api/users/${user.id}`,
    headers: { 'x-language': lang },
    payload: { first_name: user.firstName, last_name: user.lastName, email, role: user.role, company_id: user.companyId, is_active: true },
  });
const confirm = (token: string, lang = 'tr') =>
  t.app.inject({ method: 'POST', url: '/api/auth/email-change/confirm', headers: { 'x-language': lang }, payload: { token } });
const emailOf = async (id: number) => (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]?.email;

/** The mails sent since `before` (after the queued work ran). */
async function mailsSince(before: number) {
  await t.app.ctx.mail.drained();
  return readOutbox(t.config.outboxDir).slice(before);
}
const outboxSize = () => readOutbox(t.config.outboxDir).length;
function linkToken(mail: string | undefined) {
  const m = /email-change\?token=([A-Za-z0-9_%-]+)/.exec(mail ?? '');
  if (!m?.[1]) throw new Error('no e-mail change link in the mail');
  return decodeURIComponent(m[1]);
}

describe("a manager's change of an address", () => {
  it("waits for the new address: a link to it (the manager's language), the address changes on confirming, once", async () => {
    const target = await insertUser(t, { companyId: ege });
    const free = `new-${unique()}@test.example`;
    const before = outboxSize();
    const res = await edit(manager, target, free, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: target.email, pending_email: free });
    // the list and the user's own read show it to the manager
    const listed = (await t.call(manager, { method: 'GET', url: '/api/users' }))
      .json()
      .data.find((u: { id: number }) => u.id === target.id);
    expect(listed.pending_email).toBe(free);
    const mails = await mailsSince(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${free}`);
    expect(mails[0]).toContain('Open the link below to confirm the change');
    expect(await emailOf(target.id)).toBe(target.email);

    const done = await confirm(linkToken(mails[0]), 'en');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      message: 'Your e-mail address has been changed. From now on, sign in with this address.',
    });
    expect(await emailOf(target.id)).toBe(free);
    const after = (await t.call(manager, { method: 'GET', url: `/api/users/${target.id}` })).json().data;
    expect(after).toMatchObject({ email: free, pending_email: null });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: free, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);

    const again = await confirm(linkToken(mails[0]));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'EMAIL_CHANGE_LINK_INVALID',
      message: 'E-posta onay bağlantısı geçersiz, kullanılmış veya süresi dolmuş.',
    });
  });

  it("speaks the user's own language when known, and voids the reset links sent to the old address", async () => {
    const target = await insertUser(t, { companyId: ege });
    await t.app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, target.id));
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: target.email } });
    await t.app.ctx.mail.drained();
    const before = outboxSize();
    await edit(manager, target, `lang-${unique()}@test.example`, 'tr');
    const [mail] = await mailsSince(before);
    expect(mail).toContain('Hello Test');
    await confirm(linkToken(mail));
    const open = await t.app.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, target.id));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((r) => r.usedAt !== null)).toBe(true);
  });

  it("a taken or look-alike address: its holder gets a notice (the holder's language), nobody gets a link", async () => {
    const target = await insertUser(t, { companyId: ege });
    const holder = await insertUser(t, { companyId: marmara, email: `holder-${unique()}@test.example` });
    await t.app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, holder.id));
    const lookAlike = holder.email.replace('o', 'о'); // Cyrillic о
    for (const email of [holder.email, lookAlike]) {
      const before = outboxSize();
      const res = await edit(manager, target, email, 'tr');
      expect(res.statusCode).toBe(200);
      const mails = await mailsSince(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`To: ${holder.email}`);
      expect(mails[0]).toContain('Nothing changed; your account is untouched.');
      expect(mails[0]).not.toContain('token=');
    }
    expect(await emailOf(target.id)).toBe(target.email);
  });

  it('an address taken between the request and the confirmation: 409 and nothing changes', async () => {
    const target = await insertUser(t, { companyId: ege });
    const wanted = `race-${unique()}@test.example`;
    const before = outboxSize();
    await edit(manager, target, wanted);
    const [mail] = await mailsSince(before);
    const token = linkToken(mail);
    const created = await t.call(superadmin, {
      method: 'POST',
      url: '/api/users',
      payload: { first_name: 'Fast', last_name: 'One', email: wanted.toUpperCase(), password: 'secret-1', company_id: marmara },
    });
    expect(created.statusCode).toBe(201);
    for (const [lang, message] of [
      ['tr', 'Bu e-posta adresi artık kullanılamıyor; adres değiştirilmedi. Yöneticinizden başka bir adres girmesini isteyin.'],
      ['en', 'This e-mail address can no longer be used; the address was not changed. Ask your administrator to enter another one.'],
    ] as const) {
      const res = await confirm(token, lang);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, code: 'EMAIL_CHANGE_ADDRESS_UNAVAILABLE', message });
    }
    expect(await emailOf(target.id)).toBe(target.email);
    expect(await emailOf(created.json().data.id)).toBe(wanted);
  });

  it('an expired link is refused like a wrong one', async () => {
    const target = await insertUser(t, { companyId: ege });
    const before = outboxSize();
    await edit(manager, target, `late-${unique()}@test.example`);
    const [mail] = await mailsSince(before);
    await t.app.ctx.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, target.id));
    expect((await t.call(manager, { method: 'GET', url: `/api/users/${target.id}` })).json().data.pending_email).toBeNull();
    const res = await confirm(linkToken(mail), 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The e-mail confirmation link is invalid, already used or has expired.');
    const bad = await confirm('short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('EMAIL_CHANGE_LINK_INVALID');
    expect(await emailOf(target.id)).toBe(target.email);
  });

  it('a new request replaces the pending one; cancelling voids the link; the mail of a cancelled change is not sent', async () => {
    const target = await insertUser(t, { companyId: ege });
    const before = outboxSize();
    await edit(manager, target, `first-${unique()}@test.example`);
    // the first link is sent before the second request (a change replaced before the outbox sent its mail sends none:
    // the last part of this test)
    expect(await mailsSince(before)).toHaveLength(1);
    const second = `second-${unique()}@test.example`;
    await edit(manager, target, second);
    const mails = await mailsSince(before);
    expect(mails).toHaveLength(2);
    expect((await confirm(linkToken(mails[0]))).statusCode).toBe(400);
    const rows = await t.app.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, target.id));
    expect(rows.map((r) => r.newEmail)).toEqual([second]);

    const cancelled = await t.call(manager, {
      method: 'DELETE',
      url: `/api/users/${target.id}/email-change`,
      headers: { 'x-language': 'en' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'The pending e-mail change was cancelled.',
      data: { id: target.id, pending_email: null },
    });
    expect((await confirm(linkToken(mails[1]))).statusCode).toBe(400);
    expect(await emailOf(target.id)).toBe(target.email);

    // cancelled before the outbox sent it (its worker held meanwhile): no mail at all
    const quiet = outboxSize();
    const release = t.app.ctx.mail.hold();
    await edit(manager, target, `third-${unique()}@test.example`);
    await t.call(manager, { method: 'DELETE', url: `/api/users/${target.id}/email-change` });
    release();
    expect(await mailsSince(quiet)).toHaveLength(0);
  });

  it("another company's user cannot be cancelled (404); the superadmin changes at once and clears a pending change", async () => {
    const other = await insertUser(t, { companyId: marmara });
    expect((await t.call(manager, { method: 'DELETE', url: `/api/users/${other.id}/email-change` })).statusCode).toBe(404);

    const target = await insertUser(t, { companyId: ege });
    const before = outboxSize();
    await edit(manager, target, `pending-${unique()}@test.example`);
    const [mail] = await mailsSince(before);
    const seen = (await t.call(superadmin, { method: 'GET', url: `/api/users/${target.id}` })).json().data;
    expect(seen.pending_email).toMatch(/^pending-/);
    const direct = `direct-${unique()}@test.example`;
    const res = await edit(superadmin, target, direct);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Kullanıcı güncellendi.', data: { email: direct, pending_email: null } });
    expect((await confirm(linkToken(mail))).statusCode).toBe(400);
    expect(await emailOf(target.id)).toBe(direct);
    // the superadmin still hears precisely why an address cannot be had
    const taken = await edit(superadmin, target, DEMO.marmaraAdmin);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USER_EMAIL_TAKEN');
  });

  it('a manager saving the form with the address unchanged requests nothing; deleting the user removes the pending change', async () => {
    const target = await insertUser(t, { companyId: ege });
    const before = outboxSize();
    const same = await edit(manager, target, target.email.toUpperCase());
    expect(same.json()).toMatchObject({ message: 'Kullanıcı güncellendi.', data: { pending_email: null } });
    expect(await mailsSince(before)).toHaveLength(0);
    await edit(manager, target, `gone-${unique()}@test.example`);
    expect((await t.call(manager, { method: 'DELETE', url: `/api/users/${target.id}` })).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, target.id))).toHaveLength(0);
  });
});
