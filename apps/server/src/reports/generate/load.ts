import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  type CampaignMethod,
  type Coverage,
  type FindingGrowth,
  findingGrowth,
  isOverdue,
  type Language,
  STAFF_ONLY_FINDING_STATUSES,
  todayOf,
  type TurbineAssets,
  turbineDisplayName,
} from '@windscope/contract';
import type { AppContext } from '../../context.ts';
import { presentTurbineAssets } from '../../turbines/service.ts';
import {
  campaigns,
  campaignTurbines,
  campaignWaivers,
  companies,
  findingEvents,
  findingObservations,
  findings,
  photos,
  turbines,
  users,
} from '../../db/schema.ts';
import { turbineCoverage } from '../../photos/field-service.ts';

/** Everything a generated report shows, gathered from the database (no bytes yet: crops are named by key). The inputs
 *  hash is taken over this (and the crops' bytes), never over the issue date. */

export interface ReportCrop {
  observationId: number;
  year: number;
  kind: string;
  severity: number;
  lengthMm: number | null;
  key: string;
}

export interface ReportEvent {
  day: string;
  actorName: string;
  kind: 'created' | 'status' | 'severity' | 'linked';
  status?: string;
  from?: number;
  to?: number;
  reason: string | null;
}

export interface ReportFinding {
  id: number;
  /** 1.. within its turbine, in the order of the document (blade, distance from the root, id) */
  number: number;
  blade: string;
  surface: string;
  room: number | null;
  distanceFromRootM: number | null;
  type: string;
  severity: number;
  depthClass: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  notes: string | null;
  status: string;
  dueDate: string | null;
  overdue: boolean;
  firstSeenYear: number;
  lastSeenYear: number;
  /** the year's highest severity of its sightings, per year seen */
  severityByYear: Record<string, number>;
  growth: FindingGrowth | null;
  /** one per year (its latest sighting with a crop) and the latest repair evidence, oldest first */
  crops: ReportCrop[];
  events: ReportEvent[];
}

export interface ReportTurbine {
  id: number;
  code: string;
  displayName: string;
  name: string | null;
  city: string;
  location: string;
  siteName: string | null;
  coordinates: string | null;
  /** asset data (issue 27): the blade length sets the strip maps' axis */
  assets: TurbineAssets;
  rooms: number;
  photoCount: number;
  /** the year of the inspection: the newest year a finding or photo was seen */
  year: number;
  /** first and last day photos of that year were taken (or uploaded) */
  inspectionFrom: string | null;
  inspectionTo: string | null;
  findings: ReportFinding[];
  coverage: Coverage;
  /** who reviewed its findings (draft to confirmed or rejected), most reviews first; isAuthor: the same user account
   *  as the one generating the report (compared by user id, never by name) */
  reviewers: ReportReviewer[];
  /** the campaigns of its company that year with this turbine in scope, by planned start (issue 24 item 10) */
  campaigns: string[];
  /** photos of `year` (a campaign report gives a turbine with none and no reviewed findings no pages: item 8) */
  yearPhotoCount: number;
  /** the active waivers of this turbine in the report's campaign (a turbine report: its campaigns of that year) */
  waivers: ReportWaiver[];
}

export interface ReportWaiver {
  method: CampaignMethod;
  blade: string | null;
  room: number | null;
  reason: string;
}

export interface ReportReviewer {
  name: string;
  isAuthor: boolean;
}

export interface ReportCampaign {
  id: number;
  name: string;
  /** the methods planned: a turbine with each of them waived as a whole was not inspected because of the waivers */
  methods: CampaignMethod[];
  startsOn: string | null;
  endsOn: string | null;
}

export interface ReportInputs {
  language: Language;
  company: { id: number; name: string };
  campaign: ReportCampaign | null;
  author: string;
  turbines: ReportTurbine[];
}

export interface LoadOptions {
  companyId: number;
  turbineIds: number[];
  language: Language;
  requestedBy: number | null;
  campaign: ReportCampaign | null;
  /** the issue date: only to judge which repairs are overdue */
  issueDate: Date;
}

const surfaceOrder = ['LE', 'TE', 'PS', 'SS', 'interior'];

/** Loads the turbines (of the company only, in the order given), their reviewed findings, sightings and history.
 *  Answers null when a turbine is gone. */
