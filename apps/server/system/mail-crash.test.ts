import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrashRig, createCrashRig } from './support/crash-rig.ts';
import { http, sleep, waitFor } from './support/http.ts';

/** A real SMTP receiver. While `stall` is set it takes a reset e-mail in and never answers it (a mail server that hangs
 *  after the data): the sender cannot know whether it went out. Otherwise it accepts and keeps each reset e-mail (the
 *  demo's other e-mails, its overdue escalations, are accepted and not kept). */
async function startReceiver() {
  const state = { stall: true, stalled: 0, accepted: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '');
        if (!text.includes('/password-reset?token=')) return callback();
        if (state.stall) {
          state.stalled++;
          return;
        }
        state.accepted.push(
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

/** DECISIONS §15 "Mail is data": `kill -9` of the server while its e-mail is being sent (the SMTP server hangs after the
 *  data); after the restart the e-mail goes out, once, from its outbox row. PostgreSQL, a short mail lease. */
describe('e-mail survives kill -9 (outbox)', () => {
  let rig: CrashRig;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    rig = await createCrashRig('mail-crash');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await rig?.close();
    await receiver?.close();
  });

  it('a reset link whose send was cut off by kill -9 is sent once after the restart', async () => {
    const env = { SMTP_URL: receiver.url, MAIL_LEASE_SECONDS: '2' };
    const server = await rig.start(env);
    const res = await http(`${server.url}/api/auth/password-reset`, { method: 'POST', json: { email: 'admin@ege.example' } });
    expect(res.status).toBe(200);
    await waitFor('the receiver to hold the e-mail unanswered', () => receiver.state.stalled === 1);
    const sending = await rig.sql.query("select status, attempts from mail_outbox where kind = 'passwordReset'");
    expect(sending.rows).toEqual([{ status: 'sending', attempts: 1 }]);
    await rig.kill();

    receiver.state.stall = false;
    await rig.start(env);
    // the crashed process's lease runs out, the new process takes the row and sends it
    await waitFor('the e-mail to be accepted', () => receiver.state.accepted.length === 1, 30_000);
    expect(receiver.state.accepted[0]).toContain('To: admin@ege.example');
    expect(receiver.state.accepted[0]).toContain('/password-reset?token=3D');
    await waitFor(
      'the row to be marked sent',
      async () => (await rig.sql.query("select 1 from mail_outbox where kind = 'passwordReset' and status = 'sent'")).rowCount === 1,
    );
    const [row] = (await rig.sql.query("select status, attempts, recipient from mail_outbox where kind = 'passwordReset'")).rows;
    expect(row).toEqual({ status: 'sent', attempts: 2, recipient: 'admin@ege.example' });
    // and only once: a few polling rounds later nothing more arrived
    await sleep(2_500);
    expect(receiver.state.accepted).toHaveLength(1);
  }, 90_000);
});
