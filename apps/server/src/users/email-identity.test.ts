import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeEmail } from '@windscope/contract';
import { createTestApp, DEMO, readOutbox, type TestApp } from '../../test/harness.ts';
import { demoCompanies, insertUser, unique } from '../../test/factories.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { users } from '../db/schema.ts';
import { isUniqueViolation } from '../http/errors.ts';
import { emailSkeleton } from './email-identity.ts';

let t: TestApp;
let token: string;
let ege: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(DEMO.superadmin);
  ege = (await demoCompanies(t)).ege;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const create = (email: string, lang = 'tr') =>
  t.call(token, {
    method: 'POST',
    url: '/api/users',
    headers: { 'x-language': lang },
    payload: { first_name: 'Look', last_name: 'Alike', email, password: 'secret-1', company_id: ege },
  });

describe('normalizeEmail', () => {
  it.each([
    ['ＭＡＮＡＧＥＲ@ege.example', 'manager@ege.example'],
    ['mana\u200Bger@ege.example', 'manager@ege.example'],
    ['\u202Emanager@ege.example\uFEFF', 'manager@ege.example'],
    ['ALİ@EGE.EXAMPLE', 'ali@ege.example'],
    ['  Ali@Ege.Example ', 'ali@ege.example'],
    ['alı@ege.example', 'alı@ege.example'],
  ])('%j -> %j', (raw, normalized) => {
    expect(normalizeEmail(raw)).toBe(normalized);
  });
});

describe('look-alike addresses', () => {
  it.each([
    ['full-width letters', 'ＭＡＮＡＧＥＲ@ege.example'],
    ['a zero-width space', 'mana\u200Bger@ege.example'],
    ['a bidi control', 'manager\u202C@ege.example'],
    ['Turkish capital İ', 'MANAGER@EGE.EXAMPLE'],
  ])('%s: the same address, already in use', async (_label, email) => {
    const res = await create(email);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USER_EMAIL_TAKEN', message: 'Bu e-posta adresi zaten kullanılıyor.' });
  });

  it.each([
    ['Cyrillic а', 'mаnager@ege.example'],
    ['dotless ı', 'admın@ege.example'],
    ['rn for m', 'rnanager@ege.example'],
  ])('%s: a confusable of an existing address is refused', async (_label, email) => {
    const tr = await create(email);
    expect(tr.statusCode).toBe(409);
    expect(tr.json()).toMatchObject({
      code: 'USER_EMAIL_CONFUSABLE',
      message: 'Bu e-posta adresi kayıtlı bir adrese çok benziyor. Lütfen başka bir adres girin.',
    });
    const en = await create(email, 'en');
    expect(en.json().message).toBe('This e-mail address looks too much like one already registered. Please use another address.');
  });

  it('stores the normalized address, and an edit to a look-alike is refused', async () => {
    const name = `yeni-${unique()}`;
    const res = await create(`${name.toUpperCase().replace('I', 'İ')}\u200D@Test.Example`);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.email).toBe(`${name}@test.example`);
    const other = await insertUser(t, { companyId: ege });
    const edit = await t.call(token, {
      method: 'PUT',
      url: `/api/users/${other.id}`,
      payload: {
        first_name: 'X',
        last_name: 'Y',
        email: `${name}@t\u0435st.example`,
        role: 'operator',
        company_id: ege,
        is_active: true,
      },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('USER_EMAIL_CONFUSABLE');
  });

  it('the database refuses a second row with the same skeleton', async () => {
    const first = await insertUser(t, { companyId: ege, email: `skel-${unique()}@test.example` });
    await t.app.ctx.db
      .update(users)
      .set({ emailSkeleton: emailSkeleton(first.email) })
      .where(eq(users.id, first.id));
    const lookAlike = first.email.replace('e', 'е'); // Cyrillic е
    const error = await insertUser(t, { companyId: ege, email: lookAlike })
      .then((row) =>
        t.app.ctx.db
          .update(users)
          .set({ emailSkeleton: emailSkeleton(lookAlike) })
          .where(eq(users.id, row.id)),
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('sign-in and the reset request take the address in any of its look-alike forms', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ＭＡＮＡＧＥＲ@ege.example\u200B', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.email).toBe(DEMO.egeManager);
    const before = readOutbox(t.config.outboxDir).length;
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'MANAGER@EGE.EXAMPLE\u2060' } });
    expect(reset.statusCode).toBe(200);
    await t.app.ctx.mail.drained();
    const mails = readOutbox(t.config.outboxDir);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toContain(`To: ${DEMO.egeManager}`);
  });
});

describe('a manager cannot probe which addresses other companies hold', () => {
  it("gets one answer for a free address, its own company's, another company's, and a look-alike: the address waits for its confirmation", async () => {
    const manager = await t.login(DEMO.egeManager);
    const target = await insertUser(t, { companyId: ege });
    const editTo = (email: string, lang: string) =>
      t.call(manager, {
        method: 'PUT',
        url: `/api/users/${target.id}`,
        headers: { 'x-language': lang },
        payload: { first_name: 'X', last_name: 'Y', email, role: 'operator', company_id: ege, is_active: true },
      });
    const free = `free-${unique()}@test.example`;
    const addresses = [free, DEMO.egeOperator, DEMO.marmaraAdmin, 'admin@marmara.exarnple', 'оperator@ege.example'];
    for (const [lang, message] of [
      ['tr', 'Kullanıcı güncellendi. Yeni e-posta adresine bir onay bağlantısı gönderildi; adres onaylanınca değişecek.'],
      ['en', 'User updated. A confirmation link has been sent to the new e-mail address; the address changes once it is confirmed.'],
    ] as const) {
      const bodies: unknown[] = [];
      for (const email of addresses) {
        const res = await editTo(email, lang);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.message).toBe(message);
        expect(body.data.email).toBe(target.email);
        expect(body.data.pending_email).toBe(normalizeEmail(email));
        // the same answer apart from the address typed and the time of the change
        bodies.push({ ...body, data: { ...body.data, pending_email: '<typed>', updated_at: '<now>' } });
      }
      for (const body of bodies) expect(body).toEqual(bodies[0]);
    }
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.email).toBe(target.email);
  });
});
