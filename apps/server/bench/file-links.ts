/**
 * npm run bench:file-links — issue 26 item 3: 200 thumbnails (a gallery page's worth) over HTTP/1.1 on loopback, six at
 * a time as a browser fetches from one host, with the two thumbnail strategies the issue names:
 *  - "per photo and window": the URL carries its expiry (as originals and previews do), so every re-issue (five
 *    minutes) is a new URL and the browser's cache misses: 200 full answers again;
 *  - "per sign-in, checked at serve time, ETag" (what thumbnails do): the URL stays, the browser keeps the image for
 *    max-age (15 min) and then revalidates: 200 answers 304.
 * Also the cost of the live sign-in check every file URL now pays (files/file-holders.ts): one lookup alone, and 200
 * at once for one user (they share one query). Prints figures with the load (`uptime`); never pass/fail.
 * Env: BENCH_PG=1 for a scratch database on TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test,
 * dropped after; else PGlite in memory), RUNS (default 5).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { Agent, get as httpGet } from 'node:http';
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/auth/session-service.ts';
import { loadConfig } from '../src/config.ts';
import { photos, turbines, users } from '../src/db/schema.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { liveFileHolder } from '../src/files/file-holders.ts';
import { thumbnailKeyOf } from '../src/uploads/storage-keys.ts';

const THUMBNAILS = 200;
const RUNS = Number(process.env.RUNS ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-bench-file-links-'));
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scratch = process.env.BENCH_PG === '1' ? `ws_bench_links_${process.pid}` : null;
async function withAdmin(work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
let databaseUrl: string | undefined;
if (scratch) {
  await withAdmin((c) => c.query(`create database ${scratch}`));
  const url = new URL(adminUrl);
  url.pathname = `/${scratch}`;
  databaseUrl = url.toString();
}
const config = loadConfig(
  { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'false', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  databaseUrl ? {} : { pgliteDir: 'memory://' },
);
const app = await buildApp(config, { logger: false });
await seedDemoData(app.ctx);

// 200 photos with a real ~400 px WebP thumbnail each (the derivative pipeline's output size)
const [turbine] = await app.ctx.db.select({ id: turbines.id }).from(turbines).limit(1);
const [user] = await app.ctx.db.select().from(users).where(eq(users.email, 'admin@ege.example'));
if (!turbine || !user) throw new Error('the demo data has no turbine or no Ege admin');
const thumbnail = await sharp({ create: { width: 400, height: 267, channels: 3, background: '#6a8caf' } })
  .composite([
    {
      input: Buffer.from(
        await sharp({
          create: { width: 200, height: 120, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
        })
          .png()
          .toBuffer(),
      ),
    },
  ])
  .webp({ quality: 80 })
  .toBuffer();
const rows = Array.from({ length: THUMBNAILS }, (_, i) => {
  const key = `turbines/${turbine.id}/blade/2025/${'ABC'[i % 3]}/1/1700000000000-${200000000 + i}-BENCH_${i}.jpg`;
  return {
    turbineId: turbine.id,
    storageKey: key,
    originalName: `BENCH_${i}.jpg`,
    room: 1,
    blade: 'ABC'[i % 3] ?? 'A',
    year: 2025,
    month: 1,
    sizeBytes: 5_000_000,
    mimeType: 'image/jpeg',
    sha256: (i + 1).toString(16).padStart(64, 'b'),
    width: 6000,
    height: 4000,
    thumbnailKey: thumbnailKeyOf(key),
    previewKey: `${key}.preview.webp`,
    derivatives: 'ready',
    uploadedBy: user.id,
  };
});
await app.ctx.db.insert(photos).values(rows);
for (const row of rows) await app.ctx.storage.writeBuffer(row.thumbnailKey, thumbnail);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const session = await createSession(app.ctx, user, { userAgent: 'bench', ip: '127.0.0.1' });
const agent = new Agent({ keepAlive: true, maxSockets: 6 });

/** One GET on the shared six-connection agent: status, ETag and body. */
function fetchOne(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; etag: string | undefined; body: Buffer }>((resolve, reject) => {
    httpGet(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const listing = await fetchOne(`${base}/api/turbines/${turbine.id}/photos?view=all`, { authorization: `Bearer ${session.token}` });
const listed = (
  JSON.parse(listing.body.toString('utf8')) as { data: { originalName: string; urls: { thumbnail: string; preview: string } }[] }
).data.filter((p) => p.originalName.startsWith('BENCH_'));
if (listed.length !== THUMBNAILS) throw new Error(`listed ${listed.length} bench photos`);
// per photo and window: the preview's URL (signed with its expiry) pointed at the thumbnail, as a windowed thumbnail would be
const windowed = listed.map((p) => `${base}${p.urls.preview.replace('&v=p', '&v=t')}`);
const lasting = listed.map((p) => `${base}${p.urls.thumbnail}`);

/** Fetches every URL, six at a time; returns wall time, statuses and bytes. */
async function load(urls: string[], etags?: Map<string, string>) {
  const started = performance.now();
  const statuses = new Map<number, number>();
  let bytes = 0;
  let next = 0;
  const seen = new Map<string, string>();
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++] ?? '';
      const tag = etags?.get(url);
      const res = await fetchOne(url, tag ? { 'if-none-match': tag } : {});
      bytes += res.body.length;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.etag) seen.set(url, res.etag);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return { ms: performance.now() - started, statuses, bytes, etags: seen };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const describe = (r: Awaited<ReturnType<typeof load>>) =>
  `${[...r.statuses].map(([status, n]) => `${n}x${status}`).join(' ')}, ${(r.bytes / 1024).toFixed(0)} KB`;

// warm up the route, the storage and the lookups
await load(lasting);
const cold: number[] = [];
const windowMiss: number[] = [];
const revalidate: number[] = [];
let last: Record<string, Awaited<ReturnType<typeof load>>> = {};
for (let run = 0; run < RUNS; run++) {
  const first = await load(lasting);
  cold.push(first.ms);
  // after a re-issue: a windowed URL is new to the browser (a full GET); a lasting one is revalidated past max-age
  const miss = await load(windowed);
  windowMiss.push(miss.ms);
  const again = await load(lasting, first.etags);
  revalidate.push(again.ms);
  last = { first, miss, again };
}

// the live check alone: one lookup after another (each its own query), and 200 at once (one shared query)
const LOOKUPS = 500;
let started = performance.now();
for (let i = 0; i < LOOKUPS; i++) await liveFileHolder(app.ctx, user.id);
const oneLookupUs = ((performance.now() - started) / LOOKUPS) * 1000;
started = performance.now();
await Promise.all(Array.from({ length: THUMBNAILS }, () => liveFileHolder(app.ctx, user.id)));
const burstMs = performance.now() - started;

const load1 = execFileSync('uptime', { encoding: 'utf8' }).trim();
console.log(
  `file links bench (${databaseUrl ? 'PostgreSQL' : 'PGlite'}), ${THUMBNAILS} thumbnails of ${(thumbnail.length / 1024).toFixed(1)} KB, 6 connections, median of ${RUNS}`,
);
console.log(`  load: ${load1}`);
console.log(
  `  first view (both strategies):                   ${median(cold).toFixed(1)} ms  (${describe(last.first ?? (await load(lasting)))})`,
);
console.log(
  `  after a re-issue, per photo and window:          ${median(windowMiss).toFixed(1)} ms  (${describe(last.miss ?? (await load(windowed)))})`,
);
console.log(
  `  after a re-issue, per sign-in + ETag, past max-age: ${median(revalidate).toFixed(1)} ms  (${describe(last.again ?? (await load(lasting)))})`,
);
console.log('  after a re-issue, per sign-in + ETag, within max-age (15 min): 0 requests, 0 ms');
console.log(`  live sign-in check: ${oneLookupUs.toFixed(0)} µs per lookup alone; ${THUMBNAILS} at once ${burstMs.toFixed(1)} ms`);

agent.destroy();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
if (scratch) await withAdmin((c) => c.query(`drop database if exists ${scratch} with (force)`));
