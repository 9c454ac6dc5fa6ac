import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../rate-limit/rate-limiter.ts';
import { createTestApp, DEMO, lastResetToken, readOutbox, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const outbox = () => readOutbox(t.config.outboxDir);
/** the reset e-mails go out after the reply */
const mailsSent = () => t.app.ctx.mail.drained();

describe('login', () => {
  it('signs in with the demo password and answers the spec envelope without a hash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO.egeAdmin, password: 'demo1234' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({ email: DEMO.egeAdmin, role: 'admin', company_name: 'Ege Rüzgar Enerji' });
    expect(res.body).not.toMatch(/argon2|password_hash|passwordHash/);
  });

  it('answers the same message for an unknown e-mail and a wrong password', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@x.example', password: 'whatever' },
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.egeCustomer, password: 'wrong-pass' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
    expect(unknown.json()).toMatchObject({ success: false, code: 'LOGIN_FAILED' });
  });

  it('speaks English when the client asks for it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
      payload: { email: DEMO.egeCustomer, password: 'nope-nope' },
    });
    expect(res.json().message).toBe('Login failed. Please check your credentials.');
  });

  it('rate-limits failed logins per account with 429', async () => {
    const email = DEMO.marmaraOperator;
    let last = 0;
    for (let i = 0; i < 9; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `bad-${i}-pass` } });
      last = res.statusCode;
    }
    expect(last).toBe(429);
    const blocked = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo1234' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });
});

describe('sessions and tokens', () => {
  it('validates, refreshes and logs out; a logged-out token answers 401', async () => {
    const token = await t.login(DEMO.egeOperator);
    const ok = await t.call(token, { method: 'GET', url: '/api/auth/validate-session' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(DEMO.egeOperator);
    const profile = await t.call(token, { method: 'GET', url: '/api/auth/profile' });
    expect(profile.json().data).toMatchObject({ success: true, user: { email: DEMO.egeOperator } });
    const verify = await t.call(token, { method: 'GET', url: '/api/auth/verify' });
    expect(verify.statusCode).toBe(200);

    const refreshed = await t.call(token, { method: 'POST', url: '/api/auth/refresh' });
    expect(refreshed.statusCode).toBe(200);
    const newToken = refreshed.json().data.token as string;
    expect(refreshed.json().data.success).toBe(true);
    expect((await t.call(token, { method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(401);
    expect((await t.call(newToken, { method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(200);

    expect((await t.call(newToken, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await t.call(newToken, { method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(401);
  });

  it('answers API calls fired at once with one token (they share the session lookup), and none after logout', async () => {
    const token = await t.login(DEMO.egeOperator);
    const urls = ['/api/auth/verify', '/api/turbines', '/api/auth/profile', '/api/auth/validate-session'];
    const together = await Promise.all(urls.map((url) => t.call(token, { method: 'GET', url })));
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const [logout, ...during] = await Promise.all([
      t.call(token, { method: 'POST', url: '/api/auth/logout' }),
      ...urls.map((url) => t.call(token, { method: 'GET', url })),
    ]);
    expect(logout?.statusCode).toBe(200);
    // calls made with the logout are answered either way; every call after it is refused
    for (const r of during) expect([200, 401]).toContain(r.statusCode);
    const after = await Promise.all(urls.map((url) => t.call(token, { method: 'GET', url })));
    expect(after.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
  });

  it('refuses missing, tampered, alg:none, wrongly signed and expired tokens', async () => {
    const token = await t.login(DEMO.egeViewer);
    expect((await t.call(null, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(401);
    const [h, p, s] = token.split('.') as [string, string, string];
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '1' })).toString('base64url')}.${s}`;
    expect((await t.call(tampered, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(401);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect((await t.call(none, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(401);
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const otherKey = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-000000'));
    expect((await t.call(otherKey, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(401);
    const hs512 = await new SignJWT(payload).setProtectedHeader({ alg: 'HS512' }).sign(t.config.jwtSecret);
    expect((await t.call(hs512, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(401);
    // the same token, 13 hours later
    t.clock.advance(13 * 60 * 60 * 1000);
    try {
      expect((await t.call(token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(401);
    } finally {
      t.clock.advance(-13 * 60 * 60 * 1000);
    }
    expect((await t.call(token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(200);
  });
});

describe('password reset by link', () => {
  it('answers the same for known and unknown addresses and mails a single-use link only to the known one', async () => {
    const before = outbox().length;
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'ghost@nowhere.example' } });
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: DEMO.egeCustomer } });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json().message).toBe(known.json().message);
    await mailsSent();
    const mails = outbox();
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toContain(DEMO.egeCustomer);
    const token = lastResetToken(t.config.outboxDir);

    const oldSession = await t.login(DEMO.egeCustomer);
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: '123' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Şifre en az 6 karakter olmalı');

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'new-secret-1' },
    });
    expect(done.statusCode).toBe(200);
    expect((await t.call(oldSession, { method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(401);
    await t.login(DEMO.egeCustomer, 'new-secret-1');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'another-one' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('PASSWORD_RESET_TOKEN_INVALID');
  });

  it('limits new-password tries per address, wrong tokens included', async () => {
    const remoteAddress = '198.51.100.61';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset/confirm',
          payload: { token: `guessed-token-${i}-xxxxxxxxxx`, password: 'new-secret-1' },
          remoteAddress,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(RATE_LIMITS.resetConfirmPerIp.limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - RATE_LIMITS.resetConfirmPerIp.limit);
  });

  it('refuses an expired link', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: DEMO.marmaraAdmin } });
    await mailsSent();
    const token = lastResetToken(t.config.outboxDir);
    t.clock.advance(31 * 60 * 1000);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token, password: 'fresh-pass-1' },
      });
      expect(res.statusCode).toBe(400);
    } finally {
      t.clock.advance(-31 * 60 * 1000);
    }
  });

  it('validates the address with the spec messages', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { 'accept-language': 'en' },
      payload: { email: '' },
    });
    expect(empty.json().message).toBe('Email address is required');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { 'accept-language': 'en' },
      payload: { email: 'not-an-email' },
    });
    expect(bad.json().message).toBe('Please enter a valid email address');
  });
});
