/**
 * npm run bench:api — the turbine API under load on PostgreSQL, beside a bare Fastify route measured in the same run.
 * Loads 20 companies x 200 turbines into a fresh database on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * then prints req/s, p50 and p99 at 50 connections. Prints figures; never pass/fail.
 * BENCH_SECONDS (default 10) sets the length of each run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { loadConfig } from '../src/config.ts';
import { companies, turbines, users } from '../src/db/schema.ts';

const COMPANIES = 20;
const TURBINES_PER_COMPANY = 200;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'bench-password';
const STATUSES = ['active', 'maintenance', 'faulty', 'offline', 'inactive', 'unknown'] as const;
const CITIES = ['izmir', 'manisa', 'aydın', 'muğla', 'balıkesir', 'çanakkale', 'tekirdağ'];

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function seed(app: FastifyInstance): Promise<{ managerEmail: string; turbineId: number }> {
  const db = app.ctx.db;
  const passwordHash = await hashPassword(PASSWORD);
  const made = await db
    .insert(companies)
    .values(Array.from({ length: COMPANIES }, (_, i) => ({ name: `Bench Enerji ${i + 1}`, contactEmail: `info@bench${i + 1}.example` })))
    .returning({ id: companies.id });
  await db.insert(users).values(
    made.map((c, i) => ({
      firstName: 'Bench',
      lastName: `Manager ${i + 1}`,
      email: `manager@bench${i + 1}.example`,
      passwordHash,
      role: 'company_manager',
      companyId: c.id,
    })),
  );
  for (const [ci, company] of made.entries()) {
    await db.insert(turbines).values(
      Array.from({ length: TURBINES_PER_COMPANY }, (_, i) => ({
        turbineName: `RES ${ci + 1}-${i + 1}`,
        name: `T-${i + 1}`,
        city: CITIES[(ci + i) % CITIES.length] ?? 'izmir',
        code: `B${ci + 1}-${String(i + 1).padStart(3, '0')}`,
        location: `Saha ${ci + 1}, Yamaç ${i + 1}`,
        siteName: `Bench RES ${ci + 1}`,
        coordinates: `${(38 + (i % 100) / 100).toFixed(4)},${(27 + (ci % 10) / 10).toFixed(4)}`,
        rooms: 3 + (i % 7),
        status: STATUSES[i % STATUSES.length],
        companyId: company.id,
      })),
    );
  }
  const [first] = await db
    .select({ id: turbines.id })
    .from(turbines)
    .where(eq(turbines.companyId, made[0]?.id ?? 0))
    .limit(1);
  return { managerEmail: 'manager@bench1.example', turbineId: first?.id ?? 0 };
}

function row(label: string, r: Result) {
  const cells = [
    label.padEnd(26),
    r.requests.average.toFixed(0).padStart(8),
    `${r.latency.p50.toFixed(1)} ms`.padStart(10),
    `${r.latency.p99.toFixed(1)} ms`.padStart(10),
    String(r.non2xx + r.errors + r.timeouts).padStart(8),
  ];
  return cells.join('  ');
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Result> {
  // the load comes from a worker thread, so the server's event loop is not shared with the client's;
  // a short warm-up lets V8 optimise the hot paths before the measured run
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers, workers: 1 });
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, workers: 1 });
}

async function main() {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `ws_bench_${process.pid}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${dbName}`));
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-bench-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: dbUrl.toString() },
    { webDist: path.join(dataDir, 'no-web'), jwtSecret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret-00') },
  );
  const app = await buildApp(config, { logger: false });
  // the reference server: a hello route, and the list's own bytes served as they are (the ceiling for a body that size)
  const hello = Fastify({ logger: false });
  let sameBody = '';
  hello.get('/hello', async () => ({ hello: 'world' }));
  hello.get('/same-body', async (_req, reply) => reply.type('application/json; charset=utf-8').send(sameBody));
  try {
    process.stdout.write(`loading ${COMPANIES} companies x ${TURBINES_PER_COMPANY} turbines into ${dbName}...\n`);
    const { managerEmail, turbineId } = await seed(app);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: managerEmail, password: PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    const auth = { authorization: `Bearer ${login.json().token as string}` };
    const listCheck = await app.inject({ method: 'GET', url: '/api/turbines', headers: auth });
    const listed = (listCheck.json().data as unknown[]).length;
    sameBody = listCheck.body;

    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });

    process.stdout.write(`node ${process.version}, ${cpus().length} cores, ${CONNECTIONS} connections, ${SECONDS} s per run\n\n`);
    process.stdout.write(
      `${'route'.padEnd(26)}  ${'req/s'.padStart(8)}  ${'p50'.padStart(10)}  ${'p99'.padStart(10)}  ${'errors'.padStart(8)}\n`,
    );
    const helloResult = await measure(`${helloUrl}/hello`);
    process.stdout.write(`${row('GET /hello (bare Fastify)', helloResult)}\n`);
    const ceiling = await measure(`${helloUrl}/same-body`);
    process.stdout.write(`${row(`same ${Math.round(Buffer.byteLength(sameBody) / 1024)} KB, pre-serialized`, ceiling)}\n`);
    const listResult = await measure(`${appUrl}/api/turbines`, auth);
    process.stdout.write(`${row(`GET /api/turbines (${listed})`, listResult)}\n`);
    const oneResult = await measure(`${appUrl}/api/turbines/${turbineId}`, auth);
    process.stdout.write(`${row('GET /api/turbines/:id', oneResult)}\n`);
    // issue 22: JSON answers of 1 KB or more are compressed on the way out when the client accepts it (a browser
    // always does); the list carries its own kept gzip, so the compression cost shows on the other routes
    const browser = { ...auth, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const docs = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: browser });
    const docsPlain = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    const docsLabel = `${Math.round(docsPlain.rawPayload.length / 1024)} KB -> ${Math.round(docs.rawPayload.length / 1024)} KB ${docs.headers['content-encoding']}`;
    const listBrowser = await measure(`${appUrl}/api/turbines`, browser);
    process.stdout.write(`${row('  list, Accept-Encoding', listBrowser)}\n`);
    const docsIdentity = await measure(`${appUrl}/api/openapi.json`);
    process.stdout.write(`${row('GET /api/openapi.json', docsIdentity)}\n`);
    const docsBrowser = await measure(`${appUrl}/api/openapi.json`, browser);
    process.stdout.write(`${row(`  br (${docsLabel})`, docsBrowser)}\n\n`);

    const share = listResult.requests.average / helloResult.requests.average;
    const ceilingShare = ceiling.requests.average / helloResult.requests.average;
    process.stdout.write(
      `list p99 ${listResult.latency.p99.toFixed(1)} ms (target < 50 ms: ${listResult.latency.p99 < 50 ? 'met' : 'missed'}); ` +
        `list at ${(share * 100).toFixed(1)}% of hello req/s (target >= 25%: ${share >= 0.25 ? 'met' : 'missed'}); ` +
        `the same bytes without any work reach ${(ceilingShare * 100).toFixed(1)}%\n`,
    );
  } finally {
    await hello.close();
    await app.close();
    await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${dbName} with (force)`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
