import { and, desc, eq, sql } from 'drizzle-orm';
import { type Actor, can, type Geometry, type observationBodySchema, type PhotoFinding } from '@windscope/contract';
import type { z } from 'zod';
import { companyScope } from '../access/scope.ts';
import type { AppContext } from '../context.ts';
import type { Database, Transaction } from '../db/client.ts';
import { findingObservations, findings, photos, turbines } from '../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { preparedAnswer, type SerializedAnswer, serializedCache } from '../http/serialized-answers.ts';
import { oncePer } from '../lib/once-per.ts';
import { mediaKindOfMime, MEDIA_KINDS } from '../media/media-types.ts';
import { storedFileName, turbinePrefix } from '../uploads/storage-keys.ts';
import { recordSeverityChange, sendEscalationMails } from '../notifications/escalations.ts';
import { actorOf, loadFinding, recordEvent, turbineFor, visibleStatuses, type Who } from './access.ts';
import { cutEvidenceCrop } from './evidence-crop.ts';

type ObservationInput = z.output<typeof observationBodySchema>;
type PhotoRow = typeof photos.$inferSelect;

/** The photo an observation points to: another company's is "not found" (404); one of another turbine of the
 *  actor's company is a 400; a 360° panorama (a blade photo without category) takes sphere geometry, any other
 *  photo flat geometry; a point cloud none. */
export async function observedPhoto(ctx: AppContext, actor: Actor, turbineId: number, photoId: number, geometry: Geometry) {
  const [row] = await ctx.db
    .select({ photo: photos })
    .from(photos)
    .innerJoin(turbines, eq(turbines.id, photos.turbineId))
    .where(and(eq(photos.id, photoId), companyScope(actor, turbines.companyId)))
    .limit(1);
  if (!row) throw notFound('PHOTO_NOT_FOUND');
  const photo = row.photo;
  if (photo.turbineId !== turbineId) throw badRequest('FINDING_PHOTO_OTHER_TURBINE');
  const kind = mediaKindOfMime(photo.mimeType);
  if (!kind || !MEDIA_KINDS[kind].image) throw badRequest('FINDING_PHOTO_NOT_IMAGE');
  const panorama = photo.category === null;
  if ((geometry.space === 'panorama') !== panorama) throw badRequest('FINDING_GEOMETRY_SPACE');
  return photo;
}

/** Cuts and stores the evidence crop before any row is written; the caller deletes it if its transaction fails.
 *  A photo that no longer decodes keeps the observation without a crop. */
export async function storeEvidenceCrop(ctx: AppContext, photo: PhotoRow, geometry: Geometry): Promise<string | null> {
  const local = await ctx.storage.openLocal(photo.storageKey);
  if (!local) return null;
  let crop: Buffer;
  try {
    crop = await cutEvidenceCrop(local.path, geometry, ctx.config.limits.maxMegapixels);
  } catch {
    return null;
  } finally {
    await local.release();
  }
  const key = `${turbinePrefix(photo.turbineId)}findings/${storedFileName(ctx.now(), 'crop.webp')}`;
  await ctx.storage.writeBuffer(key, crop, { contentType: 'image/webp' });
  return key;
}

/** Runs `write` (the rows) after the crop is stored; a failed write removes the crop again. */
export async function withEvidenceCrop<T>(
  ctx: AppContext,
  photo: PhotoRow,
  geometry: Geometry,
  write: (cropKey: string | null) => Promise<T>,
) {
  const cropKey = await storeEvidenceCrop(ctx, photo, geometry);
  try {
    return await write(cropKey);
  } catch (error) {
    if (cropKey) await ctx.storage.delete(cropKey).catch(() => {});
    throw error;
  }
}

export function observationValues(
  findingId: number,
  who: Who,
  photo: PhotoRow,
  input: ObservationInput,
  severity: number,
  cropKey: string | null,
  at: Date,
) {
  return {
    findingId,
    turbineId: photo.turbineId,
    photoId: photo.id,
    kind: input.kind,
    geometry: input.geometry,
    severity,
    lengthMm: input.length_mm ?? null,
    widthMm: input.width_mm ?? null,
    notes: input.notes || null,
    year: photo.year,
    cropKey,
    createdBy: who.user.id,
    createdAt: at,
  };
}

const observationSummary = (o: { id: number; photoId: number; kind: string; severity: number; year: number }) => ({
  observation_id: o.id,
  photo_id: o.photoId,
  kind: o.kind,
  severity: o.severity,
  year: o.year,
});

/** What a finding's observations say about it, after its sightings changed (linked in, removed): how many, the years
 *  it was seen, its severity (§12: the latest sighting's; `severity` when it has none) and its size, which follows the
 *  latest sighting that has one (issue 24 item 3: a linked finding showed the latest severity beside the oldest
 *  size; null when no sighting has a size, so the finding keeps its own). Years come from the sightings, or from the
 *  repair evidence when no sighting is left. */
