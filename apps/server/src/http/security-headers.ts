import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** True when a CSP directive is computed per request (a nonce): then helmet has to run for every request. */
function perRequest(options: HelmetOptions): boolean {
  const csp = options.contentSecurityPolicy;
  if (!csp || typeof csp !== 'object' || !csp.directives) return false;
  return Object.values(csp.directives).some((value) =>
    Array.isArray(value) ? value.some((v) => typeof v === 'function') : typeof value === 'function',
  );
}

/** helmet's security headers on every answer, set on the raw response in onRequest as @fastify/helmet set them.
 *  @fastify/helmet called helmet(options) again for every request (validating the options, parsing the CSP directives,
 *  then thirteen middlewares): ~5% of the server's CPU under bench:load. With static options the headers are the same
 *  for every request, so helmet runs once here and its headers are replayed. */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const middleware = helmet(options);
  if (perRequest(options)) {
    app.addHook('onRequest', (request, reply, done) => {
      middleware(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
    return;
  }
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
}
