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
