import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '@windscope/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { verifySessionToken } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const refresh = (token: string) => t.call(token, { method: 'POST', url: '/api/auth/refresh' });
const logout = (token: string) => t.call(token, { method: 'POST', url: '/api/auth/logout' });
const verify = async (token: string) => (await t.call(token, { method: 'GET', url: '/api/auth/verify' })).statusCode;

describe('absolute session lifetime', () => {
  it('defaults to 7 days from sign-in, carried across refreshes; then the token and refresh answer 401', async () => {
    expect(t.config.sessionMaxMs).toBe(7 * DAY);
    // time stands still but for the advances: a slow sign-in (hashing on a busy machine) must not move the start
    t.clock.set(t.clock.now());
    const signedInAt = t.clock.now().getTime();
    let token = await t.login(DEMO.egeOperator);
    // refresh every 11 hours, as a client that never sleeps would
    for (let elapsed = 11 * HOUR; elapsed < 7 * DAY; elapsed += 11 * HOUR) {
      t.clock.advance(11 * HOUR);
      const res = await refresh(token);
      expect(res.statusCode, `refresh at ${elapsed / HOUR} h`).toBe(200);
      token = res.json().token;
      const expiresAt = Date.parse(res.json().data.expires_at);
      expect(expiresAt).toBeLessThanOrEqual(signedInAt + 7 * DAY + 1000);
      expect(expiresAt).toBeLessThanOrEqual(t.clock.now().getTime() + SESSION_TTL_MS);
    }
    // the last token expires with the sign-in, not 12 hours after its refresh
    const claims = await verifySessionToken(t.config.jwtSecret, token, t.clock.now());
    expect(claims).not.toBeNull();
    t.clock.advance(signedInAt + 7 * DAY - t.clock.now().getTime() + 1000);
    expect(await verify(token)).toBe(401);
    expect((await refresh(token)).statusCode).toBe(401);
  });
});

describe('SESSION_MAX_DAYS', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ env: { SESSION_MAX_DAYS: '1' } });
  });
  afterAll(async () => {
    await short?.close();
  });

  it('sets the absolute lifetime', async () => {
    expect(short.config.sessionMaxMs).toBe(DAY);
    const first = await short.login(DEMO.egeOperator);
    short.clock.advance(10 * HOUR);
    const middle = await short.call(first, { method: 'POST', url: '/api/auth/refresh' });
    expect(middle.statusCode).toBe(200);
    short.clock.advance(10 * HOUR);
    const res = await short.call(middle.json().token, { method: 'POST', url: '/api/auth/refresh' });
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    // 4 hours left of the day, not 12
    expect(Date.parse(res.json().data.expires_at) - short.clock.now().getTime()).toBeLessThanOrEqual(4 * HOUR + 1000);
    short.clock.advance(4 * HOUR + 1000);
    expect((await short.call(token, { method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(401);
  });
});

describe('refresh is single-use', () => {
  it('of two refreshes with one token exactly one succeeds, and only its token lives', async () => {
    for (let round = 0; round < 5; round++) {
      const token = await t.login(DEMO.egeOperator);
      const answers = await Promise.all([refresh(token), refresh(token), refresh(token)]);
      const won = answers.filter((r) => r.statusCode === 200);
      expect(won, `round ${round}`).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(2);
      expect(await verify(token)).toBe(401);
      expect(await verify(won[0]?.json().token)).toBe(200);
    }
  });

  it('a refresh racing a logout leaves no live session, whichever wins', async () => {
    for (let round = 0; round < 8; round++) {
      const token = await t.login(DEMO.egeOperator);
      // alternate which request is sent first
      const [r, l] =
        round % 2 === 0
          ? await Promise.all([refresh(token), logout(token)])
          : await Promise.all([logout(token), refresh(token)]).then(([a, b]) => [b, a] as const);
      expect([200, 401]).toContain(r?.statusCode);
      expect([200, 401]).toContain(l?.statusCode);
      expect(await verify(token)).toBe(401);
      if (r?.statusCode === 200) expect(await verify(r.json().token), `round ${round}: refreshed token outlived the logout`).toBe(401);
    }
  });

  it('a logout sent with the token a refresh has just replaced still ends the refreshed session', async () => {
    const token = await t.login(DEMO.egeOperator);
    const other = await t.login(DEMO.egeOperator);
    const res = await refresh(token);
    expect(res.statusCode).toBe(200);
    expect(await verify(res.json().token)).toBe(200);
    expect((await logout(token)).statusCode).toBe(200);
    expect(await verify(res.json().token)).toBe(401);
    expect((await refresh(res.json().token)).statusCode).toBe(401);
    // another sign-in of the same user is untouched
    expect(await verify(other)).toBe(200);
  });

  it('a logout without a token, or with one that is not ours, is still 401', async () => {
    expect((await logout('')).statusCode).toBe(401);
    expect((await t.call('not.a.token', { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});
