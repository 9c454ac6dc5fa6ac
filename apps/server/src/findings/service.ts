import { and, asc, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type Actor,
  allowedTransitions,
  can,
  type createFindingBodySchema,
  defaultDueDate,
  FINDING_STATUSES,
  FINDING_TRANSITIONS,
  type Finding,
  type FindingDetail,
  type FindingListQuery,
  type FindingStatus,
  type findingStatusBodySchema,
  OPEN_FINDING_STATUSES,
  todayOf,
  type updateFindingBodySchema,
} from '@windscope/contract';
import type { z } from 'zod';
import { recordAudit } from '../audit/record.ts';
import { enqueueFindingEvent } from '../webhooks/events.ts';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { findingEvents, findingObservations, findings, photos, users } from '../db/schema.ts';
import { fileSigner } from '../files/file-holders.ts';
import { AppError, badRequest, conflict, forbidden } from '../http/errors.ts';
import { type PreparedAnswer, preparedAnswer, serializedCache } from '../http/serialized-answers.ts';
import { recordSeverityChange, resolveEscalations, sendEscalationMails } from '../notifications/escalations.ts';
import { actorOf, assertRoomHeld, assertRoomOnTurbine, loadFinding, recordEvent, turbineFor, visibleStatuses, type Who } from './access.ts';
import { observationValues, observedPhoto, withEvidenceCrop } from './observations.ts';
import {
  findingColumns,
  findingFieldsOf,
  type FindingRow,
  observationColumns,
  presentEvent,
  presentFinding,
  presentObservation,
} from './presenter.ts';

type CreateInput = z.output<typeof createFindingBodySchema>;
type UpdateInput = z.output<typeof updateFindingBodySchema>;
type StatusInput = z.output<typeof findingStatusBodySchema>;

// ---------- list ----------

const SORT_COLUMNS = {
  severity: [findings.severity, 'desc'],
  due_date: [findings.dueDate, 'asc'],
  updated_at: [findings.updatedAt, 'desc'],
  created_at: [findings.createdAt, 'desc'],
  distance: [findings.distanceFromRootM, 'asc'],
  status: [
    sql`array_position(array[${sql.join(
      FINDING_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}]::text[], ${findings.status}::text)`,
    'asc',
  ],
  last_seen: [findings.lastSeenYear, 'desc'],
  blade: [findings.blade, 'asc'],
} as const;

/** The conditions of a list query: status is a comma list where 'open' means confirmed, monitoring, repair_planned;
 *  year: seen that year (one of its observations is on a photo of that year). */
export function findingFilter(query: Partial<FindingListQuery>): SQL[] {
  const conditions: SQL[] = [];
  if (query.status) {
    const statuses = new Set(query.status.split(',').flatMap((s) => (s === 'open' ? [...OPEN_FINDING_STATUSES] : [s])));
    conditions.push(inArray(findings.status, [...statuses]));
  }
  if (query.severity !== undefined) conditions.push(eq(findings.severity, query.severity));
  if (query.min_severity !== undefined) conditions.push(sql`${findings.severity} >= ${query.min_severity}`);
  if (query.blade) conditions.push(eq(findings.blade, query.blade));
  if (query.surface) conditions.push(eq(findings.surface, query.surface));
  if (query.type) conditions.push(eq(findings.type, query.type));
  if (query.year !== undefined) {
    const year = query.year;
    conditions.push(
      exists(
        sql`(select 1 from ${findingObservations} where ${findingObservations.findingId} = ${findings.id} and ${findingObservations.year} = ${year})`,
      ),
    );
  }
  return conditions;
}

export function findingOrder(query: Pick<FindingListQuery, 'sort' | 'order'>): SQL[] {
  const [column, defaultDirection] = SORT_COLUMNS[query.sort];
  const direction = query.order ?? defaultDirection;
  return [sql`${column} ${direction === 'asc' ? sql`asc` : sql`desc`} nulls last`, desc(findings.id)];
}

