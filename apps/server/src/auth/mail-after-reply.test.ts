import { desc } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany, insertUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { mailOutbox } from '../db/schema.ts';

/** A real SMTP receiver that greets each connection late (a slow or distant mail server) and keeps what it receives. */
async function startSlowSmtp(greetingDelayMs: number) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect: (_session, callback) => void setTimeout(() => callback(), greetingDelayMs),
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSlowSmtp>>;
let owner: string;
beforeAll(async () => {
  smtp = await startSlowSmtp(1_500);
  t = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url } });
  owner = (await insertUser(t, { companyId: (await insertCompany(t)).id })).email;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('link e-mails go out after the answer (mail outbox)', () => {
  it.each([
    ['password reset', '/api/auth/password-reset', '/password-reset?token='],
    ['sign-in link', '/api/auth/sign-in-link', '/sign-in-link?token='],
  ])(
    '%s: known and unknown addresses are answered before any mail reaches the server, then the known one gets it',
    async (_name, url, linkPath) => {
      const before = smtp.received.length;
      const rowsBefore = await t.app.ctx.db.$count(mailOutbox);
      const known = await t.app.inject({ method: 'POST', url, payload: { email: owner } });
      const unknown = await t.app.inject({ method: 'POST', url, payload: { email: 'nobody@nowhere.example' } });
      // both answered while the mail server has not even said hello yet
      expect(smtp.received.length).toBe(before);
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body.replace('nobody@nowhere.example', owner));
      // each request wrote its outbox row before answering, the same for both: the address is looked up at send time
      const rows = await t.app.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(2);
      expect(await t.app.ctx.db.$count(mailOutbox)).toBe(rowsBefore + 2);
      expect(new Set(rows.map((r) => `${r.kind} ${r.recipient} ${Object.keys(r.params as object)}`)).size).toBe(1);
      await t.app.ctx.mail.drained();
      expect(smtp.received.length).toBe(before + 1);
      expect(smtp.received.at(-1)).toContain(owner);
      expect(smtp.received.at(-1)?.replace(/=\r?\n/g, '')).toContain(linkPath);
    },
  );
});
