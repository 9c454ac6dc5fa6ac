import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FileHolder } from '../files/signed-urls.ts';

/** Where a request came from, as the audit log records it, and who it is from once signed in. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** who file URLs made for this request are signed for (files/file-holders.ts): set by the auth hook once signed in */
  fileHolder?: FileHolder | null;
}

const storage = new AsyncLocalStorage<RequestMeta>();
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/** The address and user agent of the request being served, or null (a job, a command, a test calling a service). */
export function currentRequestMeta(): RequestMeta | null {
  return storage.getStore() ?? null;
}

/** Runs `work` as if for a request from `meta` (tests, commands acting for someone). */
export function withRequestMeta<T>(meta: RequestMeta, work: () => T): T {
  return storage.run(meta, work);
}

/** Every request runs inside its own RequestMeta, so audit/record.ts finds the address and user agent without each
 *  service passing them on. The body arrives on the socket's events, outside that context: preValidation enters it again
 *  (as @fastify/request-context does). */
export function installRequestMeta(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    storage.run({ ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null }, () => {
      resources.set(request, new AsyncResource('windscope-request-meta'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}
