import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type Actor,
  applyTurbineFilters,
  can,
  DISTANCE_BAND_M,
  type DistanceBands,
  distanceBandsOf,
  FLEET_FINDINGS_LIMIT,
  type FleetFindingFilter,
  type FleetFindingList,
  type FleetFindingListQuery,
  hasTurbineFilters,
  indexTurbines,
  OPEN_FINDING_STATUSES,
  seesAllCompanies,
  type Turbine,
  type TurbineFilterQuery,
  todayOf,
  turbineDisplayName,
  turbineFiltersOfQuery,
} from '@windscope/contract';
import { companyScope } from '../access/scope.ts';
import type { AppContext } from '../context.ts';
import { findings, turbines, users } from '../db/schema.ts';
import { forbidden } from '../http/errors.ts';
import { listTurbines } from '../turbines/service.ts';
import { visibleStatuses } from './access.ts';
import { findingColumns, presentFinding } from './presenter.ts';
import { findingFilter } from './service.ts';

/** Fleet questions (issue 27 item 3, DECISIONS §18): the findings of the turbines the dashboard lists for its filters. */

export interface FleetScope {
  /** the conditions on findings joined with turbines: visibility, tenant, company chosen, turbines listed */
  conditions: (SQL | undefined)[];
  /** the conditions on turbines alone: tenant, company chosen */
  turbineConditions: (SQL | undefined)[];
  /** the turbines the filters list; null: no turbine filter (every turbine in scope) */
  listed: Turbine[] | null;
}

/** The turbines the dashboard lists for these filters (the contract's applyTurbineFilters over the same turbine list),
 *  as conditions for a query of findings joined with turbines; without filters, every turbine the actor sees
 *  (superadmin: all, or the company asked for). The company condition is in the WHERE clause whatever the filters. */
export async function fleetScope(ctx: AppContext, actor: Actor, query: Partial<TurbineFilterQuery>): Promise<FleetScope> {
  if (!can(actor, 'finding.read')) throw forbidden();
  const companyId = seesAllCompanies(actor) ? query.filter_company_id : actor.companyId;
  const turbineConditions = [companyScope(actor, turbines.companyId)];
  if (companyId !== undefined) turbineConditions.push(eq(turbines.companyId, companyId));
  const conditions = [visibleStatuses(actor), ...turbineConditions];
  const filters = turbineFiltersOfQuery(query);
  if (!hasTurbineFilters(filters)) return { conditions, turbineConditions, listed: null };
  const listed = applyTurbineFilters(indexTurbines(await listTurbines(ctx, companyId, todayOf(ctx.now()))), filters);
  conditions.push(
    listed.length
      ? inArray(
          findings.turbineId,
          listed.map((t) => t.id),
        )
      : sql`false`,
  );
  return { conditions, turbineConditions, listed };
}

/** The distance band [from, to) as conditions: a finding without a distance is in no band. */
function distanceConditions(query: Pick<FleetFindingFilter, 'distance_from' | 'distance_to'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.distance_from !== undefined) conditions.push(sql`${findings.distanceFromRootM} >= ${query.distance_from}`);
  if (query.distance_to !== undefined) conditions.push(sql`${findings.distanceFromRootM} < ${query.distance_to}`);
  return conditions;
}

/** Turbines without a model / blade type (none stored, or blank): what the charts' "no model" bar counts
 *  (fleet-breakdown.ts in the web app). */
function missingAssetConditions(query: Pick<FleetFindingFilter, 'no_model' | 'no_blade_type'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.no_model) conditions.push(sql`coalesce(btrim(${turbines.model}), '') = ''`);
  if (query.no_blade_type) conditions.push(sql`coalesce(btrim(${turbines.bladeType}), '') = ''`);
  return conditions;
}

/** The findings the fleet filters pick, for a query of findings joined with turbines: the one WHERE clause of the
 *  list (GET /findings) and its export (GET /findings/export), so a file holds exactly the list's rows. No status:
 *  every status the actor may see. */
export async function fleetFindingConditions(
  ctx: AppContext,
  actor: Actor,
  query: FleetFindingFilter,
): Promise<{ where: SQL | undefined; scope: FleetScope }> {
  const scope = await fleetScope(ctx, actor, query);
  const where = and(
    ...scope.conditions,
    ...findingFilter({ status: query.status }),
    ...distanceConditions(query),
    ...missingAssetConditions(query),
  );
  return { where, scope };
}

/** The list's order, and its export's: the most severe first, then turbine code, newest (the finding's id last, so
 *  pages neither repeat nor skip). */
export const FLEET_FINDING_ORDER = [desc(findings.severity), asc(turbines.code), desc(findings.id)];

/** GET /findings: one page of the matching findings (FLEET_FINDING_ORDER), and how many match. */
export async function listFleetFindings(ctx: AppContext, actor: Actor, query: FleetFindingListQuery): Promise<FleetFindingList> {
  const { where } = await fleetFindingConditions(ctx, actor, query);
  const limit = query.limit ?? FLEET_FINDINGS_LIMIT;
  const offset = query.offset ?? 0;
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ ...findingColumns, turbineCode: turbines.code, turbineName: turbines.turbineName, name: turbines.name })
      .from(findings)
      .innerJoin(turbines, eq(turbines.id, findings.turbineId))
      .leftJoin(users, eq(users.id, findings.createdBy))
      .where(where)
      .orderBy(...FLEET_FINDING_ORDER)
      .limit(limit)
      .offset(offset),
    ctx.db.select({ total: count() }).from(findings).innerJoin(turbines, eq(turbines.id, findings.turbineId)).where(where),
  ]);
  const now = ctx.now();
  return {
    items: rows.map((r) => ({
      ...presentFinding(r, now),
      turbine_code: r.turbineCode,
      turbine_name: turbineDisplayName({ turbine_name: r.turbineName, name: r.name, code: r.turbineCode }),
    })),
    total: counted?.total ?? 0,
    offset,
    limit,
  };
}

/** GET /findings/distance-bands: the open findings of the listed turbines per 10 m band from the root, the axis up to
 *  the longest known blade of those turbines or the furthest finding. */
export async function fleetDistanceBands(ctx: AppContext, actor: Actor, query: TurbineFilterQuery): Promise<DistanceBands> {
  const scope = await fleetScope(ctx, actor, query);
  const band = sql<number | null>`floor(${findings.distanceFromRootM} / ${sql.raw(String(DISTANCE_BAND_M))})::int`;
  const [rows, bladeLength] = await Promise.all([
    ctx.db
      .select({ band, count: count() })
      .from(findings)
      .innerJoin(turbines, eq(turbines.id, findings.turbineId))
      .where(and(...scope.conditions, inArray(findings.status, [...OPEN_FINDING_STATUSES])))
      .groupBy(band),
    longestBlade(ctx, scope),
  ]);
  const counts = new Map<number, number>();
  let withoutDistance = 0;
  for (const row of rows) {
    if (row.band === null || row.band < 0) withoutDistance += row.count;
    else counts.set(row.band, row.count);
  }
  return { bands: distanceBandsOf(counts, bladeLength), without_distance: withoutDistance };
}

/** The longest stated blade among the listed turbines (all in scope without filters), 0 when none is known. */
async function longestBlade(ctx: AppContext, scope: FleetScope): Promise<number> {
  if (scope.listed) return Math.max(0, ...scope.listed.map((t) => t.blade_length_m ?? 0));
  const [row] = await ctx.db
    .select({ longest: sql<number | null>`max(${turbines.bladeLengthM})` })
    .from(turbines)
    .where(and(...scope.turbineConditions));
  return Number(row?.longest ?? 0);
}
