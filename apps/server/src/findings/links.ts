import { and, asc, desc, eq, inArray, ne, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Actor,
  can,
  compareLinkSuggestions,
  LINK_DISTANCE_TOLERANCE_M,
  LINK_SUGGESTIONS_MAX,
  type LinkReviewItem,
  type LinkSuggestion,
  type linkFindingBodySchema,
  type linkPlacementBodySchema,
} from '@windscope/contract';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { findingEscalations, findingEvents, findingLinkDismissals, findingObservations, findings, users } from '../db/schema.ts';
import { fileHolderKey, fileSigner } from '../files/file-holders.ts';
import { signFileUrl } from '../files/signed-urls.ts';
import { AppError, badRequest, conflict, forbidden } from '../http/errors.ts';
import { preparedAnswer, type SerializedAnswer, serializedCache } from '../http/serialized-answers.ts';
import { recordSeverityChange, resolveEscalations, sendEscalationMails } from '../notifications/escalations.ts';
import { enqueueFindingEvent, moveFindingEvents } from '../webhooks/events.ts';
import { actorOf, type LoadedFinding, loadFinding, recordEvent, turbineFor, visibleStatuses, type Who } from './access.ts';
import { summarizeObservations } from './observations.ts';
import { findingColumns, findingFieldsOf, presentEvent, presentFinding } from './presenter.ts';

/** Linking a later sighting to an earlier finding of the same place (issue 16, DECISIONS §12). A finding whose
 *  sightings are all of one year is "unlinked"; earlier findings of the same turbine, blade and surface (same room
 *  inside), within ±1 m of distance from the root and last seen in an earlier year are suggested, the same type
 *  first, then the nearest. Linking moves the later finding's observations into the earlier one and removes the
 *  later finding; its whole history is kept in the earlier finding's 'linked' event. Only an earlier finding can be
 *  a target, so a link can never make a cycle. */

type Placement = z.output<typeof linkPlacementBodySchema>;
type LinkInput = z.output<typeof linkFindingBodySchema>;

const latestCropKey = sql<string | null>`(select ${findingObservations.cropKey} from ${findingObservations}
  where ${findingObservations.findingId} = ${findings.id} and ${findingObservations.kind} = 'sighting'
  order by ${findingObservations.year} desc, ${findingObservations.id} desc limit 1)`;

/** The place condition on `findings` (the candidates): same blade and surface (and room inside), ±1 m. */
function samePlace(turbineId: number, p: Placement): SQL[] {
  return [
    eq(findings.turbineId, turbineId),
    eq(findings.blade, p.blade),
    eq(findings.surface, p.surface),
    ...(p.surface === 'interior' ? [eq(findings.room, p.room ?? -1)] : []),
    sql`${findings.distanceFromRootM} between ${p.distance_from_root_m - LINK_DISTANCE_TOLERANCE_M} and ${p.distance_from_root_m + LINK_DISTANCE_TOLERANCE_M}`,
    sql`${findings.lastSeenYear} < ${p.year}`,
    ne(findings.status, 'rejected'),
  ];
}

/** Earlier findings for a placement, best first (index findings_place_idx: one range of the turbine's place). */
async function suggestionsFor(ctx: AppContext, actor: Actor, turbineId: number, p: Placement, exclude?: number): Promise<LinkSuggestion[]> {
  const conditions = [...samePlace(turbineId, p), visibleStatuses(actor)];
  if (exclude !== undefined) {
    conditions.push(
      ne(findings.id, exclude),
      notExists(
        ctx.db
          .select({ one: sql`1` })
          .from(findingLinkDismissals)
          .where(and(eq(findingLinkDismissals.findingId, exclude), eq(findingLinkDismissals.targetId, findings.id))),
      ),
    );
  }
  const rows = await ctx.db
    .select({ ...findingColumns, cropKey: latestCropKey })
    .from(findings)
    .leftJoin(users, eq(users.id, findings.createdBy))
    .where(and(...conditions))
    .orderBy(
      sql`(${findings.type} = ${p.type}) desc`,
      sql`abs(${findings.distanceFromRootM} - ${p.distance_from_root_m}) asc`,
      desc(findings.lastSeenYear),
      desc(findings.id),
    )
    .limit(LINK_SUGGESTIONS_MAX);
  return present(ctx, rows, p);
}