/** A turbine's findings the actor may see, filtered and sorted (drafts and rejected ones hidden from customers and
 *  viewers). */
async function listFindings(ctx: AppContext, actor: Actor, turbineId: number, query: FindingListQuery, now: Date): Promise<Finding[]> {
  const rows = await ctx.db
    .select(findingColumns)
    .from(findings)
    .leftJoin(users, eq(users.id, findings.createdBy))
    .where(and(eq(findings.turbineId, turbineId), visibleStatuses(actor), ...findingFilter(query)))
    .orderBy(...findingOrder(query));
  return rows.map((r) => presentFinding(r, now));
}

/** Findings listings kept serialized (and gzipped) per turbine, filters, visibility and language, for the turbine's
 *  finding version: a turbine with 5,000 findings answers 2.4 MB of JSON, about half a second of CPU to read, present,
 *  validate and serialize (bench:findings). Lists of fewer than MIN_CACHED_FINDINGS are built on every request. */
const MAX_CACHED_FINDINGS_BYTES = 32 * 1024 * 1024;
export const MIN_CACHED_FINDINGS = 200;

/** The listing's ETag after one primary-key read (which checks that the actor may see the turbine), and the answer on
 *  demand, kept or built. `overdue` follows the day, so the day is part of the version. */
export async function findingListing(
  ctx: AppContext,
  actor: Actor,
  turbineId: number,
  query: FindingListQuery,
  message: string,
): Promise<PreparedAnswer> {
  const turbine = await turbineFor(ctx, actor, turbineId, 'finding.read');
  const now = ctx.now();
  return preparedAnswer({
    cache: serializedCache(ctx, 'findings', MAX_CACHED_FINDINGS_BYTES),
    slot: JSON.stringify(['findings', turbineId, query, message, visibleStatuses(actor) ? 'public' : 'staff']),
    version: `${turbine.version}.${todayOf(now)}`,
    message,
    data: () => listFindings(ctx, actor, turbineId, query, now),
    keep: (data) => data.length >= MIN_CACHED_FINDINGS,
  });
}

// ---------- one ----------

/** The finding with its observations (oldest photo year first, crop URLs signed), its history and the statuses the
 *  actor may move it to. */
export async function getFinding(ctx: AppContext, actor: Actor, turbineId: number, findingId: number): Promise<FindingDetail> {
  const { record, resource } = await loadFinding(ctx, actor, turbineId, findingId);
  const [observationRows, eventRows] = await Promise.all([
    ctx.db
      .select(observationColumns)
      .from(findingObservations)
      .innerJoin(photos, eq(photos.id, findingObservations.photoId))
      .leftJoin(users, eq(users.id, findingObservations.createdBy))
      .where(eq(findingObservations.findingId, findingId))
      .orderBy(asc(findingObservations.year), asc(findingObservations.id)),
    ctx.db.select().from(findingEvents).where(eq(findingEvents.findingId, findingId)).orderBy(asc(findingEvents.id)),
  ]);
  const now = ctx.now();
  const signer = fileSigner(ctx);
  return {
    ...presentFinding(record, now),
    observations: observationRows.map((r) => presentObservation(r, signer)),
    events: eventRows.map(presentEvent),
    transitions: can(actor, 'finding.read', resource) ? allowedTransitions(actor, resource, now) : [],
  };
}

// ---------- create, edit ----------