export async function loadReportInputs(ctx: AppContext, options: LoadOptions): Promise<ReportInputs | null> {
  const { db } = ctx;
  const [company] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, options.companyId));
  if (!company) return null;
  const turbineRows = await db
    .select()
    .from(turbines)
    .where(and(inArray(turbines.id, options.turbineIds), eq(turbines.companyId, options.companyId)));
  if (turbineRows.length !== new Set(options.turbineIds).size) return null;
  let author = '';
  if (options.requestedBy !== null) {
    const [user] = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, options.requestedBy));
    if (user) author = `${user.first} ${user.last}`.trim();
  }
  const actor = { id: 0, role: 'company_manager' as const, companyId: options.companyId };
  const result: ReportTurbine[] = [];
  for (const id of options.turbineIds) {
    const t = turbineRows.find((row) => row.id === id);
    if (!t) return null;
    const findingRows = await db
      .select()
      .from(findings)
      .where(and(eq(findings.turbineId, id), notInArray(findings.status, [...STAFF_ONLY_FINDING_STATUSES])))
      .orderBy(asc(findings.id));
    const findingIds = findingRows.map((f) => f.id);
    const observationRows = findingIds.length
      ? await db
          .select({
            id: findingObservations.id,
            findingId: findingObservations.findingId,
            kind: findingObservations.kind,
            severity: findingObservations.severity,
            lengthMm: findingObservations.lengthMm,
            year: findingObservations.year,
            cropKey: findingObservations.cropKey,
          })
          .from(findingObservations)
          .where(eq(findingObservations.turbineId, id))
          .orderBy(asc(findingObservations.id))
      : [];
    const eventRows = findingIds.length
      ? await db
          .select({
            findingId: findingEvents.findingId,
            kind: findingEvents.kind,
            actorId: findingEvents.actorId,
            actorName: findingEvents.actorName,
            before: findingEvents.before,
            after: findingEvents.after,
            reason: findingEvents.reason,
            createdAt: findingEvents.createdAt,
          })
          .from(findingEvents)
          .innerJoin(findings, eq(findings.id, findingEvents.findingId))
          .where(eq(findings.turbineId, id))
          .orderBy(asc(findingEvents.id))
      : [];
    const [photoYears] = await db
      .select({
        maxYear: sql<number | null>`max(${photos.year})`,
      })
      .from(photos)
      .where(eq(photos.turbineId, id));
    const year = Math.max(0, photoYears?.maxYear ?? 0, ...findingRows.map((f) => f.lastSeenYear)) || options.issueDate.getUTCFullYear();
    const [span] = await db
      .select({
        photos: sql<number>`count(*)::int`,
        from: sql<string | null>`to_char(min(coalesce(${photos.takenAt}, ${photos.createdAt})) at time zone 'UTC', 'YYYY-MM-DD')`,
        to: sql<string | null>`to_char(max(coalesce(${photos.takenAt}, ${photos.createdAt})) at time zone 'UTC', 'YYYY-MM-DD')`,
      })
      .from(photos)
      .where(and(eq(photos.turbineId, id), eq(photos.year, year)));
    const byFinding = new Map<number, typeof observationRows>();
    for (const o of observationRows) {
      const list = byFinding.get(o.findingId) ?? [];
      list.push(o);
      byFinding.set(o.findingId, list);
    }
    const eventsByFinding = new Map<number, typeof eventRows>();
    for (const e of eventRows) {
      const list = eventsByFinding.get(e.findingId) ?? [];
      list.push(e);
      eventsByFinding.set(e.findingId, list);
    }
    // keyed by the reviewer's user id (by name only for an event whose user is gone)
    const reviewerCounts = new Map<string, { name: string; isAuthor: boolean; n: number }>();
    const ordered = [...findingRows].sort(
      (a, b) =>
        a.blade.localeCompare(b.blade) ||
        (a.distanceFromRootM ?? Number.POSITIVE_INFINITY) - (b.distanceFromRootM ?? Number.POSITIVE_INFINITY) ||
        surfaceOrder.indexOf(a.surface) - surfaceOrder.indexOf(b.surface) ||
        a.id - b.id,
    );
    const reportFindings: ReportFinding[] = ordered.map((f, index) => {
      const obs = byFinding.get(f.id) ?? [];
      const severityByYear: Record<string, number> = {};
      for (const o of obs) if (o.kind === 'sighting') severityByYear[o.year] = Math.max(severityByYear[o.year] ?? 0, o.severity);
      const crops: ReportCrop[] = [];
      const years = [...new Set(obs.filter((o) => o.kind === 'sighting' && o.cropKey).map((o) => o.year))].sort((a, b) => a - b);
      for (const y of years) {
        const latest = obs.filter((o) => o.kind === 'sighting' && o.year === y && o.cropKey).at(-1);
        if (latest?.cropKey)
          crops.push({
            observationId: latest.id,
            year: y,
            kind: 'sighting',
            severity: latest.severity,
            lengthMm: latest.lengthMm,
            key: latest.cropKey,
          });
      }
      const repair = obs.filter((o) => o.kind === 'repair' && o.cropKey).at(-1);
      if (repair?.cropKey)
        crops.push({
          observationId: repair.id,
          year: repair.year,
          kind: 'repair',
          severity: repair.severity,
          lengthMm: repair.lengthMm,
          key: repair.cropKey,
        });
      const events: ReportEvent[] = [];
      for (const e of eventsByFinding.get(f.id) ?? []) {
        const day = todayOf(e.createdAt);
        const before = (e.before ?? {}) as Record<string, unknown>;
        const after = (e.after ?? {}) as Record<string, unknown>;
        if (e.kind === 'created') events.push({ day, actorName: e.actorName, kind: 'created', reason: null });
        else if (e.kind === 'status' && typeof after.status === 'string') {
          events.push({ day, actorName: e.actorName, kind: 'status', status: after.status, reason: e.reason });
          if (before.status === 'draft' && (after.status === 'confirmed' || after.status === 'rejected')) {
            const key = e.actorId === null ? `name:${e.actorName}` : `id:${e.actorId}`;
            const seen = reviewerCounts.get(key);
            if (seen) seen.n += 1;
            else
              reviewerCounts.set(key, {
                name: e.actorName,
                isAuthor: e.actorId !== null && e.actorId === options.requestedBy,
                n: 1,
              });
          }
        } else if (e.kind === 'updated' && typeof before.severity === 'number' && typeof after.severity === 'number')
          events.push({ day, actorName: e.actorName, kind: 'severity', from: before.severity, to: after.severity, reason: e.reason });
        else if (e.kind === 'linked') events.push({ day, actorName: e.actorName, kind: 'linked', reason: null });
      }
      return {
        id: f.id,
        number: index + 1,
        blade: f.blade,
        surface: f.surface,
        room: f.room,
        distanceFromRootM: f.distanceFromRootM,
        type: f.type,
        severity: f.severity,
        depthClass: f.depthClass,
        lengthMm: f.lengthMm,
        widthMm: f.widthMm,
        notes: f.notes,
        status: f.status,
        dueDate: f.dueDate,
        overdue: isOverdue({ status: f.status, due_date: f.dueDate }, options.issueDate),
        firstSeenYear: f.firstSeenYear,
        lastSeenYear: f.lastSeenYear,
        severityByYear,
        growth: findingGrowth(obs.map((o) => ({ year: o.year, length_mm: o.lengthMm, kind: o.kind }))),
        crops,
        // the highlights: the first record, every status change, severity changes, links; the last 8 of them
        events: events.slice(-8),
      };
    });
    const reviewers = [...reviewerCounts.values()]
      .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))
      .map(({ name, isAuthor }) => ({ name, isAuthor }));
    const inCampaigns = await ctx.db
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaignTurbines)
      .innerJoin(campaigns, eq(campaigns.id, campaignTurbines.campaignId))
      .where(and(eq(campaignTurbines.turbineId, t.id), eq(campaigns.year, year), eq(campaigns.companyId, t.companyId)))
      .orderBy(asc(campaigns.plannedStart), asc(campaigns.id));
    // the waivers of the campaign(s) the document names (the cover: the campaign, or the turbine's of that year)
    const campaignIds = options.campaign ? [options.campaign.id] : inCampaigns.map((c) => c.id);
    const waivers = campaignIds.length
      ? await ctx.db
          .select({
            method: campaignWaivers.method,
            blade: campaignWaivers.blade,
            room: campaignWaivers.room,
            reason: campaignWaivers.reason,
          })
          .from(campaignWaivers)
          .where(
            and(eq(campaignWaivers.turbineId, t.id), inArray(campaignWaivers.campaignId, campaignIds), isNull(campaignWaivers.removedAt)),
          )
          .orderBy(asc(campaignWaivers.id))
      : [];
    result.push({
      id: t.id,
      code: t.code,
      displayName: turbineDisplayName({ turbine_name: t.turbineName, name: t.name, code: t.code }),
      name: t.turbineName ?? t.name,
      city: t.city,
      location: t.location,
      siteName: t.siteName,
      coordinates: t.coordinates,
      assets: presentTurbineAssets(t),
      rooms: t.rooms,
      photoCount: t.photoCount,
      year,
      inspectionFrom: span?.from ?? null,
      inspectionTo: span?.to ?? null,
      findings: reportFindings,
      coverage: await turbineCoverage(ctx, actor, id, year),
      reviewers,
      campaigns: inCampaigns.map((c) => c.name),
      yearPhotoCount: span?.photos ?? 0,
      waivers: waivers.map((w) => ({ ...w, method: w.method as CampaignMethod })),
    });
  }
  return { language: options.language, company, campaign: options.campaign, author, turbines: result };
}

/** Canonical JSON: object keys sorted, so the same inputs always give the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 over the canonical JSON of what the document shows (with each crop's content hash), issue date excepted.
 *  Overdue flags depend on the issue date's day, so they are part of what is shown: a day later they may differ. */
export function inputsHash(inputs: ReportInputs, cropHashes: ReadonlyMap<string, string>, generatorVersion: number): string {
  const withCrops = {
    generatorVersion,
    ...inputs,
    turbines: inputs.turbines.map((t) => ({
      ...t,
      findings: t.findings.map((f) => ({ ...f, crops: f.crops.map((c) => ({ ...c, sha256: cropHashes.get(c.key) ?? null })) })),
    })),
  };
  return createHash('sha256').update(canonicalJson(withCrops)).digest('hex');
}