function present(
  ctx: AppContext,
  rows: { finding: typeof findings.$inferSelect; authorName: string | null; cropKey: string | null }[],
  p: { type: string; distance_from_root_m: number },
): LinkSuggestion[] {
  const now = ctx.now();
  const { secret, expires, holder } = fileSigner(ctx);
  return rows
    .map((r) => ({
      finding: presentFinding(r, now),
      distance_delta_m: Math.round(Math.abs((r.finding.distanceFromRootM ?? 0) - p.distance_from_root_m) * 1000) / 1000,
      same_type: r.finding.type === p.type,
      crop_url: r.cropKey ? signFileUrl(secret, { key: r.cropKey, kind: 'webp', expires, download: false, holder }) : null,
    }))
    .sort((a, b) =>
      compareLinkSuggestions(
        { ...a, last_seen_year: a.finding.last_seen_year, id: a.finding.id },
        { ...b, last_seen_year: b.finding.last_seen_year, id: b.finding.id },
      ),
    );
}

/** The placement of a finding, when it is unlinked (all sightings of one year) and has a distance from the root. */
function placementOf(f: typeof findings.$inferSelect): Placement | null {
  if (f.firstSeenYear !== f.lastSeenYear || f.distanceFromRootM === null) return null;
  return {
    blade: f.blade as Placement['blade'],
    surface: f.surface as Placement['surface'],
    room: f.room,
    distance_from_root_m: f.distanceFromRootM,
    type: f.type as Placement['type'],
    year: f.firstSeenYear,
  };
}

/** GET …/findings/{id}/link-suggestions */
export async function findingLinkSuggestions(ctx: AppContext, actor: Actor, turbineId: number, findingId: number) {
  const { row, companyId } = await loadFinding(ctx, actor, turbineId, findingId);
  if (!can(actor, 'finding.link', { companyId })) throw forbidden();
  const placement = placementOf(row);
  return placement ? suggestionsFor(ctx, actor, turbineId, placement, findingId) : [];
}

/** Suggestion answers kept serialized per finding, for the turbine's finding version (any change to its findings,
 *  a dismissal included, moves it) and the crop URLs' expiry window: a hit costs the turbine's primary-key read. */
const MAX_CACHED_SUGGESTION_BYTES = 8 * 1024 * 1024;

/** GET …/findings/{id}/link-suggestions, serialized: kept, or read and kept. */
export async function findingLinkSuggestionsAnswer(
  ctx: AppContext,
  actor: Actor,
  turbineId: number,
  findingId: number,
): Promise<SerializedAnswer> {
  const turbine = await turbineFor(ctx, actor, turbineId, 'finding.read');
  if (!can(actor, 'finding.link', { companyId: turbine.companyId })) throw forbidden();
  const signer = fileSigner(ctx);
  return preparedAnswer({
    cache: serializedCache(ctx, 'link-suggestions', MAX_CACHED_SUGGESTION_BYTES),
    // crop URLs are the holder's and expire: one entry per holder and URL window
    slot: `${turbineId}.${findingId}.${fileHolderKey(signer)}`,
    version: `${turbine.version}.${signer.expires}`,
    message: undefined,
    data: () => findingLinkSuggestions(ctx, actor, turbineId, findingId),
  }).build();
}

/** POST …/turbines/{id}/findings/suggestions: for the placement being drawn (nothing stored yet). */
export async function placementLinkSuggestions(ctx: AppContext, actor: Actor, turbineId: number, placement: Placement) {
  const turbine = await turbineFor(ctx, actor, turbineId, 'finding.read');
  if (!can(actor, 'finding.link', { companyId: turbine.companyId })) throw forbidden();
  return suggestionsFor(ctx, actor, turbineId, placement);
}

/** GET …/turbines/{id}/findings/link-review?year=: every unlinked finding first seen that year that has suggestions,
 *  with them (one join over findings_place_idx, not a query per finding). */
