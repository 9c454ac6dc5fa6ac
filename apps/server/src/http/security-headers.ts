import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** True when a CSP directive is computed per request (a nonce): then helmet has to run for every request. */
function perRequest(options: HelmetOptions): boolean {
  const csp = options.contentSecurityPolicy;
  if (!csp || typeof csp !== 'object' || !csp.directives) return false;
  return Object.values(csp.directives).some((value) =>
    Array.isArray(value) ? value.some((v) => typeof v === 'function') : typeof value === 'function',
  );
}

/** The same options for a page served over plain HTTP: no `upgrade-insecure-requests` (the browser would ask for every
 *  script over https, which a LAN server without TLS does not answer: a blank page) and no HSTS (browsers ignore it
 *  over http; sent anyway it would promise a TLS the server does not have). */
export function plainHttpOptions(options: HelmetOptions): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  return {
    ...options,
    contentSecurityPolicy:
      csp && typeof csp === 'object' ? { ...csp, directives: { ...csp.directives, upgradeInsecureRequests: null } } : csp,
    strictTransportSecurity: false,
  } as HelmetOptions;
}

type Recorded = { set: [string, string | number | readonly string[]][]; removed: string[] };

/** Runs helmet once on a recorder and keeps what it set and removed. */
function record(options: HelmetOptions): Recorded {
  const recorded: Recorded = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => recorded.set.push([name, value]),
    removeHeader: (name: string) => recorded.removed.push(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return recorded;
}

/** helmet's security headers on every answer, set on the raw response in onRequest as @fastify/helmet set them.
 *  Two sets: `options` as given for a request served over HTTPS (`isHttps`: the server's own TLS, an https PUBLIC_URL or
 *  X-Forwarded-Proto from a trusted proxy), and the same without `upgrade-insecure-requests` and HSTS over plain HTTP.
 *  @fastify/helmet called helmet(options) again for every request (validating the options, parsing the CSP directives,
 *  then thirteen middlewares): ~5% of the server's CPU under bench:load. With static options the headers are the same
 *  for every request of one kind, so helmet runs once per set here and its headers are replayed. */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions, isHttps: (request: FastifyRequest) => boolean) {
  if (perRequest(options)) {
    const secure = helmet(options);
    const plain = helmet(plainHttpOptions(options));
    app.addHook('onRequest', (request, reply, done) => {
      const middleware = isHttps(request) ? secure : plain;
      middleware(request.raw as IncomingMessage, reply.raw as ServerResponse, (error?: unknown) =>
        done(error instanceof Error ? error : undefined),
      );
    });
    return;
  }
  const secure = record(options);
  const plain = record(plainHttpOptions(options));
  app.addHook('onRequest', (request, reply, done) => {
    const { set, removed } = isHttps(request) ? secure : plain;
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
}
