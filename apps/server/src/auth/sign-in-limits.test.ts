import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACE_RULES, RATE_LIMITS } from '../rate-limit/rate-limiter.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // the delays run on the app's clock: held still, so that only advance() moves it (a busy machine does not)
  t.clock.set(new Date());
});
afterAll(async () => {
  await t?.close();
});

let addresses = 0;
/** a new address for each attacker or owner */
const freshIp = () => {
  addresses++;
  return `203.0.${Math.floor(addresses / 250)}.${addresses % 250}`;
};
const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers: { 'x-language': 'en' } });

describe('nobody can lock another person out of their account', () => {
  it('wrong passwords from one address hold back that address only: the owner elsewhere signs in', async () => {
    const attacker = freshIp();
    for (let i = 0; i < RATE_LIMITS.loginPerAccountAndIp.limit; i++) {
      expect((await signIn(DEMO.superadmin, `guess-${i}-pass`, attacker)).statusCode).toBe(401);
    }
    expect((await signIn(DEMO.superadmin, 'demo1234', attacker)).statusCode).toBe(429);
    expect((await signIn(DEMO.superadmin, 'demo1234', freshIp())).statusCode).toBe(200);
  });

  it('failures from many addresses slow the account down by a growing delay, not a lock', async () => {
    const email = DEMO.egeManager;
    const rule = PACE_RULES.loginPerAccount;
    for (let i = 0; i < rule.freeAttempts; i++) expect((await signIn(email, `guess-${i}-pass`, freshIp())).statusCode).toBe(401);
    // the next attempt waits the base delay, whatever the address and the password
    const held = await signIn(email, 'demo1234', freshIp());
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBe(rule.baseDelayMs / 1000);
    expect(held.json().message).toBe(`Too many attempts. Please try again in ${rule.baseDelayMs / 1000} seconds.`);
    t.clock.advance(rule.baseDelayMs);
    expect((await signIn(email, 'still-wrong', freshIp())).statusCode).toBe(401);
    // one more failure: twice the wait
    expect(Number((await signIn(email, 'demo1234', freshIp())).headers['retry-after'])).toBe((2 * rule.baseDelayMs) / 1000);
    t.clock.advance(2 * rule.baseDelayMs);
    // the owner waits out the delay and gets in; that starts the count again
    expect((await signIn(email, 'demo1234', freshIp())).statusCode).toBe(200);
    expect((await signIn(email, 'a-typo-pass', freshIp())).statusCode).toBe(401);
    expect((await signIn(email, 'demo1234', freshIp())).statusCode).toBe(200);
  });

  it('a burst from many addresses at once gets at most the free attempts through', async () => {
    const email = DEMO.egeOperator;
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(email, `guess-${i}-pass`, freshIp())));
    const codes = answers.map((a) => a.statusCode);
    // judged (401) are at most the free attempts; the rest are held back (429)
    expect(codes.filter((c) => c === 401).length, codes.join(',')).toBeLessThanOrEqual(PACE_RULES.loginPerAccount.freeAttempts);
    expect(codes.filter((c) => c === 429).length, codes.join(',')).toBeGreaterThanOrEqual(100 - PACE_RULES.loginPerAccount.freeAttempts);
  });

  it("says long waits in minutes, in the asker's language", async () => {
    const email = DEMO.egeViewer;
    const rule = PACE_RULES.loginPerAccount;
    // enough failures for the longest delay, each after the wait before it
    for (let i = 0; i < rule.freeAttempts + 12; i++) {
      expect((await signIn(email, `guess-${i}-pass`, freshIp())).statusCode).toBe(401);
      t.clock.advance(rule.maxDelayMs);
    }
    t.clock.advance(-rule.maxDelayMs);
    const tr = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'demo1234' },
      remoteAddress: freshIp(),
    });
    expect(tr.statusCode).toBe(429);
    expect(tr.json().message).toBe('Çok fazla deneme yapıldı. Lütfen yaklaşık 15 dakika sonra tekrar deneyin.');
  });
});
