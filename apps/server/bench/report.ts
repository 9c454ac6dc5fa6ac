/**
 * npm run bench:report — issue 17's figures (never pass/fail): one turbine with 200 reviewed findings and 600
 * observations, each with a real evidence crop (WebP, 640 × 480, noisy like a photo) in storage; the report generated
 * through the route and the job queue as `npm start` runs it (embedded PGlite, local storage), in both languages.
 * Printed: time from the request to the finished job, the server's RSS growth (peak during generation over the
 * settled level before it), the PDF's size and pages, and the load average beside each.
 * Targets (issue 17): ready in under 20 s, memory growth under 300 MB, PDF under 30 MB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { FINDING_TYPES } from '@windscope/contract';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { companies, findingEvents, findingObservations, findings, photos, reports, turbines, users } from '../src/db/schema.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed.ts';

const FINDINGS = 200;
const PER_FINDING = 3;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function crop(seed: number): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const raw = Buffer.alloc(width * height * 3);
  let s = seed * 7919 + 17;
  for (let i = 0; i < raw.length; i += 3) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const p = i / 3;
    const x = p % width;
    const y = Math.floor(p / width);
    raw[i] = 90 + (x * 120) / width + (s % 30);
    raw[i + 1] = 100 + (y * 80) / height + ((s >> 8) % 30);
    raw[i + 2] = 110 + ((x + y) * 40) / (width + height) + ((s >> 16) % 30);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-bench-report-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, { webDist: path.join(dataDir, 'no-web') });
const app = await buildApp(config);
try {
  await seedDemoData(app.ctx);
  await app.ready();
  const { db, storage } = app.ctx;
  const [ege] = await db.select().from(companies).where(sql`${companies.name} like 'Ege%'`);
  const [operator] = await db.select().from(users).where(eq(users.email, 'operator@ege.example'));
  if (!ege || !operator) throw new Error('demo data missing');
  const [turbine] = await db
    .insert(turbines)
    .values({
      city: 'İzmir',
      code: 'BENCH-RPT-1',
      turbineName: 'Bench Çeşme 1',
      location: 'Çeşme',
      siteName: 'Çeşme RES',
      rooms: 3,
      companyId: ege.id,
    })
    .returning();
  if (!turbine) throw new Error('no turbine');
  console.log(`seeding ${FINDINGS} findings, ${FINDINGS * PER_FINDING} observations with crops...`);
  const started = performance.now();
  const photoRows = await db
    .insert(photos)
    .values(
      Array.from({ length: FINDINGS * PER_FINDING }, (_, i) => ({
        turbineId: turbine.id,
        storageKey: `turbines/${turbine.id}/drone/${2024 + (i % 3)}/A/bench-${i}.jpg`,
        originalName: `bench-${i}.jpg`,
        blade: ['A', 'B', 'C'][i % 3] as string,
        category: 'drone',
        year: 2024 + (i % 3),
        month: 6,
        sizeBytes: 1000,
        mimeType: 'image/jpeg',
        sha256: '0'.repeat(64),
        derivatives: 'ready',
        uploadedBy: operator.id,
      })),
    )
    .returning({ id: photos.id });
  const types = FINDING_TYPES;
  for (let f = 0; f < FINDINGS; f++) {
    const [finding] = await db
      .insert(findings)
      .values({
        turbineId: turbine.id,
        blade: ['A', 'B', 'C'][f % 3] as string,
        surface: ['LE', 'TE', 'PS', 'SS', 'interior'][f % 5] as string,
        room: f % 5 === 4 ? 1 + (f % 3) : null,
        distanceFromRootM: Math.round(((f * 37) % 580) + 10) / 10,
        type: types[f % types.length] as string,
        severity: 1 + (f % 5),
        lengthMm: 20 + (f % 200),
        widthMm: 5 + (f % 40),
        notes: f % 4 === 0 ? 'Hücum kenarında aşınma; bir sonraki muayenede ölçülecek.' : null,
        status: ['confirmed', 'monitoring', 'repair_planned'][f % 3] as string,
        dueDate: f % 3 === 2 ? `2026-${String(1 + (f % 12)).padStart(2, '0')}-15` : null,
        createdBy: operator.id,
        firstSeenYear: 2024,
        lastSeenYear: 2026,
        observationCount: PER_FINDING,
      })
      .returning();
    if (!finding) throw new Error('no finding');
    for (let o = 0; o < PER_FINDING; o++) {
      const i = f * PER_FINDING + o;
      const key = `turbines/${turbine.id}/findings/${1_700_000_000_000 + i}-1-crop.webp`;
      await storage.writeBuffer(key, await crop(i), { contentType: 'image/webp' });
      await db.insert(findingObservations).values({
        findingId: finding.id,
        turbineId: turbine.id,
        photoId: photoRows[i]?.id ?? 0,
        geometry: {
          space: 'flat',
          shape: 'rectangle',
          points: [
            [0.2, 0.2],
            [0.4, 0.5],
          ],
        },
        severity: Math.max(1, 1 + (f % 5) - (2 - o)),
        lengthMm: 20 + (f % 200) + o * 5,
        year: 2024 + o,
        cropKey: key,
        createdBy: operator.id,
      });
    }
    await db.insert(findingEvents).values([
      { findingId: finding.id, kind: 'created', actorId: operator.id, actorName: 'Mert Demir', after: {} },
      {
        findingId: finding.id,
        kind: 'status',
        actorId: null,
        actorName: 'Zeynep Kaya',
        before: { status: 'draft' },
        after: { status: 'confirmed' },
      },
    ]);
  }
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'operator@ege.example', password: DEMO_PASSWORD },
  });
  const token = login.json().token as string;
  for (const language of ['tr', 'en'] as const) {
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const t0 = performance.now();
    const start = await app.inject({
      method: 'POST',
      url: `/api/turbines/${turbine.id}/reports/generate`,
      headers: { authorization: `Bearer ${token}` },
      payload: { language },
    });
    const jobId = start.json().data.id as number;
    let job: { status: string; report_id: number | null; progress: number } = { status: 'queued', report_id: null, progress: 0 };
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (
        await app.inject({
          method: 'GET',
          url: `/api/turbines/${turbine.id}/reports/jobs/${jobId}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().data;
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    if (job.status !== 'done') throw new Error(`job ${job.status}`);
    const list = (
      await app.inject({ method: 'GET', url: `/api/turbines/${turbine.id}/reports`, headers: { authorization: `Bearer ${token}` } })
    ).json().data as { id: number; file_size_bytes: number }[];
    const report = list.find((r) => r.id === job.report_id);
    const bytes = report?.file_size_bytes ?? 0;
    const [stored] = await db
      .select({ key: reports.storageKey })
      .from(reports)
      .where(eq(reports.id, job.report_id ?? 0));
    const file = stored ? await storage.read(stored.key) : null;
    let pages = 0;
    if (file) {
      const chunks: Buffer[] = [];
      for await (const c of file.stream) chunks.push(c as Buffer);
      pages = (
        Buffer.concat(chunks)
          .toString('latin1')
          .match(/\/Type \/Page\b/g) ?? []
      ).length;
    }
    console.log(
      `${language.toUpperCase()} report, ${FINDINGS} findings / ${FINDINGS * PER_FINDING} observations: ready in ${seconds.toFixed(1)} s (target < 20 s); ` +
        `RSS growth ${mb(peak - before)} (peak ${mb(peak)}; target < 300 MB); PDF ${mb(bytes)}, ${pages} pages (target < 30 MB); load ${load()}`,
    );
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
