/**
 * Inspection campaigns (issue 17, item 1; contract campaigns.ts). Every read and write carries the tenant scope: another
 * company's campaign is "not found". The board derives each turbine's state in five grouped queries whatever the number
 * of turbines (scope, photo counts of the year, drafts, reports, waivers); the coverage cells are the coverage route's
 * (photos/field-service.ts coverageFromCounts).
 */
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, max, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Actor,
  BLADES,
  CAMPAIGN_STATES,
  type Campaign,
  type CampaignBoard,
  type CampaignBoardRow,
  type CampaignCell,
  type CampaignMethod,
  type CampaignMethodStatus,
  type CampaignState,
  type CampaignWaiver,
  type CampaignWaiverBody,
  type CreateCampaignBody,
  campaignState,
  can,
  PHOTO_CATEGORIES,
  seesAllCompanies,
  type UpdateCampaignBody,
  waiverCovers,
} from '@windscope/contract';
import { companyScope } from '../access/scope.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { campaignTurbines, campaigns, campaignWaivers, companies, findings, photos, reports, turbines, users } from '../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../http/errors.ts';
import { type CoverageCount, coverageFromCounts } from '../photos/field-service.ts';

type CampaignRow = typeof campaigns.$inferSelect;
const userName = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

/** The campaign the actor may see; another company's (or none) is 404. */
async function loadCampaign(ctx: AppContext, actor: Actor, id: number): Promise<CampaignRow> {
  const [row] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), companyScope(actor, campaigns.companyId)))
    .limit(1);
  if (!row) throw notFound('CAMPAIGN_NOT_FOUND');
  return row;
}

/** Campaigns with their company name, creator's name and turbine ids, in one query. */
async function presentCampaigns(db: Database, where: ReturnType<typeof and>): Promise<Campaign[]> {
  const rows = await db
    .select({
      c: campaigns,
      companyName: companies.name,
      firstName: users.firstName,
      lastName: users.lastName,
      turbineIds: sql<
        number[] | null
      >`(select array_agg(ct.turbine_id order by ct.turbine_id) from ${campaignTurbines} ct where ct.campaign_id = ${campaigns.id})`,
    })
    .from(campaigns)
    .innerJoin(companies, eq(companies.id, campaigns.companyId))
    .leftJoin(users, eq(users.id, campaigns.createdBy))
    .where(where)
    .orderBy(desc(campaigns.year), desc(campaigns.plannedStart), desc(campaigns.id));
  return rows.map(({ c, companyName, firstName, lastName, turbineIds }) => ({
    id: c.id,
    company_id: c.companyId,
    company_name: companyName,
    name: c.name,
    year: c.year,
    methods: c.methods as CampaignMethod[],
    planned_start: c.plannedStart,
    planned_end: c.plannedEnd,
    turbine_ids: (turbineIds ?? []).map(Number),
    created_by_name: userName(firstName, lastName),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  }));
}

export async function listCampaigns(ctx: AppContext, actor: Actor, filterCompanyId?: number): Promise<Campaign[]> {
  if (!can(actor, 'campaign.read')) throw forbidden();
  const companyFilter = seesAllCompanies(actor) && filterCompanyId ? eq(campaigns.companyId, filterCompanyId) : undefined;
  return presentCampaigns(ctx.db, and(companyScope(actor, campaigns.companyId), companyFilter));
}

async function getCampaign(ctx: AppContext, id: number): Promise<Campaign> {
  const [campaign] = await presentCampaigns(ctx.db, eq(campaigns.id, id));
  if (!campaign) throw notFound('CAMPAIGN_NOT_FOUND');
  return campaign;
}

/** Turbines in scope must be ones the actor sees (else 404 naming the id) and of the campaign's company (else 400
 *  naming the code: only the superadmin sees other companies' turbines). */
async function checkTurbines(ctx: AppContext, actor: Actor, companyId: number, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const rows = await ctx.db
    .select({ id: turbines.id, code: turbines.code, companyId: turbines.companyId })
    .from(turbines)
    .where(and(inArray(turbines.id, wanted), companyScope(actor, turbines.companyId)));
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw new AppError(404, 'CAMPAIGN_TURBINE_NOT_FOUND', { id: missing });
  const foreign = rows.find((r) => r.companyId !== companyId);
  if (foreign) throw badRequest('CAMPAIGN_TURBINE_OTHER_COMPANY', { code: foreign.code });
  return wanted;
}