/** A new draft with its first observation (and crop), and its 'created' event, all or nothing. */
export async function createFinding(ctx: AppContext, who: Who, turbineId: number, input: CreateInput): Promise<FindingDetail> {
  const turbine = await turbineFor(ctx, who.actor, turbineId, 'finding.create');
  if (input.surface === 'interior') assertRoomOnTurbine(input.room, turbine);
  const photo = await observedPhoto(ctx, who.actor, turbineId, input.observation.photo_id, input.observation.geometry);
  const now = ctx.now();
  const { id, escalation } = await withEvidenceCrop(ctx, photo, input.observation.geometry, (cropKey) =>
    ctx.db.transaction(async (tx) => {
      if (input.surface === 'interior') await assertRoomHeld(tx, turbineId, input.room);
      const [row] = await tx
        .insert(findings)
        .values({
          turbineId,
          blade: input.blade,
          surface: input.surface,
          room: input.surface === 'interior' ? (input.room ?? null) : null,
          distanceFromRootM: input.distance_from_root_m ?? null,
          type: input.type,
          severity: input.severity,
          depthClass: input.depth_class ?? null,
          lengthMm: input.length_mm ?? null,
          widthMm: input.width_mm ?? null,
          notes: input.notes || null,
          status: 'draft',
          createdBy: who.user.id,
          firstSeenYear: photo.year,
          lastSeenYear: photo.year,
          observationCount: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('finding not stored');
      const [observation] = await tx
        .insert(findingObservations)
        .values(observationValues(row.id, who, photo, input.observation, input.severity, cropKey, now))
        .returning({ id: findingObservations.id });
      await recordEvent(
        tx,
        who,
        row.id,
        'created',
        { after: { ...findingFieldsOf(row), status: row.status, observation_id: observation?.id, photo_id: photo.id } },
        now,
      );
      // the webhook event with the finding, in its transaction (DECISIONS §17); before any escalation it raises
      await enqueueFindingEvent(tx, 'finding.created', row.id, now);
      // a new finding at 4 or 5 is an escalation (issue 16)
      const escalation = await recordSeverityChange(
        tx,
        {
          findingId: row.id,
          turbineId,
          status: row.status,
          before: null,
          after: row.severity,
          actor: actorOf(who),
          at: now,
        },
        ctx.config.notifications,
      );
      return { id: row.id, escalation };
    }),
  );
  sendEscalationMails(ctx, [escalation]);
  ctx.webhooks.wake();
  return getFinding(ctx, who.actor, turbineId, id);
}

type Fields = ReturnType<typeof findingFieldsOf>;
const FIELD_COLUMNS: Record<keyof Fields, keyof FindingRow> = {
  blade: 'blade',
  surface: 'surface',
  room: 'room',
  distance_from_root_m: 'distanceFromRootM',
  type: 'type',
  severity: 'severity',
  depth_class: 'depthClass',
  length_mm: 'lengthMm',
  width_mm: 'widthMm',
  notes: 'notes',
  due_date: 'dueDate',
};

/** §12: a finding's severity is its latest sighting's, and its size follows the latest sighting that has one (issue 24
 *  item 3). An edit of either corrects that sighting too, so the timeline shows it and a later link or removal of a
 *  sighting, which recompute both from the sightings (summarizeObservations), keeps it. */
async function correctLatestSighting(tx: Transaction, findingId: number, changed: (keyof Fields)[], next: Fields) {
  const set: Partial<typeof findingObservations.$inferInsert> = {};
  if (changed.includes('severity')) set.severity = next.severity;
  if (changed.includes('length_mm')) set.lengthMm = next.length_mm;
  if (changed.includes('width_mm')) set.widthMm = next.width_mm;
  if (Object.keys(set).length === 0) return;
  const [latest] = await tx
    .select({ id: findingObservations.id })
    .from(findingObservations)
    .where(and(eq(findingObservations.findingId, findingId), eq(findingObservations.kind, 'sighting')))
    .orderBy(desc(findingObservations.year), desc(findingObservations.id))
    .limit(1);
  if (latest) await tx.update(findingObservations).set(set).where(eq(findingObservations.id, latest.id));
}

/** Changes the fields sent, from the version the edit started at: a stale version is 409, never an overwrite. The
 *  due date is the planners' (superadmin, managers). One 'updated' event with the fields before and after. */
export async function updateFinding(ctx: AppContext, who: Who, turbineId: number, findingId: number, input: UpdateInput) {
  const { row, companyId, turbine } = await loadFinding(ctx, who.actor, turbineId, findingId);
  if (!can(who.actor, 'finding.update', { companyId })) throw forbidden();
  if (input.version !== row.version) throw conflict('FINDING_STALE');
  const current = findingFieldsOf(row);
  const next: Fields = { ...current };
  for (const key of Object.keys(FIELD_COLUMNS) as (keyof Fields)[]) {
    const value = input[key];
    if (value !== undefined) (next as Record<string, unknown>)[key] = key === 'notes' ? value || null : value;
  }
  if (next.surface !== 'interior') next.room = null;
  else if (next.room == null) throw badRequest('FINDING_ROOM_REQUIRED');
  // a room kept as it was stays (the turbine's count may have been lowered since); a room set now must exist
  else if (next.room !== current.room) assertRoomOnTurbine(next.room, turbine);
  if (next.due_date !== current.due_date && !can(who.actor, 'finding.plan', { companyId })) throw forbidden();
  const changed = (Object.keys(next) as (keyof Fields)[]).filter((k) => next[k] !== current[k]);
  if (changed.length === 0) return getFinding(ctx, who.actor, turbineId, findingId);
  const now = ctx.now();
  const set: Record<string, unknown> = { version: sql`${findings.version} + 1`, updatedAt: now };
  for (const key of changed) set[FIELD_COLUMNS[key]] = next[key];
  const escalation = await ctx.db.transaction(async (tx) => {
    if (next.surface === 'interior' && next.room !== current.room) await assertRoomHeld(tx, turbineId, next.room);
    const [updated] = await tx
      .update(findings)
      .set(set)
      .where(and(eq(findings.id, findingId), eq(findings.version, input.version)))
      .returning({ id: findings.id });
    if (!updated) throw new AppError(409, 'FINDING_STALE');
    await correctLatestSighting(tx, findingId, changed, next);
    const pick = (fields: Fields) => Object.fromEntries(changed.map((k) => [k, fields[k]]));
    await recordEvent(tx, who, findingId, 'updated', { before: pick(current), after: pick(next) }, now);
    return recordSeverityChange(
      tx,
      {
        findingId,
        turbineId,
        status: row.status,
        before: current.severity,
        after: next.severity,
        actor: actorOf(who),
        at: now,
      },
      ctx.config.notifications,
    );
  });
  sendEscalationMails(ctx, [escalation]);
  return getFinding(ctx, who.actor, turbineId, findingId);
}

// ---------- status ----------

/** The statuses a webhook event tells of (DECISIONS §17). */
const STATUS_EVENTS: Partial<Record<FindingStatus, 'finding.confirmed' | 'finding.repaired' | 'finding.verified'>> = {
  confirmed: 'finding.confirmed',
  repaired: 'finding.repaired',
  verified: 'finding.verified',
};

const REFUSAL_OF: Partial<Record<string, 'FINDING_OWN_REVIEW' | 'FINDING_OWN_REPAIR_VERIFY'>> = {
  'finding.review': 'FINDING_OWN_REVIEW',
  'finding.verify': 'FINDING_OWN_REPAIR_VERIFY',
};

/** A status change as §12 allows it: the transition table, who may take it (two-person rules), a reason where one is
 *  needed, the due date on planning (from the severity unless given), repair evidence before "repaired". */
export async function changeFindingStatus(ctx: AppContext, who: Who, turbineId: number, findingId: number, input: StatusInput) {
  const { row, companyId, resource } = await loadFinding(ctx, who.actor, turbineId, findingId);
  const from = row.status as FindingStatus;
  const transition = FINDING_TRANSITIONS[from]?.[input.to];
  if (!transition) {
    // a stale request for a step someone else already took ("confirmed" twice) is stale, not a wrong step
    if (input.version !== row.version) throw conflict('FINDING_STALE');
    throw new AppError(409, 'FINDING_TRANSITION_INVALID', { from, to: input.to }, { from, to: input.to });
  }
  const now = ctx.now();
  if (!can(who.actor, transition.action, resource, now)) {
    // the role may take the step, only not on this finding: say which two-person rule refused it
    const refusal = REFUSAL_OF[transition.action];
    throw forbidden(refusal && can(who.actor, transition.action, { companyId }, now) ? refusal : 'FORBIDDEN');
  }
  if (input.version !== row.version) throw conflict('FINDING_STALE');
  const reason = input.reason?.trim() || null;
  if (transition.reason && !reason) throw badRequest('FINDING_REASON_REQUIRED');
  if (input.to === 'repaired') {
    const [evidence] = await ctx.db
      .select({ id: findingObservations.id })
      .from(findingObservations)
      .where(and(eq(findingObservations.findingId, findingId), eq(findingObservations.kind, 'repair')))
      .limit(1);
    if (!evidence) throw new AppError(409, 'FINDING_REPAIR_EVIDENCE_REQUIRED');
  }
  let dueDate = row.dueDate;
  let repairedBy = row.repairedBy;
  if (input.to === 'monitoring' || input.to === 'repair_planned') {
    dueDate = input.due_date !== undefined ? input.due_date : from === 'repaired' ? row.dueDate : defaultDueDate(row.severity, now);
  } else if (input.due_date !== undefined) throw badRequest('FINDING_DUE_DATE_INVALID');
  if (input.to === 'repaired') repairedBy = who.user.id;
  if (input.to === 'repair_planned' || input.to === 'confirmed' || input.to === 'draft') repairedBy = null;
  if (input.to === 'confirmed' || input.to === 'draft') dueDate = null;
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(findings)
      .set({ status: input.to, dueDate, repairedBy, version: sql`${findings.version} + 1`, updatedAt: now })
      .where(and(eq(findings.id, findingId), eq(findings.version, input.version), eq(findings.status, from)))
      .returning({ id: findings.id });
    if (!updated) throw new AppError(409, 'FINDING_STALE');
    // a rejected draft's alerts have nothing left to act on (issue 23)
    if (input.to === 'rejected') await resolveEscalations(tx, findingId, now);
    await recordEvent(
      tx,
      who,
      findingId,
      'status',
      {
        before: { status: from, due_date: row.dueDate, repaired_by: row.repairedBy },
        after: { status: input.to, due_date: dueDate, repaired_by: repairedBy },
        reason,
      },
      now,
    );
    await recordAudit(tx, {
      at: now,
      actor: who.actor,
      kind: 'finding_status_changed',
      companyId,
      target: { type: 'finding', id: findingId, label: `#${findingId}` },
      details: { turbine_id: turbineId, from, to: input.to, ...(reason ? { reason } : {}) },
    });
    const event = STATUS_EVENTS[input.to];
    if (event) await enqueueFindingEvent(tx, event, findingId, now, { previous_status: from });
  });
  ctx.webhooks.wake();
  return getFinding(ctx, who.actor, turbineId, findingId);
}

// ---------- delete ----------

/** A draft by its author or a manager; anything by superadmin (§12). Rows cascade (observations, events); the crops
 *  are deleted inside the transaction, so a storage failure keeps both. */
export async function deleteFinding(ctx: AppContext, who: Who, turbineId: number, findingId: number) {
  const { resource } = await loadFinding(ctx, who.actor, turbineId, findingId);
  const now = ctx.now();
  if (!can(who.actor, 'finding.delete', resource, now)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const crops = await tx
      .select({ key: findingObservations.cropKey })
      .from(findingObservations)
      .where(eq(findingObservations.findingId, findingId));
    // its webhook event with the finding as it was, in the deletion's transaction (issue 26)
    await enqueueFindingEvent(tx, 'finding.deleted', findingId, now);
    await tx.delete(findings).where(eq(findings.id, findingId));
    for (const { key } of crops) if (key) await ctx.storage.delete(key);
  });
  ctx.webhooks.wake();
}
