import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, readOutbox, type TestApp } from '../../test/harness.ts';
import { type DemoCompanies, demoCompanies, insertUser, sessionFor, unique, userByEmail } from '../../test/factories.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import type { UserRow } from '../users/presenter.ts';

/** Issue 23, item 5: every change of a credential or an address voids every outstanding link of the account (reset,
 *  sign-in, e-mail change), through auth/void-account-links.ts. Each path below left some link working before. */

let t: TestApp;
let ids: DemoCompanies;
let superadmin: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date());
  ids = await demoCompanies(t);
  superadmin = await sessionFor(t, await userByEmail(t, DEMO.superadmin));
  manager = await sessionFor(t, await userByEmail(t, DEMO.egeManager));
});
afterAll(async () => {
  await t?.close();
});

/** each test asks and uses its links from an address of its own (the per-address limits stay out of the way) */
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

const editOf = (user: UserRow, changes: Record<string, unknown>) => ({
  first_name: user.firstName,
  last_name: user.lastName,
  email: user.email,
  role: user.role,
  company_id: user.companyId,
  is_active: true,
  ...changes,
});

function tokenIn(mails: string[], to: string, path: string): string {
  const mail = mails.filter((m) => m.includes(`To: ${to}`) && m.includes(`${path}?token=`)).at(-1);
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link to ${to}`);
  return decodeURIComponent(match[1]);
}

interface Links {
  reset: string;
  signIn: string;
  emailChange: string;
  ip: string;
}

/** A reset link and a sign-in link mailed to the user, and an e-mail change (set by the manager) waiting for the new
 *  address: all three outstanding. */
async function outstandingLinks(user: UserRow): Promise<Links> {
  const ip = nextIp();
  const asked = await Promise.all([
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email }, remoteAddress: ip }),
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in-link', payload: { email: user.email }, remoteAddress: ip }),
  ]);
  for (const res of asked) expect(res.statusCode).toBe(200);
  const newEmail = `pending-${unique()}@test.example`;
  const edited = await t.call(manager, { method: 'PUT', url: `/api/users/${user.id}`, payload: editOf(user, { email: newEmail }) });
  expect(edited.json().data.pending_email).toBe(newEmail);
  await t.app.ctx.mail.drained();
  const mails = readOutbox(t.config.outboxDir);
  return {
    reset: tokenIn(mails, user.email, 'password-reset'),
    signIn: tokenIn(mails, user.email, 'sign-in-link'),
    emailChange: tokenIn(mails, newEmail, 'email-change'),
    ip,
  };
}

const useReset = (links: Links, token = links.reset) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password: 'from-a-link-1' },
    remoteAddress: links.ip,
  });
const useSignIn = (links: Links) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in-link/confirm', payload: { token: links.signIn }, remoteAddress: links.ip });
const useEmailChange = (links: Links) =>
  t.app.inject({ method: 'POST', url: '/api/auth/email-change/confirm', payload: { token: links.emailChange }, remoteAddress: links.ip });

async function expectVoid(links: Links, which: ('reset' | 'signIn' | 'emailChange')[] = ['reset', 'signIn', 'emailChange']) {
  const expected = { reset: 'PASSWORD_RESET_TOKEN_INVALID', signIn: 'SIGN_IN_LINK_INVALID', emailChange: 'EMAIL_CHANGE_LINK_INVALID' };
  const use = { reset: () => useReset(links), signIn: () => useSignIn(links), emailChange: () => useEmailChange(links) };
  for (const kind of which) {
    const res = await use[kind]();
    expect({ kind, status: res.statusCode, code: res.json().code }).toEqual({ kind, status: 400, code: expected[kind] });
  }
}

describe('a change of credential or address voids every outstanding link of the account', () => {
  it('the links work when nothing changed (the checks below are not vacuous)', async () => {
    const first = await outstandingLinks(await insertUser(t, { companyId: ids.ege }));
    expect((await useSignIn(first)).statusCode).toBe(200);
    expect((await useReset(first)).statusCode).toBe(200);
    const second = await outstandingLinks(await insertUser(t, { companyId: ids.ege }));
    expect((await useEmailChange(second)).statusCode).toBe(200);
  });

  it('the owner changes their own password', async () => {
    const user = await insertUser(t, { companyId: ids.ege, role: 'company_manager' });
    const links = await outstandingLinks(user);
    const res = await t.call(await sessionFor(t, user), {
      method: 'PUT',
      url: `/api/users/${user.id}/password`,
      payload: { password: 'own-new-pass-1', current_password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    await expectVoid(links);
  });

  it('a manager sets the password', async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const links = await outstandingLinks(user);
    const res = await t.call(manager, { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { password: 'set-by-mgr-1' } });
    expect(res.statusCode).toBe(200);
    await expectVoid(links);
  });

  it('the superadmin sets the password', async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const links = await outstandingLinks(user);
    const res = await t.call(superadmin, { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { password: 'set-by-sa-1' } });
    expect(res.statusCode).toBe(200);
    await expectVoid(links);
  });

  it('a password reset: the other reset link, the sign-in link and the e-mail change stop working', async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const links = await outstandingLinks(user);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email }, remoteAddress: links.ip });
    await t.app.ctx.mail.drained();
    const second = tokenIn(readOutbox(t.config.outboxDir), user.email, 'password-reset');
    expect(second).not.toBe(links.reset);
    expect((await useReset(links, second)).statusCode).toBe(200);
    await expectVoid(links);
  });

  it("the superadmin's immediate e-mail change: the old address's sign-in and reset links stop working", async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const links = await outstandingLinks(user);
    const res = await t.call(superadmin, {
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: editOf(user, { email: `direct-${unique()}@test.example` }),
    });
    expect(res.statusCode).toBe(200);
    await expectVoid(links);
  });

  it('a confirmed e-mail change: the links sent to the old address stop working', async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const links = await outstandingLinks(user);
    expect((await useEmailChange(links)).statusCode).toBe(200);
    await expectVoid(links, ['reset', 'signIn']);
  });

  it('a deactivation: links mailed before do not work once the account is active again', async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const links = await outstandingLinks(user);
    for (const isActive of [false, true]) {
      const res = await t.call(manager, { method: 'PUT', url: `/api/users/${user.id}`, payload: editOf(user, { is_active: isActive }) });
      expect(res.statusCode).toBe(200);
    }
    await expectVoid(links);
  });

  it("an edit that changes no credential, address or activity keeps the user's links", async () => {
    const user = await insertUser(t, { companyId: ids.ege });
    const links = await outstandingLinks(user);
    const res = await t.call(superadmin, { method: 'PUT', url: `/api/users/${user.id}`, payload: editOf(user, { first_name: 'Renamed' }) });
    expect(res.statusCode).toBe(200);
    expect((await useSignIn(links)).statusCode).toBe(200);
    expect((await useReset(links)).statusCode).toBe(200);
  });
});
