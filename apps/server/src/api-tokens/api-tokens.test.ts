/** Personal API tokens (DECISIONS §17) through the API on the test database (PGlite or PostgreSQL): shown once and kept
 *  only as a hash; a token acts with exactly its user's rights (another company's turbine is still 404); a read token is
 *  refused on writes; revoked, expired and deactivated users' tokens are refused; a token cannot mint tokens, refresh a
 *  session or change a password; a password change revokes them; each token has its own request budget; last use is
 *  written at most once a minute. */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@windscope/contract';
import { apiTokens, auditLog, users } from '../db/schema.ts';
import { demoCompanies, insertTurbine, insertUser, sessionFor, userByEmail } from '../../test/factories.ts';
import { FLAT_BOX, insertKindPhoto } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import type { UserRow } from '../users/presenter.ts';
import { hashApiToken, LAST_USE_EVERY_MS } from './service.ts';
import { SESSION_ONLY_ROUTES } from './token-rules.ts';

const REQUESTS_PER_MINUTE = 12;

describe('personal API tokens', () => {
  let t: TestApp;
  let ege = 0;
  let marmara = 0;
  let operator: UserRow;
  let operatorSession = '';
  const en = { 'accept-language': 'en' };

  const create = async (session: string, body: Record<string, unknown>) =>
    t.call(session, { method: 'POST', url: '/api/api-tokens', payload: body, headers: en });
  const mint = async (session: string, scope: 'read' | 'read_write' = 'read_write', days = 30): Promise<CreatedApiToken> => {
    const res = await create(session, { name: `Detector ${scope}`, scope, expires_in_days: days });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as CreatedApiToken;
  };
  const findingBody = (photoId: number) => ({
    blade: 'A',
    surface: 'LE',
    type: 'erosion',
    severity: 2,
    notes: 'found by the detection model',
    observation: { photo_id: photoId, geometry: FLAT_BOX },
  });

  beforeAll(async () => {
    t = await createTestApp({ config: { apiTokenRequestsPerMinute: REQUESTS_PER_MINUTE } });
    t.clock.set(new Date('2026-06-15T09:00:00Z'));
    ({ ege, marmara } = await demoCompanies(t));
    operator = await userByEmail(t, DEMO.egeOperator);
    operatorSession = await sessionFor(t, operator);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('shows a new token once, keeps only its hash, and lists it without the secret', async () => {
    const created = await mint(operatorSession, 'read', 90);
    expect(created.token).toMatch(/^wsk_[A-Za-z0-9_-]{43}$/);
    expect(created.hint).toBe(created.token.slice(0, 8));
    expect(new Date(created.expires_at).getTime() - t.clock.now().getTime()).toBe(90 * 24 * 60 * 60 * 1000);
    const [row] = await t.app.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row?.tokenHash).toBe(hashApiToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(8));
    const list = await t.call(operatorSession, { method: 'GET', url: '/api/api-tokens' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token.slice(8));
    const listed = (list.json().data as { id: number; scope: string; last_used_at: string | null }[]).find((x) => x.id === created.id);
    expect(listed).toMatchObject({ scope: 'read', last_used_at: null });
    // another user's list does not show it
    const admin = await sessionFor(t, await userByEmail(t, DEMO.egeAdmin));
    const other = await t.call(admin, { method: 'GET', url: '/api/api-tokens' });
    expect((other.json().data as { id: number }[]).map((x) => x.id)).not.toContain(created.id);
  });

  it('writes its creation and its revocation into the audit log, in their transactions (DECISIONS §17)', async () => {
    const created = await mint(operatorSession, 'read', 7);
    const revoked = await t.call(operatorSession, { method: 'DELETE', url: `/api/api-tokens/${created.id}` });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'api_token'), eq(auditLog.targetId, String(created.id))))
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => [r.kind, r.actorId, r.targetLabel])).toEqual([
      ['api_token_created', operator.id, 'Detector read'],
      ['api_token_revoked', operator.id, 'Detector read'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(8));
    // revoking it again is "not found", and writes nothing more
    expect((await t.call(operatorSession, { method: 'DELETE', url: `/api/api-tokens/${created.id}` })).statusCode).toBe(404);
    expect(
      await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(created.id))),
    ).toHaveLength(2);
  });

  it('refuses a lifetime over a year, a bad scope and an empty name, in the caller language, writing nothing', async () => {
    const before = await t.app.ctx.db.select().from(apiTokens);
    for (const [body, code] of [
      [{ name: 'x', scope: 'read', expires_in_days: 366 }, 'API_TOKEN_EXPIRY_INVALID'],
      [{ name: 'x', scope: 'admin', expires_in_days: 30 }, 'API_TOKEN_SCOPE_INVALID'],
      [{ name: '  ', scope: 'read', expires_in_days: 30 }, 'API_TOKEN_NAME_REQUIRED'],
      [{ name: 'a\nb', scope: 'read', expires_in_days: 30 }, 'TEXT_CONTROL_CHARACTERS_TOKEN_NAME'],
    ] as const) {
      const res = await create(operatorSession, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const tr = await t.call(operatorSession, {
      method: 'POST',
      url: '/api/api-tokens',
      payload: { name: 'x', scope: 'read', expires_in_days: 0 },
      headers: { 'accept-language': 'tr' },
    });
    expect(tr.json().message).toBe('Geçerlilik süresi 1 ile 365 gün arasında olmalı.');
    expect(await t.app.ctx.db.select().from(apiTokens)).toHaveLength(before.length);
  });

  it("acts with exactly the user's rights: an operator's token posts a draft finding, sees another company as 404, cannot add a turbine", async () => {
    const { token } = await mint(operatorSession);
    const turbine = await insertTurbine(t, ege);
    const photo = await insertKindPhoto(t, turbine.id, operator);
    const posted = await t.call(token, { method: 'POST', url: `/api/turbines/${turbine.id}/findings`, payload: findingBody(photo.id) });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().data).toMatchObject({ status: 'draft', created_by: operator.id });
    const otherTurbine = await insertTurbine(t, marmara);
    expect((await t.call(token, { method: 'GET', url: `/api/turbines/${otherTurbine.id}` })).statusCode).toBe(404);
    expect((await t.call(token, { method: 'GET', url: `/api/turbines/${otherTurbine.id}/findings` })).statusCode).toBe(404);
    const add = await t.call(token, {
      method: 'POST',
      url: '/api/turbines',
      payload: { city: 'İZMİR', code: 'TOK-1', location: 'x', rooms: 4, company_id: ege },
    });
    expect(add.statusCode).toBe(403);
    expect(add.json().code).toBe('FORBIDDEN');
    const profile = await t.call(token, { method: 'GET', url: '/api/auth/profile' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.id ?? profile.json().data.user?.id).toBe(operator.id);
  });

  it('a read token reads, and is refused with 403 on every write, the route not even run', async () => {
    const { token } = await mint(operatorSession, 'read');
    const turbine = await insertTurbine(t, ege);
    const photo = await insertKindPhoto(t, turbine.id, operator);
    expect((await t.call(token, { method: 'GET', url: `/api/turbines/${turbine.id}` })).statusCode).toBe(200);
    const refused = await t.call(token, {
      method: 'POST',
      url: `/api/turbines/${turbine.id}/findings`,
      payload: findingBody(photo.id),
      headers: en,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'API_TOKEN_READ_ONLY', message: 'This API token is read-only; it cannot make changes.' });
    const comment = await t.call(token, { method: 'POST', url: `/api/turbines/${turbine.id}/comments`, payload: { content: 'x' } });
    expect(comment.statusCode).toBe(403);
    expect((await t.call(token, { method: 'DELETE', url: `/api/turbines/${turbine.id}/comments/1` })).statusCode).toBe(403);
  });

  it('a token can neither mint tokens, refresh a session, change a password nor edit a user', async () => {
    const superadmin = await userByEmail(t, DEMO.superadmin);
    const { token } = await mint(await sessionFor(t, superadmin));
    const victim = await insertUser(t, { companyId: ege, role: 'operator' });
    const attempts = [
      { method: 'POST' as const, url: '/api/api-tokens', payload: { name: 'more', scope: 'read_write', expires_in_days: 365 } },
      { method: 'GET' as const, url: '/api/api-tokens' },
      { method: 'DELETE' as const, url: '/api/api-tokens/1' },
      { method: 'POST' as const, url: '/api/auth/refresh' },
      { method: 'POST' as const, url: '/api/auth/logout' },
      { method: 'PUT' as const, url: `/api/users/${victim.id}/password`, payload: { password: 'taken over 123' } },
      {
        method: 'PUT' as const,
        url: `/api/users/${superadmin.id}/password`,
        payload: { password: 'taken over 123', current_password: 'x' },
      },
      { method: 'PUT' as const, url: `/api/users/${victim.id}`, payload: { email: 'attacker@evil.example' } },
    ];
    const tokensBefore = (await t.app.ctx.db.select().from(apiTokens)).length;
    for (const attempt of attempts) {
      const res = await t.call(token, { ...attempt, headers: en });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(res.json().code).toBe('API_TOKEN_NOT_ALLOWED');
    }
    expect((await t.app.ctx.db.select().from(apiTokens)).length).toBe(tokensBefore);
    const [after] = await t.app.ctx.db.select().from(users).where(eq(users.id, victim.id));
    expect(after?.email).toBe(victim.email);
    expect(after?.passwordHash).toBe(victim.passwordHash);
    // the sign-in link and reset flows are public and unaffected by a token in the header
    const reset = await t.call(token, { method: 'POST', url: '/api/auth/password-reset', payload: { email: 'nobody@test.example' } });
    expect(reset.statusCode).toBe(200);
  });

  it('revoked, expired, unknown and malformed tokens are refused with 401; revoking is for the owner only', async () => {
    const revoked = await mint(operatorSession);
    const admin = await sessionFor(t, await userByEmail(t, DEMO.egeAdmin));
    // another user (even a manager of the same company) cannot revoke it: not found
    const foreign = await t.call(admin, { method: 'DELETE', url: `/api/api-tokens/${revoked.id}` });
    expect(foreign.statusCode).toBe(404);
    expect((await t.call(revoked.token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(200);
    const done = await t.call(operatorSession, { method: 'DELETE', url: `/api/api-tokens/${revoked.id}`, headers: en });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('API token revoked.');
    expect((await t.call(operatorSession, { method: 'DELETE', url: `/api/api-tokens/${revoked.id}` })).statusCode).toBe(404);
    const listed = await t.call(operatorSession, { method: 'GET', url: '/api/api-tokens' });
    expect((listed.json().data as { id: number }[]).map((x) => x.id)).not.toContain(revoked.id);

    const shortLived = await mint(operatorSession, 'read', 1);
    t.clock.advance(24 * 60 * 60 * 1000);
    try {
      for (const token of [revoked.token, shortLived.token, `wsk_${'A'.repeat(43)}`, 'wsk_short', `wsk_${'!'.repeat(43)}`]) {
        const res = await t.call(token, { method: 'GET', url: '/api/turbines', headers: en });
        expect(res.statusCode, token).toBe(401);
        expect(res.json()).toMatchObject({ code: 'API_TOKEN_INVALID', message: 'The API token is invalid, expired or revoked.' });
      }
    } finally {
      t.clock.set(new Date('2026-06-15T09:00:00Z'));
    }
  });

  it("a deactivated user's tokens stop at once; reactivation does not bring them back; a password change revokes them", async () => {
    const user = await insertUser(t, { companyId: ege, role: 'operator' });
    const session = await sessionFor(t, user);
    const first = await mint(session);
    // deactivated behind the app's back: the lookup itself checks is_active on every request
    await t.app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await t.call(first.token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(401);
    await t.app.ctx.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    expect((await t.call(first.token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(200);

    // deactivated through the users page: revoked with the sessions
    const superadmin = await sessionFor(t, await userByEmail(t, DEMO.superadmin));
    const edit = (isActive: boolean) => ({
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      role: user.role,
      company_id: user.companyId,
      is_active: isActive,
    });
    const off = await t.call(superadmin, { method: 'PUT', url: `/api/users/${user.id}`, payload: edit(false) });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.call(first.token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(401);
    const on = await t.call(superadmin, { method: 'PUT', url: `/api/users/${user.id}`, payload: edit(true) });
    expect(on.statusCode, on.body).toBe(200);
    expect((await t.call(first.token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(401);

    const second = await mint(await sessionFor(t, user));
    expect((await t.call(second.token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(200);
    const pw = await t.call(superadmin, {
      method: 'PUT',
      url: `/api/users/${user.id}/password`,
      payload: { password: 'an unusual new pass 7' },
    });
    expect(pw.statusCode, pw.body).toBe(200);
    expect((await t.call(second.token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(401);

    // deleting the user deletes the tokens
    const third = await mint(await sessionFor(t, user));
    expect((await t.call(superadmin, { method: 'DELETE', url: `/api/users/${user.id}` })).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id))).toHaveLength(0);
    expect((await t.call(third.token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(401);
  });

  it('records the last use at most once a minute', async () => {
    const created = await mint(operatorSession, 'read');
    const lastUse = async () =>
      (await t.app.ctx.db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, created.id)))[0]?.at?.getTime() ??
      null;
    const start = t.clock.now().getTime();
    await t.call(created.token, { method: 'GET', url: '/api/turbines' });
    expect(await lastUse()).toBe(start);
    t.clock.advance(LAST_USE_EVERY_MS - 1);
    await t.call(created.token, { method: 'GET', url: '/api/turbines' });
    expect(await lastUse()).toBe(start);
    t.clock.advance(1);
    await t.call(created.token, { method: 'GET', url: '/api/turbines' });
    expect(await lastUse()).toBe(start + LAST_USE_EVERY_MS);
    t.clock.set(new Date('2026-06-15T09:00:00Z'));
    const listed = await t.call(operatorSession, { method: 'GET', url: '/api/api-tokens' });
    const row = (listed.json().data as { id: number; last_used_at: string | null }[]).find((x) => x.id === created.id);
    expect(row?.last_used_at).toBe(new Date(start + LAST_USE_EVERY_MS).toISOString());
  });

  it('limits requests per token: one token used up is refused with 429, another of the same user still works', async () => {
    const busy = await mint(operatorSession, 'read');
    const calm = await mint(operatorSession, 'read');
    for (let i = 0; i < REQUESTS_PER_MINUTE; i++) {
      expect((await t.call(busy.token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(200);
    }
    const refused = await t.call(busy.token, { method: 'GET', url: '/api/turbines', headers: en });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('API_TOKEN_RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.call(calm.token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(200);
    // the user's session is not limited by the token's budget
    expect((await t.call(operatorSession, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(200);
  });

  it('holds at most 20 live tokens per user (409, in the caller language)', async () => {
    const user = await insertUser(t, { companyId: ege, role: 'viewer' });
    const session = await sessionFor(t, user);
    for (let i = 0; i < 20; i++) await mint(session, 'read');
    const res = await create(session, { name: 'one too many', scope: 'read', expires_in_days: 7 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'API_TOKEN_LIMIT_REACHED' });
    expect(res.json().message).toContain('20');
  });
  it('is checked for every route at once: a read token gets 403 on each write the app registers, every token on each session-only one', async () => {
    const superadmin = await sessionFor(t, await userByEmail(t, DEMO.superadmin));
    const read = await mint(superadmin, 'read');
    const write = await mint(superadmin, 'read_write');
    const routes = t.app.apiRoutes.filter((r) => !r.public);
    const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
    // a renamed route would silently leave the list: every session-only route is registered
    for (const key of SESSION_ONLY_ROUTES) expect(keys.has(key), key).toBe(true);
    const path = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      if (SESSION_ONLY_ROUTES.has(key)) {
        for (const token of [read.token, write.token]) {
          const res = await t.call(token, { method, url: path(route.url), payload: {} });
          expect(`${key} ${res.statusCode} ${res.json().code}`).toBe(`${key} 403 API_TOKEN_NOT_ALLOWED`);
        }
      } else if (method !== 'GET') {
        const res = await t.call(read.token, { method, url: path(route.url), payload: {} });
        expect(`${key} ${res.statusCode} ${res.json().code}`).toBe(`${key} 403 API_TOKEN_READ_ONLY`);
      }
    }
  }, 60_000);
});
