/** The server side of `npm run bench:findings`, in its own process so its CPU is measured alone.
 *  Env: BENCH_DATA_DIR, BENCH_DATABASE_URL (PostgreSQL; the migrations run at start). No demo data: the benchmark
 *  writes its own rows. Prints one JSON line: { port, turbineId: 0 }.
 *  Beside the real API it has two routes of its own: PUT /bench/audit/on|off (issue 26: the same process writing audit rows
 *  or not, switched between the rounds of part 4), and GET /bench/turbine-list-built/:companyId, the turbine list of a
 *  company built as on a cache miss (the same read, presentation, serialization and gzip as GET /api/turbines when its
 *  kept copy is stale), so the health join's cost is measured on every request and not only after a change. */
import { todayOf } from '@windscope/contract';
import { buildApp } from '../src/app.ts';
import { auditOffForBenchmark } from '../src/audit/record.ts';
import { loadConfig } from '../src/config.ts';
import { serializeEnvelope } from '../src/http/serialized-answers.ts';
import { listTurbines } from '../src/turbines/service.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required');
const config = loadConfig({ DATA_DIR: process.env.BENCH_DATA_DIR ?? './data-bench', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
const app = await buildApp(config, { logger: false });

app.get<{ Params: { companyId: string } }>('/bench/turbine-list-built/:companyId', async (req, reply) => {
  const data = await listTurbines(app.ctx, Number(req.params.companyId), todayOf(app.ctx.now()));
  const answer = await serializeEnvelope(data, 'Türbinler yüklendi');
  reply.type('application/json; charset=utf-8');
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(answer.gzipped);
  return reply.send(answer.body);
});

app.put<{ Params: { state: string } }>('/bench/audit/:state', async (req) => {
  auditOffForBenchmark(req.params.state === 'off');
  return { success: true };
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, turbineId: 0 })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
