import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_TTL_MS } from '@windscope/contract';
import { PACE_RULES } from '../rate-limit/rate-limiter.ts';
import { createTestApp, DEMO, readOutbox, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date());
});
afterAll(async () => {
  await t?.close();
});

const mailsTo = (email: string) => readOutbox(t.config.outboxDir).filter((m) => m.includes(`To: ${email}`));
const requestLink = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in-link', payload: { email }, headers });
const useLink = (token: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in-link/confirm', payload: { token }, remoteAddress });
/** the token of the newest sign-in link e-mailed to `email` (the e-mail goes out after the reply) */
async function linkTokenFor(email: string): Promise<string> {
  await t.app.ctx.mail.drained();
  const match = /\/sign-in-link\?token=([A-Za-z0-9_%-]+)/.exec(mailsTo(email).at(-1) ?? '');
  if (!match?.[1]) throw new Error(`no sign-in link to ${email}`);
  return decodeURIComponent(match[1]);
}

describe('sign-in link by e-mail', () => {
  it('answers the same for known and unknown addresses and e-mails a link only to the known one', async () => {
    const unknown = await requestLink('ghost@nowhere.example');
    const known = await requestLink(DEMO.egeCustomer);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json().message).toBe(known.json().message);
    expect(known.json().message).toBe('Bu adres kayıtlıysa giriş bağlantısı gönderildi.');
    await t.app.ctx.mail.drained();
    expect(mailsTo('ghost@nowhere.example')).toHaveLength(0);
    expect(mailsTo(DEMO.egeCustomer)).toHaveLength(1);
  });

  it('signs the owner in once; the link does not work twice', async () => {
    await requestLink(DEMO.egeOperator);
    const token = await linkTokenFor(DEMO.egeOperator);
    const first = await useLink(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, user: { email: DEMO.egeOperator } });
    expect((await t.call(first.json().token, { method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(200);
    const again = await useLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'SIGN_IN_LINK_INVALID',
      message: 'Giriş bağlantısı geçersiz, kullanılmış veya süresi dolmuş.',
    });
  });

  it('expires after its time', async () => {
    await requestLink(DEMO.marmaraAdmin);
    const token = await linkTokenFor(DEMO.marmaraAdmin);
    t.clock.advance(SIGN_IN_LINK_TTL_MS + 1000);
    expect((await useLink(token)).statusCode).toBe(400);
  });

  it('is the way past a slowed-down account: the owner gets in, and their password works again', async () => {
    const email = DEMO.egeAdmin;
    for (let i = 0; i < PACE_RULES.loginPerAccount.freeAttempts; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: `guess-${i}-pass` },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const held = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo1234' } });
    expect(held.statusCode).toBe(429);
    await requestLink(email);
    expect((await useLink(await linkTokenFor(email))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo1234' } })).statusCode).toBe(200);
  });

  it("writes in the recipient's language: the one of their last sign-in, not the asker's", async () => {
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-language': 'en' },
      payload: { email: DEMO.egeViewer, password: 'demo1234' },
    });
    expect(english.statusCode).toBe(200);
    await requestLink(DEMO.egeViewer, { 'x-language': 'tr' });
    await t.app.ctx.mail.drained();
    const mail = mailsTo(DEMO.egeViewer).at(-1) ?? '';
    expect(mail).toContain('Subject: Windscope sign-in link');
    expect(mail).toContain('It is valid for 15 minutes and can be used once.');
    // an account that never signed in gets the asker's language
    await requestLink(DEMO.marmaraOperator, { 'x-language': 'en' });
    await t.app.ctx.mail.drained();
    expect(mailsTo(DEMO.marmaraOperator).at(-1)).toContain('Subject: Windscope sign-in link');
  });

  it('refuses guessing from one address with 429', async () => {
    const ip = '198.51.100.200';
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => useLink(`guessed-token-${i}-xxxxxxxx`, ip)));
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(10);
  });
});
