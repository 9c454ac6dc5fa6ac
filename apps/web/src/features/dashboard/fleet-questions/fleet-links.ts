import { paths } from '../../../app/paths.ts';
import { type DashboardState, writeDashboardState } from '../filters/dashboard-url-state.ts';
import type { TurbineFilters } from '../filters/turbine-filters.ts';

/** The fleet findings list's address: the dashboard's own filter parameters (q, city, year, severity, manufacturer, model,
 *  blade_type, company), for a distance bar its band (distance_from, distance_to, metres), for the "no model" / "no
 *  blade type" bar the turbines without one (no_model=1, no_blade_type=1, as the server's GET /findings reads them),
 *  and the page (page=2…; none: the first). */
export const BAND_PARAMS = { from: 'distance_from', to: 'distance_to' } as const;
export type MissingAsset = 'model' | 'blade_type';
export const MISSING_PARAMS: Record<MissingAsset, 'no_model' | 'no_blade_type'> = {
  model: 'no_model',
  blade_type: 'no_blade_type',
};
export const PAGE_PARAM = 'page';

export function fleetFindingsHref(
  filters: TurbineFilters,
  companyId: number | null,
  extra: { band?: { from: number; to: number }; missing?: MissingAsset } = {},
): string {
  const { band, missing } = extra;
  const state: DashboardState = { filters, companyId, view: 'grid', sort: { key: 'name', direction: 'asc' } };
  const params = writeDashboardState(state, new URLSearchParams());
  for (const name of ['view', 'sort', 'dir']) params.delete(name);
  if (band) {
    params.set(BAND_PARAMS.from, String(band.from));
    params.set(BAND_PARAMS.to, String(band.to));
  }
  if (missing) params.set(MISSING_PARAMS[missing], '1');
  const query = params.toString();
  return query ? `${paths.fleetFindings}?${query}` : paths.fleetFindings;
}

/** The band a fleet findings address asks for; a malformed or reversed one is none. */
export function bandOf(params: URLSearchParams): { from: number; to: number } | null {
  const read = (name: string) => {
    const text = params.get(name);
    if (text === null || !/^\d{1,3}(\.\d+)?$/.test(text)) return null;
    return Number(text);
  };
  const from = read(BAND_PARAMS.from);
  const to = read(BAND_PARAMS.to);
  return from !== null && to !== null && from < to && to <= 200 ? { from, to } : null;
}

/** The asset values a fleet findings address asks to be missing; one asked for by value too is not missing. */
export function missingOf(params: URLSearchParams, filters: Pick<TurbineFilters, 'model' | 'bladeType'>): Record<MissingAsset, boolean> {
  return {
    model: params.get(MISSING_PARAMS.model) === '1' && filters.model === null,
    blade_type: params.get(MISSING_PARAMS.blade_type) === '1' && filters.bladeType === null,
  };
}

/** The page a fleet findings address asks for, 1 when none or malformed. */
export function pageOf(params: URLSearchParams): number {
  const text = params.get(PAGE_PARAM);
  return text !== null && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
}
