/** Rows for findings tests: photos of a given kind (drone photos take flat geometry, 360° blade photos sphere
 *  geometry) and findings with their observations, written straight to the database. */
import type { FindingStatus } from '@windscope/contract';
import { findingEvents, findingObservations, findings, photos } from '../src/db/schema.ts';
import type { UserRow } from '../src/users/presenter.ts';
import { unique } from './factories.ts';
import { DEMO, type TestApp } from './harness.ts';

export async function insertKindPhoto(
  t: TestApp,
  turbineId: number,
  uploader: UserRow,
  options: { category?: 'drone' | 'operator' | 'robot' | null; year?: number; storageKey?: string } = {},
) {
  const name = `f-${unique()}.jpg`;
  const category = options.category === undefined ? 'drone' : options.category;
  const year = options.year ?? 2026;
  const [row] = await t.app.ctx.db
    .insert(photos)
    .values({
      turbineId,
      storageKey: options.storageKey ?? `turbines/${turbineId}/${category ?? 'blade'}/${year}/A/1/${Date.now()}-1-${name}`,
      originalName: name,
      room: category ? null : 1,
      blade: 'A',
      category,
      year,
      month: 1,
      sizeBytes: 10,
      mimeType: 'image/jpeg',
      sha256: '0'.repeat(64),
      derivatives: 'ready',
      uploadedBy: uploader.id,
    })
    .returning();
  if (!row) throw new Error('photo not inserted');
  return row;
}

export const FLAT_BOX = {
  space: 'flat',
  shape: 'rectangle',
  points: [
    [0.2, 0.2],
    [0.4, 0.5],
  ],
} as const;

/** A finding with one observation per photo given (the first photo: a drone one is made when none is given). */
export async function insertFinding(
  t: TestApp,
  turbineId: number,
  author: UserRow,
  options: {
    status?: FindingStatus;
    severity?: number;
    photoIds?: number[];
    repairedBy?: number | null;
    dueDate?: string | null;
    /** the year of its photos and observations (2026 unless given) */
    year?: number;
    blade?: 'A' | 'B' | 'C';
    surface?: 'LE' | 'TE' | 'PS' | 'SS' | 'interior';
    room?: number | null;
    distance?: number | null;
    type?: string;
    lengthMm?: number | null;
  } = {},
) {
  const year = options.year ?? 2026;
  const photoIds = options.photoIds ?? [(await insertKindPhoto(t, turbineId, author, { year })).id];
  const severity = options.severity ?? 3;
  const [finding] = await t.app.ctx.db
    .insert(findings)
    .values({
      turbineId,
      blade: options.blade ?? 'A',
      surface: options.surface ?? 'LE',
      room: options.room ?? null,
      distanceFromRootM: options.distance ?? null,
      type: options.type ?? 'crack',
      lengthMm: options.lengthMm ?? null,
      severity,
      status: options.status ?? 'draft',
      createdBy: author.id,
      repairedBy: options.repairedBy ?? null,
      dueDate: options.dueDate ?? null,
      firstSeenYear: year,
      lastSeenYear: year,
      observationCount: photoIds.length,
    })
    .returning();
  if (!finding) throw new Error('finding not inserted');
  for (const photoId of photoIds) {
    await t.app.ctx.db.insert(findingObservations).values({
      findingId: finding.id,
      turbineId,
      photoId,
      geometry: FLAT_BOX,
      severity,
      year,
      lengthMm: options.lengthMm ?? null,
      createdBy: author.id,
    });
  }
  await t.app.ctx.db
    .insert(findingEvents)
    .values({ findingId: finding.id, kind: 'created', actorId: author.id, actorName: 'Test', after: {} });
  return finding;
}

/** Bearer tokens of the findings tests' cast: each role of the demo company Ege, the superadmin and Marmara's admin
 *  (another company). */
export async function signInFindingsCast(t: TestApp): Promise<Record<string, string>> {
  const cast = {
    superadmin: DEMO.superadmin,
    admin: DEMO.egeAdmin,
    manager: DEMO.egeManager,
    operator: DEMO.egeOperator,
    customer: DEMO.egeCustomer,
    viewer: DEMO.egeViewer,
    marmara: DEMO.marmaraAdmin,
  };
  const tokens: Record<string, string> = {};
  for (const [name, email] of Object.entries(cast)) tokens[name] = await t.login(email);
  return tokens;
}