export async function linkReview(ctx: AppContext, actor: Actor, turbineId: number, year: number): Promise<LinkReviewItem[]> {
  const turbine = await turbineFor(ctx, actor, turbineId, 'finding.read');
  if (!can(actor, 'finding.link', { companyId: turbine.companyId })) throw forbidden();
  const source = alias(findings, 'link_source');
  const pairs = await ctx.db
    .select({
      ...findingColumns,
      cropKey: latestCropKey,
      sourceId: source.id,
      sourceDistance: source.distanceFromRootM,
      sourceType: source.type,
    })
    .from(source)
    .innerJoin(
      findings,
      and(
        eq(findings.turbineId, source.turbineId),
        eq(findings.blade, source.blade),
        eq(findings.surface, source.surface),
        sql`(${source.surface} <> 'interior' or ${findings.room} = ${source.room})`,
        sql`${findings.distanceFromRootM} between ${source.distanceFromRootM} - ${LINK_DISTANCE_TOLERANCE_M} and ${source.distanceFromRootM} + ${LINK_DISTANCE_TOLERANCE_M}`,
        sql`${findings.lastSeenYear} < ${source.firstSeenYear}`,
        ne(findings.status, 'rejected'),
      ),
    )
    .leftJoin(users, eq(users.id, findings.createdBy))
    .where(
      and(
        eq(source.turbineId, turbineId),
        eq(source.firstSeenYear, year),
        eq(source.lastSeenYear, year),
        visibleStatuses(actor),
        can(actor, 'finding.readDrafts') ? undefined : sql`${source.status} not in ('draft', 'rejected')`,
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(findingLinkDismissals)
            .where(and(eq(findingLinkDismissals.findingId, source.id), eq(findingLinkDismissals.targetId, findings.id))),
        ),
      ),
    );
  const bySource = new Map<number, typeof pairs>();
  for (const p of pairs) bySource.set(p.sourceId, [...(bySource.get(p.sourceId) ?? []), p]);
  if (bySource.size === 0) return [];
  const sources = await ctx.db
    .select(findingColumns)
    .from(findings)
    .leftJoin(users, eq(users.id, findings.createdBy))
    .where(inArray(findings.id, [...bySource.keys()]))
    .orderBy(asc(findings.blade), asc(findings.surface), asc(findings.distanceFromRootM), asc(findings.id));
  const now = ctx.now();
  return sources.map((s) => {
    const candidates = bySource.get(s.finding.id) ?? [];
    const p = { type: s.finding.type, distance_from_root_m: s.finding.distanceFromRootM ?? 0 };
    return { finding: presentFinding(s, now), suggestions: present(ctx, candidates, p).slice(0, LINK_SUGGESTIONS_MAX) };
  });
}

/** Whether `source` may be linked into `target` by this actor (issue 23), the one rule every route that links keeps:
 *  a reviewer's step (as confirm or reject) unless the source is the caller's own draft; never a rejected finding,
 *  either side; the same turbine (loadFinding), blade and surface, and room inside; only into an earlier finding
 *  (links point back in time, so no cycle); the version the user saw, never stale. */
export function assertMayLink(who: Who, source: LoadedFinding, target: LoadedFinding, version: number) {
  const mayLinkSome = can(who.actor, 'finding.link', { companyId: source.companyId });
  if (!can(who.actor, 'finding.link', source.resource)) {
    if (!mayLinkSome) throw forbidden();
    if (source.row.status === 'rejected') throw conflict('FINDING_LINK_REJECTED');
    throw forbidden('FINDING_LINK_REVIEW_REQUIRED');
  }
  if (source.row.id === target.row.id) throw badRequest('FINDING_LINK_SELF');
  if (version !== source.row.version) throw conflict('FINDING_STALE');
  if (target.row.status === 'rejected') throw conflict('FINDING_LINK_REJECTED');
  const s = source.row;
  const t = target.row;
  if (s.blade !== t.blade || s.surface !== t.surface || (s.surface === 'interior' && s.room !== t.room)) {
    throw conflict('FINDING_LINK_OTHER_PLACE');
  }
  if (t.lastSeenYear >= s.firstSeenYear) throw conflict('FINDING_LINK_NOT_EARLIER');
}

/** POST …/findings/{id}/link {target_id, version}: this (later) finding's observations become the earlier target's; the
 *  target's severity and years follow its sightings (§12: severity = the latest sighting's), its status and due date
 *  stay its own; this finding is removed. The link is an event on both: a 'linked' event closes this finding's history,
 *  which is kept whole in the target's 'linked' event. Another turbine's or company's target is 404 (loadFinding). */
