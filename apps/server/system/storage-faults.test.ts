/**
 * Storage that refuses writes (issue 7 item 3): photos and a report uploaded into a server whose file storage will
 * not take them get a clear, localized 503 STORAGE_UNAVAILABLE; nothing is registered (API and database), no
 * temporary file or object is left, reads keep working, and once the storage takes writes again uploads work,
 * without restarting the app.
 *  - local folder, read-only (a read-only bind mount of DATA_DIR/files: EROFS on the first byte)
 *  - local folder that takes the staged bytes but refuses them their place (chattr +i on files/turbines: EPERM at
 *    commit, after the bytes were written to files/.staging, which must be emptied again)
 *  - S3 (s3rver) stopped under the running app, then started again
 * We run as root, which chmod does not stop: see support/refuse-writes.ts for why these mechanisms.
 */
import { type Dirent, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Language } from '@windscope/contract';
import { createS3Storage } from '../src/storage/s3-driver.ts';
import { makeJpeg, makePdf } from '../test/uploads.ts';
import { type AppProcess, startAppProcess } from './support/app-process.ts';
import { type ApiAnswer, apiCall, isErrorEnvelope, processAlive, signIn, waitFor } from './support/http.ts';
import { immutableFolder, readOnlyMount } from './support/refuse-writes.ts';
import { type RestartableS3, startRestartableS3 } from './support/restartable-s3.ts';
import { createPostgresDatabase } from './support/services.ts';

const SUPERADMIN = 'superadmin@windscope.example';
const LANGS: Language[] = ['tr', 'en'];
/** a refused upload is answered at once, not after some retry loop */
const MAX_REFUSAL_MS = 5_000;

let jpeg: Buffer;
let run = 0;
const unique = (stem: string, ext: string) => `${stem}-${process.pid}-${++run}.${ext}`;

/** Everything one server of these tests needs: a database of its own on the shared PostgreSQL, a data folder. */
interface Server {
  app: AppProcess;
  dataDir: string;
  token: string;
  sql: pg.Client;
  close(): Promise<void>;
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-storage-fault-'));
  const db = await createPostgresDatabase();
  // no background thumbnail queue: its writes would land between the snapshots of the files folder taken around each
  // refused upload (thumbnails are then made only on demand)
  const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: db.url, DEMO_SEED: 'true', DERIVATIVE_WORKERS: '0', ...env });
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  return {
    app,
    dataDir,
    sql,
    token: await signIn(app.url, SUPERADMIN),
    async close() {
      await sql.end().catch(() => {});
      await app.stop();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function uploadPhotos(s: Server, turbineId: number, names: string[], lang?: Language): Promise<ApiAnswer> {
  const form = new FormData();
  form.append('room', '1');
  form.append('year', String(new Date().getFullYear()));
  form.append('blade', 'A');
  for (const name of names) form.append('photos', new File([new Uint8Array(jpeg)], name, { type: 'image/jpeg' }));
  return apiCall(s.app.url, `/api/turbines/${turbineId}/photos`, { token: s.token, lang, method: 'POST', body: form });
}

function uploadReport(s: Server, turbineId: number, name: string, lang?: Language): Promise<ApiAnswer> {
  const form = new FormData();
  form.append('year', String(new Date().getFullYear()));
  form.append('reports', new File([new Uint8Array(makePdf())], name, { type: 'application/pdf' }));
  return apiCall(s.app.url, `/api/turbines/${turbineId}/reports`, { token: s.token, lang, method: 'POST', body: form });
}

/** What the API lists for a turbine: photo and report names */
async function listedNames(s: Server, turbineId: number): Promise<{ photos: string[]; reports: string[] }> {
  const photos = await apiCall(s.app.url, `/api/turbines/${turbineId}/photos?view=all`, { token: s.token });
  const reports = await apiCall(s.app.url, `/api/turbines/${turbineId}/reports`, { token: s.token });
  expect(photos.status).toBe(200);
  expect(reports.status).toBe(200);
  return {
    photos: (photos.body as { data: { originalName: string }[] }).data.map((p) => p.originalName).sort(),
    reports: (reports.body as { data: { original_filename: string }[] }).data.map((r) => r.original_filename).sort(),
  };
}

/** What the database holds for a turbine, read directly */
async function rowNames(s: Server, turbineId: number): Promise<{ photos: string[]; reports: string[] }> {
  const photos = await s.sql.query<{ n: string }>('select original_name as n from photos where turbine_id = $1 order by 1', [turbineId]);
  const reports = await s.sql.query<{ n: string }>('select original_filename as n from reports where turbine_id = $1 order by 1', [
    turbineId,
  ]);
  return { photos: photos.rows.map((r) => r.n).sort(), reports: reports.rows.map((r) => r.n).sort() };
}

/** Every file under a folder, as relative paths */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(path.join(d, e.name), `${rel}${e.name}/`);
      else out.push(`${rel}${e.name}`);
    }
  };
  walk(dir, '');
  return out.sort();
}

