import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../rate-limit/rate-limiter.ts';
import { createTestApp, readOutbox, type TestApp } from '../../test/harness.ts';
import { countRows, unique } from '../../test/factories.ts';
import { contactMessages } from '../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { CONTACT_INBOX: 'inbox@operator.example' } });
});
afterAll(async () => {
  await t?.close();
});

const send = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
/** the .eml files, once the mail outbox has sent what is due */
const outbox = async () => {
  await t.app.ctx.mail.drained();
  return readOutbox(t.config.outboxDir);
};

describe('POST /api/contact', () => {
  it('needs no session, stores the message and e-mails it to the operator inbox', async () => {
    const subject = `Teklif ${unique()}`;
    const res = await send({
      name: 'Ayla Kurt',
      email: 'Ayla@Example.com',
      phone: '+90 555 111',
      subject,
      message: 'Merhaba,\nbir teklif istiyoruz.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Mesajınız gönderildi. En kısa sürede size dönüş yapacağız.' });
    const rows = await t.app.ctx.db.select().from(contactMessages);
    const row = rows.find((r) => r.subject === subject);
    expect(row).toMatchObject({
      name: 'Ayla Kurt',
      email: 'ayla@example.com',
      phone: '+90 555 111',
      message: 'Merhaba,\nbir teklif istiyoruz.',
    });
    const mail = (await outbox()).find((m) => m.includes(subject));
    expect(mail).toBeDefined();
    expect(mail).toContain('To: inbox@operator.example');
    expect(mail).toContain('Reply-To: ayla@example.com');
    expect(mail).toContain('bir teklif istiyoruz.');
    expect(mail).toContain(`#${row?.id}`);
  });

  it.each([
    ['name', { name: ' ' }],
    ['subject', { subject: '' }],
    ['message', { message: undefined }],
  ])('requires %s', async (_field, change) => {
    const before = await countRows(t, contactMessages);
    const mails = (await outbox()).length;
    const res = await send({ name: 'A', subject: 'S', message: 'M', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'CONTACT_REQUIRED_FIELDS', message: 'Ad, konu ve mesaj gereklidir.' });
    expect(await countRows(t, contactMessages)).toBe(before);
    expect((await outbox()).length).toBe(mails);
  });

  it('answers a filled honeypot like a success, and keeps and sends nothing', async () => {
    const before = await countRows(t, contactMessages);
    const mails = (await outbox()).length;
    const res = await send({ name: 'Bot', subject: 'Buy', message: 'spam', website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(await countRows(t, contactMessages)).toBe(before);
    expect((await outbox()).length).toBe(mails);
  });

  it('rate-limits per address with 429, storing nothing more', async () => {
    // a fresh address: the earlier tests of this file used the default one
    const ip = '203.0.113.9';
    for (let i = 0; i < RATE_LIMITS.contactPerIp.limit; i++) {
      expect((await send({ name: 'N', subject: `S${i}`, message: 'M' }, ip)).statusCode).toBe(200);
    }
    const before = await countRows(t, contactMessages);
    const mails = (await outbox()).length;
    const blocked = await send({ name: 'N', subject: 'one too many', message: 'M' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(t, contactMessages)).toBe(before);
    expect((await outbox()).length).toBe(mails);
    // another address is not held back by this one
    expect((await send({ name: 'N', subject: 'other sender', message: 'M' }, '203.0.113.10')).statusCode).toBe(200);
  });

  it.each([
    [
      'name',
      `Ayla\r\nE-posta / E-mail: boss@forged.example`,
      'tr',
      'Ad Soyad tek satır olmalı: satır sonu, sekme veya başka bir kontrol karakteri içeremez.',
    ],
    [
      'name',
      `Ayla\u2028Telefon / Phone: 000`,
      'en',
      'Full name must be a single line: it cannot contain line breaks, tabs or other control characters.',
    ],
    [
      'subject',
      'Teklif\r\nBcc: victim@forged.example',
      'en',
      'Subject must be a single line: it cannot contain line breaks, tabs or other control characters.',
    ],
    ['phone', '000\nX-Forged: yes', 'tr', 'Telefon tek satır olmalı: satır sonu, sekme veya başka bir kontrol karakteri içeremez.'],
  ])(
    "refuses a line break in the %s (it could forge a line of the operator's e-mail): nothing stored, nothing sent",
    async (field, value, lang, message) => {
      const rows = await countRows(t, contactMessages);
      const mails = (await outbox()).length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'x-language': lang },
        remoteAddress: '203.0.113.77',
        payload: {
          name: 'Ayla',
          email: 'ayla@example.com',
          subject: 'Teklif',
          message: 'Merhaba,\nsatır sonu burada serbest.',
          [field]: value,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
      expect(await countRows(t, contactMessages)).toBe(rows);
      expect((await outbox()).length).toBe(mails);
    },
  );
});