export async function linkFinding(ctx: AppContext, who: Who, turbineId: number, findingId: number, input: LinkInput) {
  const source = await loadFinding(ctx, who.actor, turbineId, findingId);
  if (!can(who.actor, 'finding.link', { companyId: source.companyId })) throw forbidden();
  if (input.target_id === findingId) throw badRequest('FINDING_LINK_SELF');
  const target = await loadFinding(ctx, who.actor, turbineId, input.target_id);
  assertMayLink(who, source, target, input.version);
  const now = ctx.now();
  const escalation = await ctx.db.transaction(async (tx) => {
    await recordEvent(tx, who, findingId, 'linked', { after: { target_id: target.row.id } }, now);
    const history = await tx.select().from(findingEvents).where(eq(findingEvents.findingId, findingId)).orderBy(asc(findingEvents.id));
    const moved = await tx
      .update(findingObservations)
      .set({ findingId: target.row.id })
      .where(eq(findingObservations.findingId, findingId))
      .returning({ id: findingObservations.id });
    const summary = await summarizeObservations(tx, target.row.id, target.row.severity);
    const t = target.row;
    const next = {
      severity: summary.severity,
      observation_count: summary.observationCount,
      first_seen_year: summary.firstSeenYear,
      last_seen_year: summary.lastSeenYear,
    };
    const [updated] = await tx
      .update(findings)
      .set({
        severity: next.severity,
        observationCount: next.observation_count,
        firstSeenYear: next.first_seen_year,
        lastSeenYear: next.last_seen_year,
        ...(summary.size ?? {}),
        version: sql`${findings.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(findings.id, t.id), eq(findings.version, t.version)))
      .returning({ id: findings.id });
    if (!updated) throw new AppError(409, 'FINDING_STALE');
    // the later finding's escalations stay counted, now on the earlier one (issue 16), before it goes; resolved, as its
    // sightings now raise the earlier one's own (issue 23)
    await resolveEscalations(tx, findingId, now);
    await tx.update(findingEscalations).set({ findingId: t.id }).where(eq(findingEscalations.findingId, findingId));
    const [removed] = await tx
      .delete(findings)
      .where(and(eq(findings.id, findingId), eq(findings.version, source.row.version)))
      .returning({ id: findings.id });
    if (!removed) throw new AppError(409, 'FINDING_STALE');
    // the webhook events (DECISIONS §17, issue 26): this finding's events still waiting go first, then finding.linked
    // (the earlier finding as it is now, and which finding it took in), then any escalation of the earlier one
    await moveFindingEvents(tx, findingId, t.id);
    await enqueueFindingEvent(tx, 'finding.linked', t.id, now, {
      linked_finding: { id: findingId, status: source.row.status, severity: source.row.severity },
    });
    await recordEvent(
      tx,
      who,
      t.id,
      'linked',
      {
        before: {
          severity: t.severity,
          observation_count: t.observationCount,
          first_seen_year: t.firstSeenYear,
          last_seen_year: t.lastSeenYear,
          status: t.status,
          due_date: t.dueDate,
        },
        after: {
          ...next,
          status: t.status,
          due_date: t.dueDate,
          linked_finding_id: findingId,
          observation_ids: moved.map((m) => m.id),
          linked_finding: { ...findingFieldsOf(source.row), status: source.row.status, created_by: source.row.createdBy },
          linked_history: history.map(presentEvent),
        },
      },
      now,
    );
    return recordSeverityChange(
      tx,
      {
        findingId: t.id,
        turbineId,
        status: t.status,
        before: t.severity,
        after: next.severity,
        actor: actorOf(who),
        at: now,
      },
      ctx.config.notifications,
    );
  });
  sendEscalationMails(ctx, [escalation]);
  ctx.webhooks.wake();
  return target.row.id;
}

/** POST …/findings/{id}/link-suggestions/{targetId}/dismiss: never suggest this pair again; a 'link_dismissed' event
 *  (once: a second dismissal of the same pair changes nothing). */
export async function dismissLinkSuggestion(ctx: AppContext, who: Who, turbineId: number, findingId: number, targetId: number) {
  const source = await loadFinding(ctx, who.actor, turbineId, findingId);
  if (!can(who.actor, 'finding.link', { companyId: source.companyId })) throw forbidden();
  if (targetId === findingId) throw badRequest('FINDING_LINK_SELF');
  await loadFinding(ctx, who.actor, turbineId, targetId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(findingLinkDismissals)
      .values({ findingId, targetId, createdBy: who.user.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ findingId: findingLinkDismissals.findingId });
    if (!inserted.length) return;
    await recordEvent(tx, who, findingId, 'link_dismissed', { after: { target_id: targetId } }, now);
    // its history changed: a new version, which also moves the turbine's finding version (kept suggestion answers)
    await tx
      .update(findings)
      .set({ version: sql`${findings.version} + 1`, updatedAt: now })
      .where(eq(findings.id, findingId));
  });
}
