/**
 * Property-based fuzzing of the two upload routes (issue 7 item 4): multipart bodies whose text fields come from the
 * contract's upload field schemas (fuzz-arbitraries.ts), with random file names (paths, NUL, very long, Unicode,
 * empty), random bytes, tiny real images, a pixel bomb, missing and duplicated fields, fields after the files,
 * non-file parts, empty and broken multipart (truncated, wrong or missing boundary, LF line ends), sent as the
 * superadmin, an operator, a viewer and anonymously, to the own company's turbine, another company's, and non-ids.
 * For every request:
 *   - never a 5xx; every 4xx is the error envelope;
 *   - refused: no table changed and no file on disk (staging included) was added or removed;
 *   - accepted (201): the answer is the contract's upload response; only the photos/reports table changed, by exactly
 *     the rows answered; every new file on disk belongs to one of them (nothing of the refused files is left); each
 *     stored name is a safe file name.
 * Afterwards every photo and report reads back through the API as the contract describes, and its files exist.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isSafeFileName,
  photoSchema,
  photoUploadFieldsSchema,
  photoUploadResponseSchema,
  reportSchema,
  reportUploadFieldsSchema,
  reportUploadResponseSchema,
} from '@windscope/contract';
import { expectErrorEnvelope } from './expectations.ts';
import { insertTurbine, userByEmail } from './factories.ts';
import { type FuzzActor as ActorName, fuzzSetup } from './fuzz-actors.ts';
import {
  BAD_ID_TEXT,
  checkProperty,
  type KnownValues,
  languageHeaders,
  multipartBodies,
  percentEncode,
  type SampleFile,
  statusTally,
} from './fuzz-arbitraries.ts';
import { createTestApp, DEMO, type TestApp } from './harness.ts';
import { makeJpeg, makePcd, makePdf, makePng, makeTiff, makeWebp, pngDeclaring, storedKeys } from './uploads.ts';

const RUNS_PER_ROUTE = 150;

let t: TestApp;
/** the database's checksums, taken again only when something was written */
let fingerprint: () => Promise<Record<string, string>>;
let tokens: Map<ActorName, string | null>;
const turbines = { own: 0, other: 0 };
let samples: SampleFile[];
let known: KnownValues;

beforeAll(async () => {
  // no background thumbnail queue: its updates would land between a request and the checksums taken around it
  t = await createTestApp({ config: { derivativeWorkers: 0 } });
  ({ fingerprint, tokens } = await fuzzSetup(t));
  const operator = await userByEmail(t, DEMO.egeOperator);
  const marmara = await userByEmail(t, DEMO.marmaraOperator);
  turbines.own = (await insertTurbine(t, operator.companyId, { rooms: 4 })).id;
  turbines.other = (await insertTurbine(t, marmara.companyId)).id;
  const jpeg = await makeJpeg(16, 12);
  samples = [
    { label: 'jpeg', bytes: jpeg, type: 'image/jpeg' },
    { label: 'png', bytes: await makePng(8, 8), type: 'image/png' },
    { label: 'webp', bytes: await makeWebp(8, 8), type: 'image/webp' },
    { label: 'tiff', bytes: await makeTiff(8, 8), type: 'image/tiff' },
    { label: 'pcd', bytes: makePcd(2), type: 'application/octet-stream' },
    { label: 'pdf', bytes: makePdf(), type: 'application/pdf' },
    { label: 'half a jpeg', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), type: 'image/jpeg' },
    { label: 'jpeg header only', bytes: jpeg.subarray(0, 4), type: 'image/jpeg' },
    { label: 'pixel bomb', bytes: pngDeclaring(60_000, 60_000), type: 'image/png' },
    { label: 'empty', bytes: Buffer.alloc(0), type: 'image/jpeg' },
    { label: 'html', bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'text/html' },
    { label: 'svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), type: 'image/svg+xml' },
    { label: '%PDF then junk', bytes: Buffer.from('%PDF-1.4\n\u0000\u0001junk'), type: 'application/pdf' },
    { label: 'a multipart boundary inside', bytes: Buffer.from('\r\n------fuzz0--\r\n'), type: 'application/octet-stream' },
    ...[1, 17, 300].map((n) => ({
      label: `${n} random bytes`,
      bytes: Buffer.from(Array.from({ length: n }, (_, i) => (i * 131 + n) % 256)),
      type: 'application/octet-stream',
    })),
  ];
  known = { numbers: [t.clock.now().getFullYear(), t.clock.now().getFullYear() - 1, 1, 2, 3], strings: ['A', 'B', 'C', 'drone', 'robot'] };
});
afterAll(async () => {
  await t?.close();
});
const tally = statusTally();
afterAll(() => tally.print());

