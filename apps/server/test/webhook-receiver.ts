/** A real webhook receiver for tests: a node:http server on 127.0.0.1 (the app runs with WEBHOOK_ALLOW_PRIVATE=1)
 *  whose answer each test decides (by path); it records every request. */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export function startReceiver() {
  const received: Received[] = [];
  let answer: (req: Received, res: ServerResponse) => void = (_req, res) => res.writeHead(204).end();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      answer(got, res);
    });
  });
  return {
    received,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
