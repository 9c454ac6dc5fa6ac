import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { localize } from './error-handler.ts';

/** How long a part may take to answer before it counts as down: a load balancer's probe must not hang. */
const PROBE_TIMEOUT_MS = 3_000;
/** A key nothing writes: stat()ing it is the storage driver's cheapest round trip (a HEAD on S3, a stat on disk). */
const SENTINEL_KEY = '.windscope-ready';

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function storageAnswers(storage: StorageDriver): Promise<boolean> {
  try {
    return (await within(storage.stat(SENTINEL_KEY), PROBE_TIMEOUT_MS)) !== 'timeout';
  } catch {
    return false;
  }
}

async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  try {
    return (await within(ctx.database.ping(), PROBE_TIMEOUT_MS)) === true;
  } catch {
    return false;
  }
}

/** The health checks (DECISIONS §15) for load balancers and orchestrators. GET /api/health: liveness (the process
 *  answers; the database's state is reported, 503 while it is down). GET /api/health/ready: 200 when the database and
 *  the storage driver answer, 503 naming the part that does not. */
export async function healthRoutes(api: FastifyInstance, ctx: AppContext) {
  api.get('/health', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    const ok = await ctx.database.ping();
    return reply.status(ok ? 200 : 503).send({ success: ok, data: { database: ok ? 'up' : 'down' } });
  });
  api.get(
    '/health/ready',
    { config: { public: true }, schema: { tags: ['health'], summary: 'Readiness: database and storage answer (503 otherwise)' } },
    async (req, reply) => {
      const [database, storage] = await Promise.all([databaseAnswers(ctx), storageAnswers(ctx.storage)]);
      const data = { database: database ? 'up' : 'down', storage: storage ? 'up' : 'down' };
      if (database && storage) return reply.status(200).send({ success: true, data });
      // the error envelope, with which part is down
      return reply.status(503).send({ success: false, code: 'SERVICE_UNAVAILABLE', message: localize(req, 'SERVICE_UNAVAILABLE'), data });
    },
  );
}
