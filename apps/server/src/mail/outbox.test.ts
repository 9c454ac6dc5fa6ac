import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanies, insertCompany, insertTurbine, insertUser, userByEmail } from '../../test/factories.ts';
import { insertFinding } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { mailOutbox } from '../db/schema.ts';
import { pruneMailOutbox } from './outbox-worker.ts';
import { runDigest } from '../notifications/overdue.ts';

/** A real SMTP receiver that refuses every message (451, "try again later") until told to accept. */
async function startSmtp() {
  const state = { accept: false, received: [] as string[], refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (!state.accept) {
          state.refused++;
          const error = Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 });
          return callback(error);
        }
        // quoted-printable: soft line breaks out ('=' itself stays escaped as =3D)
        state.received.push(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const rowsTo = (recipient: string) => t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
const lastRow = async () => (await t.app.ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id)).at(-1);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_RETRY_HOURS: '24' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the mail outbox', () => {
  it('a link request writes the same outbox row for any address; the link is made at send time, never stored', async () => {
    smtp.state.accept = true;
    const owner = await insertUser(t, { companyId: (await insertCompany(t)).id });
    const release = t.app.ctx.mail.hold();
    const before = (await lastRow())?.id ?? 0;
    for (const email of [owner.email, 'nobody@nowhere.example']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
      expect(res.statusCode).toBe(200);
    }
    const queued = (await t.app.ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id)).filter((r) => r.id > before);
    // written by the request itself (the worker is held): one row each, alike but for the address typed
    expect(queued.map((r) => [r.kind, r.status, r.recipient, r.text, Object.keys(r.params as object).sort()])).toEqual([
      ['passwordReset', 'pending', null, null, ['email', 'lang']],
      ['passwordReset', 'pending', null, null, ['email', 'lang']],
    ]);
    const received = smtp.state.received.length;
    release();
    await t.app.ctx.mail.drained();
    const done = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'passwordReset'));
    expect(done.filter((r) => r.id > before).map((r) => [r.status, r.recipient, r.text])).toEqual([
      ['sent', owner.email, null],
      ['skipped', null, null],
    ]);
    expect(smtp.state.received.length).toBe(received + 1);
    const token = /password-reset\?token=3D([\w-]+)/.exec(smtp.state.received.at(-1) ?? '')?.[1];
    expect(JSON.stringify(done)).not.toContain(token);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'a new long passphrase 1' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('an SMTP server that refuses: retried with back-off, then sent once; after the retry window failed, shown to superadmins, sent again on request', async () => {
    smtp.state.accept = false;
    const sender = `retry-${Date.now()}@test.example`;
    const contact = { name: 'Ayşe', email: sender, subject: 'Kanat', message: 'Bir soru', website: '' };
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: contact })).statusCode).toBe(200);
    await t.app.ctx.mail.drained();
    const inbox = t.config.contactInbox;
    const [first] = (await rowsTo(inbox)).filter((r) => r.replyTo === sender);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first?.lastError).toContain('451');
    // the mail server refused the message itself (DATA answered 451): the page says so in words
    expect(first?.lastErrorKind).toBe('message');
    const wait1 = (first?.nextAttemptAt.getTime() ?? 0) - t.app.ctx.now().getTime();
    expect(wait1).toBeGreaterThan(20_000);
    expect(wait1).toBeLessThan(40_000);
    // not due yet: nothing happens
    await t.app.ctx.mail.drained();
    expect(
      (
        await t.app.ctx.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.id, first?.id ?? 0))
      )[0]?.attempts,
    ).toBe(1);
    // due: the second attempt fails too and waits about twice as long
    t.clock.advance(40_000);
    await t.app.ctx.mail.drained();
    const [second] = await t.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, first?.id ?? 0));
    expect(second?.attempts).toBe(2);
    const wait2 = (second?.nextAttemptAt.getTime() ?? 0) - t.app.ctx.now().getTime();
    expect(wait2).toBeGreaterThan(45_000);
    expect(wait2).toBeLessThan(75_000);
    // the server takes mail again: the next attempt sends it, once
    smtp.state.accept = true;
    const received = smtp.state.received.length;
    t.clock.advance(80_000);
    await t.app.ctx.mail.drained();
    const [sent] = await t.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, first?.id ?? 0));
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastError: null, lastErrorKind: null });
    expect(smtp.state.received.length).toBe(received + 1);
    expect(smtp.state.received.at(-1)).toContain('Bir soru');

    // another message meets an outage longer than the retry window
    smtp.state.accept = false;
    const late = { ...contact, email: `late-${Date.now()}@test.example` };
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: late })).statusCode).toBe(200);
    await t.app.ctx.mail.drained();
    const [row] = (await rowsTo(inbox)).filter((r) => r.replyTo === late.email);
    for (let hours = 0; hours < 27; hours += 1) {
      t.clock.advance(60 * 60_000);
      await t.app.ctx.mail.drained();
    }
    const [failed] = await t.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, row?.id ?? 0));
    expect(failed?.status).toBe('failed');
    expect(failed?.attempts).toBeGreaterThan(10);
    const admin = await t.login(DEMO.superadmin);
    const list = await t.call(admin, { method: 'GET', url: '/api/admin/mail-outbox?status=failed' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(expect.objectContaining({ id: failed?.id, status: 'failed', recipient: inbox }));
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ id: failed?.id, last_error: expect.stringContaining('451'), last_error_kind: 'message', retried_at: null }),
    );
    const manager = await t.login(DEMO.egeManager);
    expect((await t.call(manager, { method: 'GET', url: '/api/admin/mail-outbox?status=failed' })).statusCode).toBe(403);
    const bad = await t.call(admin, { method: 'GET', url: '/api/admin/mail-outbox?status=lost', headers: { 'x-language': 'en' } });
    expect(bad.statusCode).toBe(400);
    // sent again on request while the server still refuses: it keeps when it was queued, and gets a new retry window
    // of its own from now (retried_at), not from created_at, 27 hours back
    const retried = await t.call(admin, {
      method: 'POST',
      url: `/api/admin/mail-outbox/${failed?.id}/retry`,
      headers: { 'x-language': 'en' },
    });
    expect(retried.json()).toMatchObject({
      data: { status: 'pending', created_at: failed?.createdAt.toISOString() },
      message: 'The e-mail was queued to be sent again.',
    });
    const retriedAt = retried.json().data.retried_at as string;
    expect(Math.abs(Date.parse(retriedAt) - t.app.ctx.now().getTime())).toBeLessThan(5_000);
    for (let hours = 0; hours < 2; hours += 1) {
      t.clock.advance(60 * 60_000);
      await t.app.ctx.mail.drained();
    }
    const [again] = await t.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, row?.id ?? 0));
    expect(again).toMatchObject({
      status: 'pending',
      createdAt: failed?.createdAt,
      retriedAt: new Date(retriedAt),
      lastErrorKind: 'message',
    });
    // the server is back: the next attempt sends it, as a new message (its Message-ID from the retry, not the creation)
    smtp.state.accept = true;
    t.clock.advance(60 * 60_000);
    await t.app.ctx.mail.drained();
    expect(smtp.state.received.at(-1)).toContain(`Message-ID: <outbox-${row?.id}-${Date.parse(retriedAt)}@windscope>`);
    expect(
      (
        await t.app.ctx.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.id, row?.id ?? 0))
      )[0]?.status,
    ).toBe('sent');
    // a row that has not failed is not "retried"
    expect((await t.call(admin, { method: 'POST', url: `/api/admin/mail-outbox/${failed?.id}/retry` })).statusCode).toBe(404);
  });

  it('a daily digest whose send fails is retried until it goes out', async () => {
    smtp.state.accept = false;
    const refused = smtp.state.refused;
    // an open repair overdue on a day no digest was claimed for yet, after the digest hour
    const { ege } = await demoCompanies(t);
    const turbine = await insertTurbine(t, ege);
    await insertFinding(t, turbine.id, await userByEmail(t, DEMO.egeOperator), {
      status: 'repair_planned',
      severity: 4,
      dueDate: '2031-01-01',
    });
    const result = await runDigest(t.app.ctx, new Date('2031-03-03T09:00:00Z'));
    expect(result.mails).toBeGreaterThan(0);
    await t.app.ctx.mail.drained();
    expect(smtp.state.refused).toBeGreaterThan(refused);
    const waiting = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    expect(waiting.filter((r) => r.subject?.includes('03.03.2031') || r.subject?.includes('3 Mar 2031'))).toHaveLength(result.mails);
    smtp.state.accept = true;
    const received = smtp.state.received.length;
    t.clock.advance(60_000);
    await t.app.ctx.mail.drained();
    expect(smtp.state.received.length - received).toBe(result.mails);
    // the next check of the same day claims nothing and sends nothing more
    expect(await runDigest(t.app.ctx, new Date('2031-03-03T12:00:00Z'))).toEqual({ claimed: [], mails: 0 });
  });

  it('removes sent and skipped rows after 30 days (from a retry by hand, if any), keeps failed and recent ones', async () => {
    const now = t.app.ctx.now();
    const old = new Date(now.getTime() - 31 * 86_400_000);
    const rows = await t.app.ctx.db
      .insert(mailOutbox)
      .values([
        ...(['sent', 'skipped', 'failed'] as const).map((status) => ({
          kind: 'message',
          recipient: `prune-${status}@test.example`,
          status,
          createdAt: old,
        })),
        // queued long ago, sent again by hand yesterday
        {
          kind: 'message',
          recipient: 'prune-retried@test.example',
          status: 'sent',
          createdAt: old,
          retriedAt: new Date(now.getTime() - 86_400_000),
        },
      ])
      .returning({ id: mailOutbox.id, status: mailOutbox.status });
    await pruneMailOutbox(t.app.ctx.db, now);
    const left = await t.app.ctx.db
      .select({ status: mailOutbox.status, recipient: mailOutbox.recipient })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(mailOutbox.id);
    expect(left).toEqual([
      { status: 'failed', recipient: 'prune-failed@test.example' },
      { status: 'sent', recipient: 'prune-retried@test.example' },
    ]);
    expect(await t.app.ctx.db.$count(mailOutbox, eq(mailOutbox.status, 'sent'))).toBeGreaterThan(0);
  });
});
