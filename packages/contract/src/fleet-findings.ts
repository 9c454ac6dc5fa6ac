import { z } from 'zod';
import { findingExportFormatSchema, findingSchema, findingStatusListSchema } from './findings.ts';
import { turbineFilterQuerySchema } from './turbine-filters.ts';

/** Issue 27 item 3 ("fleet questions", DECISIONS §18): the findings of the turbines the dashboard lists, across the
 *  fleet. The dashboard's charts count them by model, blade type and distance from the root; each bar opens the fleet
 *  findings list (/dashboard/findings) with the same turbine filters and, for a distance bar, its band. */

/** The bands' width on the chart and in the list's links, metres. */
export const DISTANCE_BAND_M = 10;
/** The longest blade a band may start at (TURBINE_ASSET_LIMITS.blade_length_m) */
const MAX_DISTANCE_M = 200;
/** The most findings one page of the fleet list answers; `total` says how many match. */
export const FLEET_FINDINGS_LIMIT = 500;

const FILTER = { error: 'FINDING_FILTER_INVALID' } as const;
const metres = z.coerce.number(FILTER).finite(FILTER).min(0, FILTER).max(MAX_DISTANCE_M, FILTER);

/** The most findings one page may skip: far beyond any fleet's open findings, small enough for the database. */
const MAX_OFFSET = 10_000_000;
/** "1": only turbines without this asset value (none stored, or blank): the chart's "no model" / "no blade type" bar. */
const onlyWithout = z.literal('1', FILTER);

/** The statuses the fleet findings list shows when none are asked for: the open ones, which make the turbines' health. */
export const FLEET_FINDINGS_DEFAULT_STATUS = 'open';

/** Which findings of the fleet (issue 27): the dashboard's turbine filters (its own names: q, city, year, severity,
 *  manufacturer, model, blade_type, filter_company_id), the findings' statuses, a distance band from the root
 *  [distance_from, distance_to) in metres, turbines without a model or blade type (no_model=1, no_blade_type=1; not with
 *  a model or blade type asked for). The list (GET /findings) and its export (GET /findings/export) read these one
 *  way, and the server picks their rows with one query (findings/fleet.ts fleetFindingConditions). */
const fleetFindingFilterFields = turbineFilterQuerySchema.extend({
  status: findingStatusListSchema.optional(),
  distance_from: metres.optional(),
  distance_to: metres.optional(),
  no_model: onlyWithout.optional(),
  no_blade_type: onlyWithout.optional(),
});
export type FleetFindingFilter = z.infer<typeof fleetFindingFilterFields>;
type FleetFilterRules = Pick<FleetFindingFilter, 'distance_from' | 'distance_to' | 'no_model' | 'no_blade_type' | 'model' | 'blade_type'>;
/** the rules across fields: a band that ends after it starts; "without a model" not with a model asked for */
const withFleetFilterRules = <S extends z.ZodType<FleetFilterRules>>(schema: S) =>
  schema
    .refine((q) => q.distance_from === undefined || q.distance_to === undefined || q.distance_from < q.distance_to, FILTER)
    .refine((q) => !(q.no_model && q.model) && !(q.no_blade_type && q.blade_type), FILTER);

/** GET /findings: the fleet filters (the open findings when no status is asked for), and a page: `limit` findings (at
 *  most FLEET_FINDINGS_LIMIT, the default) after the first `offset`. */
export const fleetFindingListQuerySchema = withFleetFilterRules(
  fleetFindingFilterFields.extend({
    status: findingStatusListSchema.default(FLEET_FINDINGS_DEFAULT_STATUS),
    limit: z.coerce.number(FILTER).int(FILTER).min(1, FILTER).max(FLEET_FINDINGS_LIMIT, FILTER).default(FLEET_FINDINGS_LIMIT),
    offset: z.coerce.number(FILTER).int(FILTER).min(0, FILTER).max(MAX_OFFSET, FILTER).default(0),
  }),
);
export type FleetFindingListQuery = z.infer<typeof fleetFindingListQuerySchema>;

/** GET /findings/export: the same filters, every match in the list's order, as CSV or XLSX. Without a status: every
 *  status the user may see (the dashboard's "findings of the listed turbines"); the fleet findings page sends the
 *  list's (FLEET_FINDINGS_DEFAULT_STATUS), so its file holds exactly the list's rows. */
export const fleetFindingExportQuerySchema = withFleetFilterRules(fleetFindingFilterFields.extend({ format: findingExportFormatSchema }));
export type FleetFindingExportQuery = z.infer<typeof fleetFindingExportQuerySchema>;

export const fleetFindingSchema = findingSchema.extend({
  turbine_code: z.string(),
  turbine_name: z.string().nullable(),
});
export type FleetFinding = z.infer<typeof fleetFindingSchema>;

export const fleetFindingListSchema = z.object({
  /** this page of them, the most severe first (then turbine code, newest): a stable order to page through */
  items: z.array(fleetFindingSchema),
  /** how many match, on every page */
  total: z.number().int(),
  /** the page asked for (the defaults when not) */
  offset: z.number().int(),
  limit: z.number().int(),
});
export type FleetFindingList = z.infer<typeof fleetFindingListSchema>;

/** GET /findings/distance-bands: the dashboard's turbine filters. */
export const distanceBandQuerySchema = turbineFilterQuerySchema;

export const distanceBandsSchema = z.object({
  /** [from, to) metres from the root, every band from 0 to the longest known blade of the listed turbines or the
   *  furthest finding, whichever is further; empty bands included, so the axis is the blade */
  bands: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  /** open findings without a distance */
  without_distance: z.number().int(),
});
export type DistanceBands = z.infer<typeof distanceBandsSchema>;

/** The bands for counts per band index (floor(distance / DISTANCE_BAND_M)) and the axis' end in metres. */
export function distanceBandsOf(counts: ReadonlyMap<number, number>, axisEndM: number): DistanceBands['bands'] {
  const furthestBand = Math.max(-1, ...counts.keys());
  const length = Math.max(furthestBand + 1, Math.ceil(axisEndM / DISTANCE_BAND_M));
  return Array.from({ length }, (_, band) => ({
    from: band * DISTANCE_BAND_M,
    to: (band + 1) * DISTANCE_BAND_M,
    count: counts.get(band) ?? 0,
  }));
}
