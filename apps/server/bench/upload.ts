/**
 * npm run bench:upload — figures, never pass/fail:
 *  1. BENCH_PHOTOS (200) JPEGs of ~10 MB (6000x4000) uploaded over HTTP in the UI's batches of 3, one batch at a time:
 *     MB/s and the server's RSS, beside the same bodies sent to a route that discards them (same run, same server).
 *  2. Thumbnail + preview derivation of 24 MP JPEGs: photos per second on this machine's cores.
 *  3. GET /photos?view=all for a turbine with BENCH_ROWS (10,000) photo rows on PostgreSQL: latency at 20 connections.
 * A quick run: BENCH_PHOTOS=30 BENCH_ROWS=2000 npm run bench:upload; one part only: BENCH_PARTS=upload|derive|list. PostgreSQL: BENCH_PG_URL (admin URL of a server
 * where a scratch database may be created; default postgres://postgres@127.0.0.1:5432/postgres); the part is skipped without it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { makeDerivatives } from '../src/media/images.ts';
import { makeLargeJpeg, variantOf } from './bench-jpegs.ts';
import { login, peakRss, post, startBenchServer } from './bench-process.ts';
import { cpuSeconds, hammer } from './http-hammer.ts';
import { multipartBody } from '../src/uploads/multipart-body.ts';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 200);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
/** which parts to run, e.g. BENCH_PARTS=list */
const PARTS = (process.env.BENCH_PARTS ?? 'upload,derive,list').split(',');
const BATCH = 3;
const MB = 1024 * 1024;
const work = mkdtempSync(path.join(tmpdir(), 'windscope-bench-'));
const year = new Date().getFullYear();

async function uploadBench(databaseUrl: string | null) {
  console.log(
    `\n1. upload: ${PHOTOS} JPEGs of 6000x4000 in batches of ${BATCH}, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, local folder storage`,
  );
  const bases = await Promise.all([0, 1, 2, 3].map((seed) => makeLargeJpeg(seed)));
  const files = Array.from({ length: PHOTOS }, (_, i) => variantOf(bases[i % bases.length] as Buffer, `bench photo ${i}`));
  const totalBytes = files.reduce((n, f) => n + f.length, 0);
  console.log(`   ${(totalBytes / MB).toFixed(0)} MB in all, ${(totalBytes / PHOTOS / MB).toFixed(1)} MB per photo on average`);

  const server = await startBenchServer({
    BENCH_DATA_DIR: path.join(work, 'upload'),
    ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const token = await login(server, 'superadmin@windscope.example');
    const batches: Buffer[][] = [];
    for (let i = 0; i < files.length; i += BATCH) batches.push(files.slice(i, i + BATCH));
    const bodyOf = (batch: Buffer[], b: number) =>
      multipartBody(
        { room: (b % 25) + 1, year, blade: 'ABC'[b % 3] ?? 'A' },
        batch.map((bytes, j) => ({ field: 'photos', name: `bench-${b}-${j}.jpg`, bytes })),
      );

    const run = async (label: string, url: string, expected: number) => {
      const rss = peakRss(server.pid);
      const started = performance.now();
      for (const [b, batch] of batches.entries()) {
        const status = await post(server, url, bodyOf(batch, b), token);
        if (status !== expected) throw new Error(`${label}: batch ${b} answered ${status}`);
      }
      const seconds = (performance.now() - started) / 1000;
      const memory = rss.stop();
      console.log(
        `   ${label.padEnd(22)} ${(totalBytes / MB / seconds).toFixed(1).padStart(7)} MB/s  ${seconds.toFixed(1).padStart(6)} s  ` +
          `server RSS ${memory.before.toFixed(0)} -> peak ${memory.peak.toFixed(0)} MB (+${(memory.peak - memory.before).toFixed(0)})`,
      );
      return totalBytes / MB / seconds;
    };
    // warm-up (JIT, connections, first allocations), not timed: a few bodies to each route
    for (const [b, batch] of batches.slice(0, 3).entries()) await post(server, '/bench/discard', bodyOf(batch, b), token);
    const warm = multipartBody({ room: 1, year, blade: 'A' }, [{ field: 'photos', name: 'warm-up.jpg', bytes: files[0] as Buffer }]);
    await post(server, `/api/turbines/${server.turbineId}/photos`, warm, token);

    const raw = await run('raw loopback (discard)', '/bench/discard', 200);
    const durable = await run('raw to disk (fsync)', '/bench/store', 200);
    const stored = await run('upload pipeline', `/api/turbines/${server.turbineId}/photos`, 201);
    const queued = performance.now();
    const idle = await fetch(`http://127.0.0.1:${server.port}/bench/derivatives-idle`);
    if (!idle.ok) throw new Error(`derivatives-idle answered ${idle.status}`);
    const behind = (performance.now() - queued) / 1000;
    console.log(`   upload / raw: ${((stored / raw) * 100).toFixed(0)}%; upload / raw to disk: ${((stored / durable) * 100).toFixed(0)}%`);
    console.log(
      `   thumbnails and previews (background queue) done ${behind.toFixed(1)} s after the last upload answer; ` +
        `all ${PHOTOS} photos viewable ${((totalBytes / MB / stored + behind) / 1).toFixed(1)} s after the first byte`,
    );
  } finally {
    await server.stop();
  }
}

async function deriveBench() {
  const count = Math.max(8, Math.min(24, PHOTOS));
  console.log(`\n2. thumbnail + preview of 24 MP JPEGs: ${count} photos, ${availableParallelism()} cores`);
  const file = path.join(work, 'derive.jpg');
  writeFileSync(file, await makeLargeJpeg(7));
  await makeDerivatives(file, 400);
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, () => makeDerivatives(file, 400)));
  const seconds = (performance.now() - started) / 1000;
  console.log(`   ${(count / seconds).toFixed(1)} photos/s (${((seconds / count) * 1000).toFixed(0)} ms each on average)`);
}