export async function createCampaign(ctx: AppContext, actor: Actor, body: CreateCampaignBody): Promise<Campaign> {
  let companyId: number;
  if (seesAllCompanies(actor)) {
    if (!body.company_id) throw badRequest('CAMPAIGN_COMPANY_REQUIRED');
    companyId = body.company_id;
  } else companyId = body.company_id ?? actor.companyId;
  if (!can(actor, 'campaign.create', { companyId })) throw forbidden();
  const [company] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.isInternal, false)))
    .limit(1);
  if (!company) throw badRequest('CAMPAIGN_COMPANY_REQUIRED');
  const turbineIds = await checkTurbines(ctx, actor, companyId, body.turbine_ids);
  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({
        companyId,
        name: body.name.trim(),
        year: body.year,
        methods: [...body.methods],
        plannedStart: body.planned_start,
        plannedEnd: body.planned_end,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: campaigns.id });
    const campaignId = (row as { id: number }).id;
    await tx.insert(campaignTurbines).values(turbineIds.map((turbineId) => ({ campaignId, turbineId })));
    return campaignId;
  });
  return getCampaign(ctx, id);
}

export async function updateCampaign(ctx: AppContext, actor: Actor, id: number, body: UpdateCampaignBody): Promise<Campaign> {
  const row = await loadCampaign(ctx, actor, id);
  if (!can(actor, 'campaign.update', { companyId: row.companyId })) throw forbidden();
  const start = body.planned_start ?? row.plannedStart;
  const end = body.planned_end ?? row.plannedEnd;
  if (start > end) throw badRequest('CAMPAIGN_DATES_ORDER');
  const turbineIds = body.turbine_ids ? await checkTurbines(ctx, actor, row.companyId, body.turbine_ids) : undefined;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(campaigns)
      .set({
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.year !== undefined ? { year: body.year } : {}),
        ...(body.methods !== undefined ? { methods: [...body.methods] } : {}),
        plannedStart: start,
        plannedEnd: end,
        updatedAt: ctx.now(),
      })
      .where(eq(campaigns.id, id));
    if (turbineIds) {
      // waivers of a turbine taken out stay as history; they count again if it comes back
      await tx.delete(campaignTurbines).where(and(eq(campaignTurbines.campaignId, id), notInArray(campaignTurbines.turbineId, turbineIds)));
      await tx
        .insert(campaignTurbines)
        .values(turbineIds.map((turbineId) => ({ campaignId: id, turbineId })))
        .onConflictDoNothing();
    }
  });
  return getCampaign(ctx, id);
}

export async function deleteCampaign(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await loadCampaign(ctx, actor, id);
  if (!can(actor, 'campaign.delete', { companyId: row.companyId })) throw forbidden();
  await ctx.db.delete(campaigns).where(eq(campaigns.id, id));
}

export async function addWaiver(ctx: AppContext, actor: Actor, id: number, body: CampaignWaiverBody): Promise<CampaignWaiver> {
  const row = await loadCampaign(ctx, actor, id);
  if (!can(actor, 'campaign.waive', { companyId: row.companyId })) throw forbidden();
  if (!row.methods.includes(body.method)) throw badRequest('CAMPAIGN_WAIVER_METHOD_NOT_PLANNED');
  const [inScope] = await ctx.db
    .select({ rooms: turbines.rooms })
    .from(campaignTurbines)
    .innerJoin(turbines, eq(turbines.id, campaignTurbines.turbineId))
    .where(and(eq(campaignTurbines.campaignId, id), eq(campaignTurbines.turbineId, body.turbine_id)))
    .limit(1);
  if (!inScope) throw badRequest('CAMPAIGN_WAIVER_TURBINE_NOT_IN_SCOPE');
  if (body.room != null && body.room > inScope.rooms) throw badRequest('CAMPAIGN_WAIVER_CELL_INVALID');
  let waiverId: number;
  try {
    const [inserted] = await ctx.db
      .insert(campaignWaivers)
      .values({
        campaignId: id,
        turbineId: body.turbine_id,
        method: body.method,
        blade: body.blade ?? null,
        room: body.blade == null ? null : (body.room ?? null),
        reason: body.reason.trim(),
        createdBy: actor.id,
        createdAt: ctx.now(),
      })
      .returning({ id: campaignWaivers.id });
    waiverId = (inserted as { id: number }).id;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('CAMPAIGN_WAIVER_EXISTS');
    throw error;
  }
  const [waiver] = await waiversOf(ctx.db, id, waiverId);
  if (!waiver) throw notFound('CAMPAIGN_WAIVER_NOT_FOUND');
  return waiver;
}

