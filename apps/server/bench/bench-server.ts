import type { Readable } from 'node:stream';
/** The server side of `npm run bench:upload`, in its own process so its memory is measured alone.
 *  Env: BENCH_DATA_DIR, BENCH_DATABASE_URL (PostgreSQL; else PGlite in memory), BENCH_PHOTO_ROWS (photo rows to add to one turbine).
 *  Prints one JSON line: { port, turbineId }. */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { eq } from 'drizzle-orm';
import { photos, turbines, users } from '../src/db/schema.ts';

const dataDir = process.env.BENCH_DATA_DIR ?? './data-bench';
const databaseUrl = process.env.BENCH_DATABASE_URL;
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // settings worth comparing in a bench run
    ...(process.env.DERIVATIVE_WORKERS ? { DERIVATIVE_WORKERS: process.env.DERIVATIVE_WORKERS } : {}),
  },
  databaseUrl ? {} : { pgliteDir: 'memory://' },
);
const app = await buildApp(config, { logger: false });

// the raw baseline: the same request bodies, read and thrown away
await app.register(async (scope) => {
  scope.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.on('end', () => done(null, undefined)).resume();
  });
  scope.post('/bench/discard', async () => ({ success: true }));
});

// the durable-storage ceiling: the same request bodies written as they come to the storage driver (temporary file,
// fsync, rename), with no parsing, inspection, hashing or database, then deleted
let stored = 0;
await app.register(async (scope) => {
  scope.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
  scope.post('/bench/store', async (request) => {
    const staged = await app.ctx.storage.writeStream(`bench/${stored++}.bin`, request.body as Readable);
    await staged.commit();
    await app.ctx.storage.delete(staged.key);
    return { success: true };
  });
});
// resolves once the derivative queue has nothing left
app.get('/bench/derivatives-idle', async () => {
  await app.ctx.derivatives.idle();
  return { success: true };
});

await seedDemoData(app.ctx);
const [turbine] = await app.ctx.db.select({ id: turbines.id }).from(turbines).limit(1);
const [uploader] = await app.ctx.db.select({ id: users.id }).from(users).limit(1);
const rows = Number(process.env.BENCH_PHOTO_ROWS ?? 0);
const turbineId = turbine?.id ?? 0;
// the benches spread photos over rooms 1..25: the turbine has them (a room beyond a turbine's is refused, issue 24 item 17)
await app.ctx.db.update(turbines).set({ rooms: 25 }).where(eq(turbines.id, turbineId));
for (let start = 0; start < rows; start += 1000) {
  const batch = Array.from({ length: Math.min(1000, rows - start) }, (_, j) => {
    const i = start + j;
    const key = `turbines/${turbineId}/blade/2025/${'ABC'[i % 3]}/${(i % 25) + 1}/1700000000000-${100000000 + i}-IMG_${i}.jpg`;
    return {
      turbineId,
      storageKey: key,
      originalName: `IMG_${i}.jpg`,
      room: (i % 25) + 1,
      blade: 'ABC'[i % 3] ?? 'A',
      year: 2025,
      month: (i % 12) + 1,
      sizeBytes: 10_000_000 + i,
      mimeType: 'image/jpeg',
      sha256: i.toString(16).padStart(64, '0'),
      width: 6000,
      height: 4000,
      thumbnailKey: `${key}.thumb.webp`,
      previewKey: `${key}.preview.webp`,
      derivatives: 'ready',
      uploadedBy: uploader?.id ?? null,
      createdAt: new Date(1_700_000_000_000 + i * 1000),
    };
  });
  await app.ctx.db.insert(photos).values(batch);
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, turbineId })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