export async function summarizeObservations(tx: Transaction | Database, findingId: number, severity: number) {
  const all = await tx
    .select({
      year: findingObservations.year,
      severity: findingObservations.severity,
      kind: findingObservations.kind,
      lengthMm: findingObservations.lengthMm,
      widthMm: findingObservations.widthMm,
    })
    .from(findingObservations)
    .where(eq(findingObservations.findingId, findingId))
    .orderBy(desc(findingObservations.year), desc(findingObservations.id));
  const sightings = all.filter((o) => o.kind === 'sighting');
  const years = (sightings.length ? sightings : all).map((o) => o.year);
  const sized = sightings.find((o) => o.lengthMm !== null || o.widthMm !== null);
  return {
    observationCount: all.length,
    firstSeenYear: Math.min(...years),
    lastSeenYear: Math.max(...years),
    severity: sightings[0]?.severity ?? severity,
    size: sized ? { lengthMm: sized.lengthMm, widthMm: sized.widthMm } : null,
  };
}

/** Another sighting (or repair evidence) on a photo of the same turbine. A sighting at least as recent as the last
 *  one sets the finding's severity (§12: the finding's severity is its latest observation's). */
export async function addObservation(ctx: AppContext, who: Who, turbineId: number, findingId: number, input: ObservationInput) {
  const { row, companyId } = await loadFinding(ctx, who.actor, turbineId, findingId);
  if (!can(who.actor, 'finding.update', { companyId })) throw forbidden();
  const photo = await observedPhoto(ctx, who.actor, turbineId, input.photo_id, input.geometry);
  const severity = input.severity ?? row.severity;
  const now = ctx.now();
  const { observation, escalation } = await withEvidenceCrop(ctx, photo, input.geometry, (cropKey) =>
    ctx.db.transaction(async (tx) => {
      const [observation] = await tx
        .insert(findingObservations)
        .values(observationValues(findingId, who, photo, input, severity, cropKey, now))
        .returning();
      if (!observation) throw new Error('observation not stored');
      const latest = input.kind === 'sighting' && photo.year >= row.lastSeenYear;
      const sightingYears = input.kind === 'sighting';
      await tx
        .update(findings)
        .set({
          observationCount: sql`${findings.observationCount} + 1`,
          firstSeenYear: sightingYears ? Math.min(row.firstSeenYear, photo.year) : row.firstSeenYear,
          lastSeenYear: sightingYears ? Math.max(row.lastSeenYear, photo.year) : row.lastSeenYear,
          severity: latest ? severity : row.severity,
          // the size follows the latest sighting that has one (issue 24 item 3)
          ...(latest && (observation.lengthMm !== null || observation.widthMm !== null)
            ? { lengthMm: observation.lengthMm, widthMm: observation.widthMm }
            : {}),
          version: sql`${findings.version} + 1`,
          updatedAt: now,
        })
        .where(eq(findings.id, findingId));
      await recordEvent(
        tx,
        who,
        findingId,
        'observation_added',
        {
          before: latest && severity !== row.severity ? { severity: row.severity } : null,
          after: { ...observationSummary(observation), ...(latest ? { finding_severity: severity } : {}) },
        },
        now,
      );
      // only a sighting that becomes the latest moves the severity: an older one added later raises nothing (issue 16)
      const escalation = await recordSeverityChange(
        tx,
        {
          findingId,
          turbineId,
          status: row.status,
          before: row.severity,
          after: latest ? severity : row.severity,
          actor: actorOf(who),
          at: now,
        },
        ctx.config.notifications,
      );
      return { observation, escalation };
    }),
  );
  sendEscalationMails(ctx, [escalation]);
  return observation;
}

/** Repair evidence of a finding in these statuses is what "repaired" and "verified" rest on: it stays (409). */
const REPAIR_EVIDENCE_KEPT = new Set(['repaired', 'verified']);

/** Removes one observation (never the last: the finding would show nothing; never a repaired or verified finding's
 *  repair evidence) and its crop. `version`, when given, must be the finding's current one. The row goes in a
 *  transaction that commits only once the crop is deleted. */
