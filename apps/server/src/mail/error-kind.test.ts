import net from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailErrorKind } from './error-kind.ts';

const listen = async (server: { listen(port: number, host: string, done: () => void): unknown }, address: () => unknown) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (address() as net.AddressInfo).port;
};

/** A real SMTP receiver that asks for a password it never accepts, refuses senders and recipients named "bad…" and
 *  "gone…" (553, 550), and refuses every message at DATA (451). */
function refusingSmtp(withAuth: boolean) {
  const refuse = (text: string, responseCode: number) => Object.assign(new Error(text), { responseCode });
  return new SMTPServer({
    logger: false,
    disabledCommands: withAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !withAuth,
    allowInsecureAuth: true,
    onAuth: (_auth, _session, callback) => callback(refuse('Invalid username or password', 535)),
    onMailFrom: (address, _session, callback) => callback(address.address.startsWith('bad') ? refuse('sender refused', 553) : undefined),
    onRcptTo: (address, _session, callback) => callback(address.address.startsWith('gone') ? refuse('no such user', 550) : undefined),
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => callback(refuse('mailbox busy, try again later', 451)));
    },
  });
}

/** What nodemailer (the mailer's library, with short timeouts) throws when sending to `host:port`. */
async function sendError(
  port: number,
  envelope: { from?: string; to?: string } = {},
  more: { host?: string; auth?: { user: string; pass: string } } = {},
) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    ...more,
    connectionTimeout: 1_000,
    greetingTimeout: 500,
    socketTimeout: 1_000,
  });
  try {
    await transport.sendMail({
      from: envelope.from ?? 'windscope@test.example',
      to: envelope.to ?? 'someone@test.example',
      subject: 's',
      text: 't',
    });
    return null;
  } catch (error) {
    return error;
  } finally {
    transport.close();
  }
}

describe('mailErrorKind: the failures an SMTP send meets, as a kind the page says in words', () => {
  const servers: { close(done: () => void): unknown }[] = [];
  let closedPort: number;
  let silentPort: number;
  let plainPort: number;
  let authPort: number;

  beforeAll(async () => {
    // a port nobody listens on any more
    const gone = net.createServer();
    closedPort = await listen(gone, () => gone.address());
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    // takes the connection and never greets
    const silent = net.createServer(() => {});
    silentPort = await listen(silent, () => silent.address());
    const plain = refusingSmtp(false);
    plainPort = await listen(plain, () => plain.server.address());
    const auth = refusingSmtp(true);
    authPort = await listen(auth, () => auth.server.address());
    servers.push(silent, plain, auth);
  });
  afterAll(async () => {
    for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('connection refused or no such host: connection', async () => {
    const refused = await sendError(closedPort);
    expect(String(refused)).toContain('ECONNREFUSED');
    expect(mailErrorKind(refused)).toBe('connection');
    expect(mailErrorKind(await sendError(25, {}, { host: 'no-such-host.invalid' }))).toBe('connection');
  });

  it('a server that never greets: timeout', async () => {
    expect(mailErrorKind(await sendError(silentPort))).toBe('timeout');
  });

  it('wrong user name or password: authentication', async () => {
    const error = await sendError(authPort, {}, { auth: { user: 'windscope', pass: 'wrong' } });
    expect(String(error)).toContain('535');
    expect(mailErrorKind(error)).toBe('authentication');
  });

  it('the recipient, the sender or the message refused', async () => {
    expect(mailErrorKind(await sendError(plainPort, { to: 'gone@test.example' }))).toBe('recipient');
    expect(mailErrorKind(await sendError(plainPort, { from: 'bad@test.example' }))).toBe('sender');
    expect(mailErrorKind(await sendError(plainPort))).toBe('message');
  });

  it('anything else: other; a wrapped network error by its cause', () => {
    expect(mailErrorKind(new Error('unknown outbox kind x'))).toBe('other');
    expect(mailErrorKind('a string')).toBe('other');
    expect(mailErrorKind(new Error('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }))).toBe(
      'connection',
    );
  });
});