/** A demo turbine that has photos, and one of its photos' signed URLs */
async function turbineWithPhotos(s: Server): Promise<{ turbineId: number; companyId: number; photoUrl: string }> {
  const turbines = await apiCall(s.app.url, '/api/turbines', { token: s.token });
  for (const t of (turbines.body as { data: { id: number; company_id: number }[] }).data) {
    const photos = await apiCall(s.app.url, `/api/turbines/${t.id}/photos?view=all`, { token: s.token });
    const first = (photos.body as { data: { url: string }[] }).data[0];
    if (first) return { turbineId: t.id, companyId: t.company_id, photoUrl: first.url };
  }
  throw new Error('the demo data has no turbine with photos');
}

async function createTurbine(s: Server, companyId: number): Promise<number> {
  const res = await apiCall(s.app.url, '/api/turbines', {
    token: s.token,
    json: { city: 'İzmir', code: unique('FAULT', 'x'), location: 'storage fault test', company_id: companyId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

const absolute = (s: Server, url: string) => (url.startsWith('/') ? `${s.app.url}${url}` : url);

/** Photos and a report, in Turkish (no header) and English: each refused with the localized 503 envelope, promptly. */
async function expectUploadsRefused(s: Server, turbineId: number): Promise<string[]> {
  const tried: string[] = [];
  for (const lang of LANGS) {
    const photoNames = [unique(`refused-${lang}-a`, 'jpg'), unique(`refused-${lang}-b`, 'jpg')];
    const reportName = unique(`refused-${lang}`, 'pdf');
    tried.push(...photoNames, reportName);
    const photos = await uploadPhotos(s, turbineId, photoNames, lang === 'en' ? 'en' : undefined);
    const report = await uploadReport(s, turbineId, reportName, lang === 'en' ? 'en' : undefined);
    for (const [what, res] of [
      ['photos', photos],
      ['report', report],
    ] as const) {
      expect(res.status, `${what} upload (${lang}): ${JSON.stringify(res.body)}\n${s.app.output().slice(-3000)}`).toBe(503);
      expect(isErrorEnvelope(res.body, 'STORAGE_UNAVAILABLE', lang), `${what} (${lang}) envelope: ${JSON.stringify(res.body)}`).toBe(true);
      expect(res.ms, `${what} (${lang}) answered in`).toBeLessThan(MAX_REFUSAL_MS);
    }
  }
  return tried;
}

/** After the storage takes writes again: photos and a report go in, and are listed. */
async function expectUploadsWork(s: Server, turbineId: number) {
  const photoNames = [unique('after-a', 'jpg'), unique('after-b', 'jpg')];
  const reportName = unique('after', 'pdf');
  const photos = await uploadPhotos(s, turbineId, photoNames, 'en');
  expect(photos.status, JSON.stringify(photos.body)).toBe(201);
  const report = await uploadReport(s, turbineId, reportName, 'en');
  expect(report.status, JSON.stringify(report.body)).toBe(201);
  const listed = await listedNames(s, turbineId);
  expect(listed.photos).toEqual(expect.arrayContaining(photoNames));
  expect(listed.reports).toContain(reportName);
  const rows = await rowNames(s, turbineId);
  expect(rows.photos).toEqual(expect.arrayContaining(photoNames));
  expect(rows.reports).toContain(reportName);
}

beforeAll(async () => {
  jpeg = await makeJpeg(800, 600);
});

describe('local folder storage (STORAGE=fs)', () => {
  let s: Server;
  let filesDir: string;

  beforeAll(async () => {
    s = await startServer();
    filesDir = path.join(s.dataDir, 'files');
  });
  afterAll(async () => {
    await s?.close();
  });

  test('a read-only files folder (EROFS): 503 STORAGE_UNAVAILABLE in tr and en, nothing registered, reads work', async () => {
    const { turbineId, photoUrl } = await turbineWithPhotos(s);
    const listedBefore = await listedNames(s, turbineId);
    const rowsBefore = await rowNames(s, turbineId);
    const filesBefore = filesUnder(filesDir);

    const block = readOnlyMount(filesDir);
    try {
      const tried = await expectUploadsRefused(s, turbineId);

      // nothing registered: the API and the database show exactly what was there, and no file was added
      expect(await listedNames(s, turbineId)).toEqual(listedBefore);
      expect(await rowNames(s, turbineId)).toEqual(rowsBefore);
      expect(filesUnder(filesDir)).toEqual(filesBefore);
      for (const name of tried) expect(JSON.stringify(await rowNames(s, turbineId))).not.toContain(name);
      // the server keeps answering reads, files included
      expect((await apiCall(s.app.url, '/api/turbines', { token: s.token })).status).toBe(200);
      const file = await fetch(absolute(s, photoUrl));
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect(processAlive(s.app.pid)).toBe(true);
    } finally {
      block.release();
    }
    await expectUploadsWork(s, turbineId);
    expect(filesUnder(path.join(filesDir, '.staging'))).toEqual([]);
  });

  test('a folder that refuses the staged files their place (EPERM at commit): 503, staging emptied, nothing registered', async () => {
    const { companyId } = await turbineWithPhotos(s);
    const turbineId = await createTurbine(s, companyId);
    const staging = path.join(filesDir, '.staging');
    mkdirSync(staging, { recursive: true });
    const turbinesDir = path.join(filesDir, 'turbines');
    // the bytes can still be staged (files/.staging is writable); the turbine's folder cannot be made in files/turbines
    const block = immutableFolder(turbinesDir);
    try {
      await expectUploadsRefused(s, turbineId);

      expect(await listedNames(s, turbineId)).toEqual({ photos: [], reports: [] });
      expect(await rowNames(s, turbineId)).toEqual({ photos: [], reports: [] });
      expect(filesUnder(staging), 'temporary files left in files/.staging').toEqual([]);
      expect(filesUnder(path.join(turbinesDir, String(turbineId)))).toEqual([]);
      expect(processAlive(s.app.pid)).toBe(true);
    } finally {
      block.release();
    }
    await expectUploadsWork(s, turbineId);
    expect(filesUnder(staging)).toEqual([]);
  });
});

describe('S3 storage (STORAGE=s3) whose server stops under the running app', () => {
  let s: Server;
  let s3: RestartableS3;

  beforeAll(async () => {
    s3 = await startRestartableS3();
    s = await startServer(s3.env);
  });
  afterAll(async () => {
    await s?.close();
    await s3?.destroy();
  });

  test('503 STORAGE_UNAVAILABLE in tr and en, nothing registered, listings work; uploads work once it is back', async () => {
    const { turbineId, photoUrl } = await turbineWithPhotos(s);
    // it works before
    const ok = await uploadPhotos(s, turbineId, [unique('before', 'jpg')]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const listedBefore = await listedNames(s, turbineId);
    const rowsBefore = await rowNames(s, turbineId);

    await s3.stop();
    try {
      await expectUploadsRefused(s, turbineId);
      expect(await listedNames(s, turbineId)).toEqual(listedBefore);
      expect(await rowNames(s, turbineId)).toEqual(rowsBefore);
      // reads that need no bytes keep working; a file itself cannot be had, and says why
      expect((await apiCall(s.app.url, '/api/turbines', { token: s.token })).status).toBe(200);
      const file = await apiCall(s.app.url, photoUrl.replace(/^https?:\/\/[^/]+/, ''), { lang: 'en' });
      expect(file.status).toBe(503);
      expect(isErrorEnvelope(file.body, 'STORAGE_UNAVAILABLE', 'en'), JSON.stringify(file.body)).toBe(true);
      expect(processAlive(s.app.pid)).toBe(true);
    } finally {
      await s3.start();
    }
    await expectUploadsWork(s, turbineId);
    expect((await fetch(absolute(s, photoUrl))).status).toBe(200);
    // no staged object and no scratch copy was left behind by the refused uploads
    const storage = createS3Storage(
      { endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      path.join(s.dataDir, 'unused'),
    );
    try {
      expect(await storage.list('.staging/')).toEqual([]);
    } finally {
      await storage.close();
    }
    // the thumbnail queue works on local copies of the new originals for a moment: they must go once it is done
    await waitFor('the scratch copies to be removed', () => filesUnder(path.join(s.dataDir, 'tmp')).length === 0, 20_000).catch(() => {});
    expect(filesUnder(path.join(s.dataDir, 'tmp'))).toEqual([]);
  });
});