/** Removing a waiver keeps it: removed_by and removed_at are set (the history shows both). */
export async function removeWaiver(ctx: AppContext, actor: Actor, id: number, waiverId: number): Promise<void> {
  const row = await loadCampaign(ctx, actor, id);
  if (!can(actor, 'campaign.waive', { companyId: row.companyId })) throw forbidden();
  const removed = await ctx.db
    .update(campaignWaivers)
    .set({ removedBy: actor.id, removedAt: ctx.now() })
    .where(and(eq(campaignWaivers.id, waiverId), eq(campaignWaivers.campaignId, id), isNull(campaignWaivers.removedAt)))
    .returning({ id: campaignWaivers.id });
  if (removed.length === 0) throw notFound('CAMPAIGN_WAIVER_NOT_FOUND');
}

const remover = alias(users, 'waiver_remover');
async function waiversOf(db: Database, campaignId: number, waiverId?: number): Promise<CampaignWaiver[]> {
  const rows = await db
    .select({
      w: campaignWaivers,
      firstName: users.firstName,
      lastName: users.lastName,
      removerFirst: remover.firstName,
      removerLast: remover.lastName,
    })
    .from(campaignWaivers)
    .leftJoin(users, eq(users.id, campaignWaivers.createdBy))
    .leftJoin(remover, eq(remover.id, campaignWaivers.removedBy))
    .where(and(eq(campaignWaivers.campaignId, campaignId), waiverId === undefined ? undefined : eq(campaignWaivers.id, waiverId)))
    .orderBy(sql`${campaignWaivers.removedAt} is not null`, desc(campaignWaivers.createdAt), desc(campaignWaivers.id));
  return rows.map(({ w, firstName, lastName, removerFirst, removerLast }) => ({
    id: w.id,
    turbine_id: w.turbineId,
    method: w.method as CampaignMethod,
    blade: w.blade as CampaignWaiver['blade'],
    room: w.room,
    reason: w.reason,
    created_by_name: userName(firstName, lastName),
    created_at: w.createdAt.toISOString(),
    removed_by_name: userName(removerFirst, removerLast),
    removed_at: w.removedAt?.toISOString() ?? null,
  }));
}

/** The coverage cells of one method from a turbine's coverage (the coverage route's definition). */
function emptyCellsOf(method: CampaignMethod, empty: ReturnType<typeof coverageFromCounts>['empty']): CampaignCell[] {
  return empty
    .filter((cell) => (method === 'interior' ? cell.room !== undefined : cell.source === method))
    .map((cell) => ({ blade: cell.blade, room: cell.room ?? null }));
}

