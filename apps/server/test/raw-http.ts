import net from 'node:net';

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One HTTP/1.1 exchange over a real socket, written by hand so a test can send it as slowly as it likes: `send` writes
 *  the request (all at once, in pieces, or never finishing) while the answer is collected. Resolves once the server
 *  closes the connection or a whole answer arrived, with the status (0: closed without an answer) and the body. */
export function rawExchange(
  port: number,
  send: (write: (bytes: string | Buffer) => boolean) => Promise<void>,
): Promise<{ status: number; body: string; sendFailed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const received: Buffer[] = [];
    let sendFailed = false;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const body = text.includes('\r\n\r\n') ? text.slice(text.indexOf('\r\n\r\n') + 4) : '';
      resolve({ status, body: Buffer.from(body, 'latin1').toString('utf8'), sendFailed });
    };
    socket.on('data', (chunk) => {
      received.push(chunk);
      const text = Buffer.concat(received).toString('latin1');
      const length = /\r\ncontent-length: (\d+)/i.exec(text)?.[1];
      const headEnd = text.indexOf('\r\n\r\n');
      if (length !== undefined && headEnd >= 0 && Buffer.byteLength(text, 'latin1') - headEnd - 4 >= Number(length)) finish();
    });
    socket.on('close', finish).on('error', finish);
    socket.once('connect', () => {
      send((bytes) => !socket.destroyed && socket.write(bytes)).catch(() => {
        sendFailed = true;
      });
    });
  });
}

/** The request line and headers of a request with a body of `length` bytes. */
export function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Sends `head` and then one byte every `everyMs` (a client trickling a body it never finishes) until the server closes
 *  the connection or `giveUpMs` passes. Resolves with the status the server answered, when the answer arrived and when
 *  the connection closed (null: still open when the client gave up), in ms from the start. */
export function trickleUntilClosed(
  port: number,
  head: string,
  options: { everyMs?: number; giveUpMs?: number } = {},
): Promise<{ status: number; answeredAt: number | null; closedAt: number | null; headers: string }> {
  const everyMs = options.everyMs ?? 100;
  const giveUpMs = options.giveUpMs ?? 8_000;
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ port, host: '127.0.0.1' });
    const received: Buffer[] = [];
    let answeredAt: number | null = null;
    let closedAt: number | null = null;
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write('x');
    }, everyMs);
    const giveUp = setTimeout(() => done(), giveUpMs);
    function done() {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const headers = text.includes('\r\n\r\n') ? text.slice(0, text.indexOf('\r\n\r\n')) : text;
      resolve({ status, answeredAt, closedAt, headers });
    }
    socket.on('data', (chunk) => {
      received.push(chunk);
      answeredAt ??= Date.now() - started;
    });
    const closed = () => {
      if (closedAt !== null) return;
      closedAt = Date.now() - started;
      done();
    };
    // the server's FIN ('end') or a reset on the next byte written ('error') both end the connection
    socket.on('end', closed).on('close', closed).on('error', closed);
    socket.once('connect', () => socket.write(head));
  });
}