/** A scratch PostgreSQL database for `fn`, or null (fn gets null) when no server answers at BENCH_PG_URL. */
async function withScratchDatabase(label: string, fn: (url: string | null) => Promise<void>) {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`   (no PostgreSQL at ${adminUrl}: ${(error as Error).message})`);
    await fn(null);
    return;
  }
  const name = `ws_bench_${label}_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function listBench(databaseUrl: string | null) {
  console.log(`\n3. GET photos?view=all, ${ROWS} photo rows on PostgreSQL, 20 connections, gzip accepted as browsers do`);
  if (!databaseUrl) return console.log('   skipped: needs PostgreSQL');
  const server = await startBenchServer({
    BENCH_DATA_DIR: path.join(work, 'list'),
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_PHOTO_ROWS: String(ROWS),
  });
  try {
    const token = await login(server, 'superadmin@windscope.example');
    const target = `http://127.0.0.1:${server.port}/api/turbines/${server.turbineId}/photos?view=all`;
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    const first = performance.now();
    const cold = await fetch(target, { headers: { authorization: headers.authorization } });
    const size = (await cold.arrayBuffer()).byteLength;
    console.log(`   first (uncached) answer: ${(performance.now() - first).toFixed(0)} ms, ${(size / MB).toFixed(1)} MB of JSON`);
    await hammer(target, headers, 20, 2); // warm-up, not counted
    const serverCpu = cpuSeconds(server.pid);
    const clientCpu = process.cpuUsage();
    const result = await hammer(target, headers, 20, 10);
    const client = process.cpuUsage(clientCpu);
    console.log(
      `   ${result.perSecond.toFixed(0)} req/s, ${(result.bytesPerSecond / MB).toFixed(0)} MB/s gzip; ` +
        `latency p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, max ${result.max.toFixed(0)} ms; ${result.failures} failures`,
    );
    console.log(
      `   CPU used in the 10 s: server ${(cpuSeconds(server.pid) - serverCpu).toFixed(1)} s, load generator ${((client.user + client.system) / 1e6).toFixed(1)} s`,
    );
  } finally {
    await server.stop();
  }
}

try {
  console.log(
    `windscope bench:upload on ${availableParallelism()} cores, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  if (PARTS.includes('upload')) await withScratchDatabase('upload', uploadBench);
  if (PARTS.includes('derive')) await deriveBench();
  if (PARTS.includes('list')) await withScratchDatabase('list', listBench);
} finally {
  rmSync(work, { recursive: true, force: true });
}