/** GET /campaigns/{id}: the campaign and its board. */
export async function campaignBoard(ctx: AppContext, actor: Actor, id: number): Promise<CampaignBoard> {
  const row = await loadCampaign(ctx, actor, id);
  const campaign = await getCampaign(ctx, id);
  const year = row.year;
  const methods = row.methods as CampaignMethod[];
  const scope = ctx.db.select({ id: campaignTurbines.turbineId }).from(campaignTurbines).where(eq(campaignTurbines.campaignId, id));
  // the newest report of each turbine for the year (uploaded or generated: both are rows of reports)
  const newestReports = ctx.db
    .selectDistinctOn([reports.turbineId], {
      turbineId: reports.turbineId,
      id: reports.id,
      name: reports.originalFilename,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(and(inArray(reports.turbineId, scope), eq(reports.year, year)))
    .orderBy(reports.turbineId, desc(reports.createdAt), desc(reports.id));
  const newestReport = newestReports.as('newest_report');
  const [scoped, counts, drafts, changes, issued, waivers] = await Promise.all([
    ctx.db
      .select({
        id: turbines.id,
        code: turbines.code,
        turbineName: turbines.turbineName,
        name: turbines.name,
        siteName: turbines.siteName,
        rooms: turbines.rooms,
      })
      .from(campaignTurbines)
      .innerJoin(turbines, eq(turbines.id, campaignTurbines.turbineId))
      .where(eq(campaignTurbines.campaignId, id))
      .orderBy(asc(turbines.code), asc(turbines.id)),
    // one grouped read of the year's photos of every turbine in scope (photos_turbine_idx: turbine, year)
    ctx.db
      .select({ turbineId: photos.turbineId, category: photos.category, blade: photos.blade, room: photos.room, n: count() })
      .from(photos)
      .where(and(inArray(photos.turbineId, scope), eq(photos.year, year)))
      .groupBy(photos.turbineId, photos.category, photos.blade, photos.room),
    // draft findings seen in the campaign's year
    ctx.db
      .select({ turbineId: findings.turbineId, n: count() })
      .from(findings)
      .where(
        and(
          inArray(findings.turbineId, scope),
          eq(findings.status, 'draft'),
          lte(findings.firstSeenYear, year),
          gte(findings.lastSeenYear, year),
        ),
      )
      .groupBy(findings.turbineId),
    // per turbine, the year's findings (any status) changed after its newest report of the year, counted in the
    // database (one grouped row per turbine, not every finding of the year): such a report is outdated
    ctx.db
      .select({ turbineId: findings.turbineId, n: count(), last: max(findings.updatedAt) })
      .from(findings)
      .innerJoin(newestReport, eq(newestReport.turbineId, findings.turbineId))
      .where(
        and(
          inArray(findings.turbineId, scope),
          lte(findings.firstSeenYear, year),
          gte(findings.lastSeenYear, year),
          gt(findings.updatedAt, newestReport.createdAt),
        ),
      )
      .groupBy(findings.turbineId),
    newestReports,
    waiversOf(ctx.db, id),
  ]);
  const countsOf = new Map<number, CoverageCount[]>();
  for (const c of counts) {
    const list = countsOf.get(c.turbineId) ?? [];
    list.push(c);
    countsOf.set(c.turbineId, list);
  }
  const draftsOf = new Map(drafts.map((d) => [d.turbineId, d.n]));
  const reportOf = new Map(issued.map((r) => [r.turbineId, r]));
  const changesOf = new Map(changes.map((c) => [c.turbineId, c]));
  const seesDrafts = can(actor, 'finding.readDrafts', { companyId: row.companyId });
  const active = waivers.filter((w) => w.removed_at === null);
  const inScope = new Set(scoped.map((t) => t.id));
  const rows: CampaignBoardRow[] = scoped.map((t) => {
    const coverage = coverageFromCounts(t.id, year, t.rooms, countsOf.get(t.id) ?? []);
    const own = active.filter((w) => w.turbine_id === t.id);
    const perMethod: CampaignMethodStatus[] = methods.map((method) => {
      const photoCount =
        method === 'interior'
          ? BLADES.reduce((sum, b) => sum + coverage.interior[b].reduce((s, n) => s + n, 0), 0)
          : PHOTO_CATEGORIES.includes(method)
            ? BLADES.reduce((sum, b) => sum + coverage.sources[method][b], 0)
            : 0;
      const waived = own.some((w) => w.method === method && w.blade === null);
      const empty = emptyCellsOf(method, coverage.empty);
      const missing = empty.filter((cell) => !own.some((w) => waiverCovers(w, method, cell)));
      return {
        method,
        photo_count: photoCount,
        captured: photoCount > 0 || waived,
        waived,
        missing,
        waived_cells: empty.length - missing.length,
      };
    });
    const missingCount = perMethod.reduce((sum, m) => sum + m.missing.length, 0);
    const draftCount = draftsOf.get(t.id) ?? 0;
    const report = reportOf.get(t.id);
    const changed = report ? changesOf.get(t.id) : undefined;
    const outdated =
      changed && changed.n > 0 && changed.last ? { changed_findings: changed.n, last_change_at: changed.last.toISOString() } : null;
    const state = campaignState({
      captured: perMethod.every((m) => m.captured),
      coverageComplete: missingCount === 0,
      drafts: draftCount,
      // a report counts as issued only if it is newer than every change of the year's findings
      reportIssued: report !== undefined && outdated === null,
    });
    return {
      turbine_id: t.id,
      code: t.code,
      turbine_name: t.turbineName,
      name: t.name,
      site_name: t.siteName,
      rooms: t.rooms,
      state,
      methods: perMethod,
      missing_count: missingCount,
      drafts: seesDrafts ? draftCount : null,
      report: report ? { id: report.id, name: report.name, created_at: report.createdAt.toISOString() } : null,
      report_outdated: outdated,
    };
  });
  const rank = (s: CampaignState) => CAMPAIGN_STATES.indexOf(s);
  const reached = Object.fromEntries(
    CAMPAIGN_STATES.map((s) => [s, rows.filter((r) => rank(r.state) >= rank(s)).length]),
  ) as CampaignBoard['reached'];
  return { campaign, rows, reached, waivers: waivers.filter((w) => inScope.has(w.turbine_id)) };
}