/** Every file under the storage folder, staging included (the test app's DATA_DIR/files is a real folder); with
 *  TEST_STORAGE=s3, every object of the bucket. */
async function storedFiles(): Promise<string[]> {
  return t.s3 ? (await storedKeys(t)).sort() : filesOnDisk();
}

function filesOnDisk(): string[] {
  const root = path.join(t.dataDir, 'files');
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

const UPLOADS = [
  {
    key: 'POST /api/turbines/:id/photos',
    path: 'photos',
    table: 'photos',
    fields: photoUploadFieldsSchema,
    validFields: (year: number): Record<string, string> => ({ room: '1', year: String(year), blade: 'A' }),
    fileField: 'photos',
    usableSamples: 5, // jpeg png webp tiff pcd
    extensions: ['.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff', '.pcd'],
    response: photoUploadResponseSchema,
  },
  {
    key: 'POST /api/turbines/:id/reports',
    path: 'reports',
    table: 'reports',
    fields: reportUploadFieldsSchema,
    validFields: (year: number): Record<string, string> => ({ year: String(year) }),
    fileField: 'reports',
    usableSamples: 1,
    extensions: ['.pdf'],
    response: reportUploadResponseSchema,
  },
] as const;

describe('fuzzing the uploads', () => {
  it('covers every multipart route the app registers', () => {
    const multipart = t.app.apiRoutes
      .filter((r) => r.method === 'POST' && /\/(photos|reports)$/.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(multipart.sort()).toEqual(UPLOADS.map((u) => u.key).sort());
  });

  it.each(UPLOADS)('$key', async (upload) => {
    // the text fields are generated from the contract's schema for them; the schema the route registers has no body
    const requests = fc.record({
      actor: fc.constantFrom<ActorName>(
        'superadmin',
        'superadmin',
        'superadmin',
        'operator',
        'operator',
        'operator',
        'viewer',
        'anonymous',
      ),
      turbine: fc.oneof(
        { weight: 10, arbitrary: fc.constant(String(turbines.own)) },
        { weight: 2, arbitrary: fc.constant(String(turbines.other)) },
        { weight: 1, arbitrary: fc.constantFrom(...BAD_ID_TEXT) },
      ),
      body: multipartBodies({
        samples: upload.table === 'reports' ? [...samples.filter((x) => x.label === 'pdf'), ...samples] : samples,
        fieldsSchema: upload.fields,
        validFields: upload.validFields(t.clock.now().getFullYear()),
        fileField: upload.fileField,
        known,
        extensions: [...upload.extensions],
        usableSamples: upload.usableSamples,
      }),
      headers: languageHeaders,
    });
    let before = await fingerprint();
    let filesBefore = await storedFiles();

    await checkProperty(
      upload.key,
      requests,
      async (req) => {
        const url = `/api/turbines/${percentEncode(req.turbine)}/${upload.path}`;
        const label = `${upload.key} as ${req.actor} on ${JSON.stringify(req.turbine).slice(0, 40)} [${req.body.label.slice(0, 400)}]`;
        const res = await t.call(tokens.get(req.actor) ?? null, {
          method: 'POST',
          url,
          payload: req.body.payload,
          headers: { ...req.headers, 'content-type': req.body.contentType },
        });
        tally.add(upload.key, res);
        expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        const after = await fingerprint();
        const filesAfter = await storedFiles();

        if (res.statusCode >= 400) {
          expectErrorEnvelope(res, `${label} -> ${res.statusCode}`);
          expect(after, `${label}: a refused upload wrote to the database`).toEqual(before);
          expect(filesAfter, `${label}: a refused upload changed the files on disk`).toEqual(filesBefore);
        } else {
          expect(res.statusCode, label).toBe(201);
          const parsed = upload.response.safeParse(res.json());
          expect(parsed.success, `${label}: ${parsed.error?.message ?? ''}`).toBe(true);
          const answer = res.json() as { data: Record<string, unknown>[]; rejected: { name: string; message: string }[] };
          expect(answer.data.length, label).toBeGreaterThan(0);
          for (const rejected of answer.rejected) expect(rejected.message.trim().length, label).toBeGreaterThan(0);
          // only the upload's own table changed, by the rows answered, and the audit log by one row each (DECISIONS
          // §17; and, for photos, the turbine's photo_count and photo_version and with them the turbine list's version,
          // kept by triggers)
          const mayChange = [...(upload.table === 'photos' ? ['photos', 'turbines', 'list_versions'] : [upload.table]), 'audit_log'];
          for (const table of Object.keys(before)) {
            if (!mayChange.includes(table)) expect(after[table], `${label}: table ${table} changed`).toBe(before[table]);
          }
          const count = (fp: Record<string, string>, table: string) => Number(fp[table]?.split(':')[0] ?? 0);
          expect(count(after, upload.table) - count(before, upload.table), label).toBe(answer.data.length);
          expect(count(after, 'audit_log') - count(before, 'audit_log'), `${label}: audit rows`).toBe(answer.data.length);
          // every new file belongs to a stored row; nothing of a refused file, nothing left in staging
          const added = filesAfter.filter((f) => !filesBefore.includes(f));
          const storedNames = answer.data.map((row) => String(upload.table === 'photos' ? row.originalName : row.original_filename));
          for (const name of storedNames)
            expect(isSafeFileName(name), `${label}: stored the unsafe name ${JSON.stringify(name)}`).toBe(true);
          const storedKeys =
            upload.table === 'photos' ? answer.data.map((row) => String(row.key)) : answer.data.map((row) => String(row.stored_filename));
          for (const file of added) {
            expect(file.startsWith('.staging/'), `${label}: left ${file} in staging`).toBe(false);
            const belongs = storedKeys.some((k) =>
              upload.table === 'photos' ? file === k || file.startsWith(`${k}.`) : file.endsWith(`/${k}`),
            );
            expect(belongs, `${label}: ${file} on disk belongs to no stored row`).toBe(true);
          }
          expect(filesAfter.filter((f) => filesBefore.includes(f)).length, `${label}: files went missing`).toBe(filesBefore.length);
        }
        before = after;
        filesBefore = filesAfter;
      },
      { runs: RUNS_PER_ROUTE },
    );
  });

  it('leaves only photos and reports that read back as the contract describes, with their files', async () => {
    const token = tokens.get('superadmin') ?? null;
    const onDisk = new Set(await storedFiles());
    for (const turbine of [turbines.own, turbines.other]) {
      const photos = await t.call(token, { method: 'GET', url: `/api/turbines/${turbine}/photos?view=all` });
      expect(photos.statusCode).toBe(200);
      for (const row of photos.json().data as unknown[]) {
        const photo = photoSchema.parse(row);
        expect(isSafeFileName(photo.originalName)).toBe(true);
        expect(onDisk.has(photo.key), `${photo.key} is not on disk`).toBe(true);
      }
      const reports = await t.call(token, { method: 'GET', url: `/api/turbines/${turbine}/reports` });
      expect(reports.statusCode).toBe(200);
      for (const row of reports.json().data as unknown[]) {
        const report = reportSchema.parse(row);
        expect(isSafeFileName(report.original_filename)).toBe(true);
        expect(
          [...onDisk].some((f) => f.endsWith(`/${report.stored_filename}`)),
          `${report.stored_filename} is not on disk`,
        ).toBe(true);
      }
    }
    expect([...onDisk].filter((f) => f.startsWith('.staging/'))).toEqual([]);
  });
});