export async function removeObservation(
  ctx: AppContext,
  who: Who,
  turbineId: number,
  findingId: number,
  observationId: number,
  version?: number,
) {
  const { row, companyId } = await loadFinding(ctx, who.actor, turbineId, findingId);
  if (!can(who.actor, 'finding.update', { companyId })) throw forbidden();
  if (version !== undefined && version !== row.version) throw conflict('FINDING_STALE');
  const [observation] = await ctx.db
    .select()
    .from(findingObservations)
    .where(and(eq(findingObservations.id, observationId), eq(findingObservations.findingId, findingId)))
    .limit(1);
  if (!observation) throw notFound('FINDING_OBSERVATION_NOT_FOUND');
  if (row.observationCount <= 1) throw conflict('FINDING_LAST_OBSERVATION');
  // the evidence a repair was accepted on stays while the finding says repaired or verified (issue 23): the update
  // below is conditioned on the version read here, so a status change in between makes it stale, never a gap
  if (observation.kind === 'repair' && REPAIR_EVIDENCE_KEPT.has(row.status)) throw conflict('FINDING_REPAIR_EVIDENCE_KEPT');
  const now = ctx.now();
  const escalation = await ctx.db.transaction(async (tx) => {
    await tx.delete(findingObservations).where(eq(findingObservations.id, observationId));
    const rest = await summarizeObservations(tx, findingId, row.severity);
    const severity = rest.severity;
    const [updated] = await tx
      .update(findings)
      .set({
        observationCount: rest.observationCount,
        firstSeenYear: rest.firstSeenYear,
        lastSeenYear: rest.lastSeenYear,
        severity,
        ...(rest.size ?? {}),
        version: sql`${findings.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(findings.id, findingId), eq(findings.version, row.version)))
      .returning({ id: findings.id });
    if (!updated) throw new AppError(409, 'FINDING_STALE');
    await recordEvent(tx, who, findingId, 'observation_removed', { before: observationSummary(observation) }, now);
    if (observation.cropKey) await ctx.storage.delete(observation.cropKey);
    // removing the latest sighting can leave an earlier, worse one as the latest
    return recordSeverityChange(
      tx,
      {
        findingId,
        turbineId,
        status: row.status,
        before: row.severity,
        after: severity,
        actor: actorOf(who),
        at: now,
      },
      ctx.config.notifications,
    );
  });
  sendEscalationMails(ctx, [escalation]);
}

/** The shapes drawn on one photo, for overlays: one prepared, indexed query (finding_observations_photo_idx) after
 *  the turbine's scoped primary-key read. */
const photoFindingsQuery = oncePer((db: Database) => {
  const select = {
    observation_id: findingObservations.id,
    finding_id: findingObservations.findingId,
    kind: findingObservations.kind,
    geometry: findingObservations.geometry,
    observation_severity: findingObservations.severity,
    type: findings.type,
    severity: findings.severity,
    status: findings.status,
  };
  const base = (staffOnly: boolean) =>
    db
      .select(select)
      .from(findingObservations)
      .innerJoin(findings, eq(findings.id, findingObservations.findingId))
      .where(
        and(
          eq(findingObservations.photoId, sql.placeholder('photoId')),
          eq(findingObservations.turbineId, sql.placeholder('turbineId')),
          staffOnly ? undefined : sql`${findings.status} not in ('draft', 'rejected')`,
        ),
      )
      .orderBy(findingObservations.id);
  const photoOfTurbine = db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.id, sql.placeholder('photoId')), eq(photos.turbineId, sql.placeholder('turbineId'))))
    .prepare('photo_of_turbine');
  return { staff: base(true).prepare('findings_of_photo_staff'), public: base(false).prepare('findings_of_photo_public'), photoOfTurbine };
});

/** Overlays kept serialized per photo and visibility, for the turbine's finding version (any change to its findings or
 *  observations moves it): a hit costs the turbine's primary-key read and nothing else. Only photos with shapes are
 *  kept (an empty answer also checks that the photo exists, and photos without findings may be deleted). */
const MAX_CACHED_OVERLAY_BYTES = 16 * 1024 * 1024;

/** The findings drawn on one photo, serialized: kept, or read (one prepared, indexed query) and kept. */
export async function findingsOfPhoto(ctx: AppContext, actor: Actor, turbineId: number, photoId: number): Promise<SerializedAnswer> {
  const turbine = await turbineFor(ctx, actor, turbineId, 'finding.read');
  const visibility = visibleStatuses(actor) ? 'public' : 'staff';
  return preparedAnswer({
    cache: serializedCache(ctx, 'photo-findings', MAX_CACHED_OVERLAY_BYTES),
    slot: `${turbineId}.${photoId}.${visibility}`,
    version: turbine.version,
    message: undefined,
    data: async () => {
      const queries = photoFindingsQuery(ctx.db);
      const rows = (await queries[visibility].execute({ photoId, turbineId })) as PhotoFinding[];
      // nothing drawn: say whether the photo is there at all (a primary-key read)
      if (rows.length === 0 && (await queries.photoOfTurbine.execute({ photoId, turbineId })).length === 0)
        throw notFound('PHOTO_NOT_FOUND');
      return rows;
    },
    keep: (rows) => rows.length > 0,
  }).build();
}

/** Photo delete (§12): refused while an observation points to the photo, naming the findings. */
export async function assertPhotoNotObserved(db: Database, photoId: number) {
  const rows = await db
    .selectDistinct({ findingId: findingObservations.findingId })
    .from(findingObservations)
    .where(eq(findingObservations.photoId, photoId))
    .orderBy(findingObservations.findingId);
  if (rows.length) throw conflict('PHOTO_HAS_FINDINGS', { findings: rows.map((r) => `#${r.findingId}`).join(', ') });
}
