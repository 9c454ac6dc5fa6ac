import {
  applyTurbineFilters,
  hasTurbineFilters,
  type IndexedTurbine as ContractIndexedTurbine,
  NO_TURBINE_FILTERS,
  type Turbine,
  type TurbineFilters,
} from '@windscope/contract';

/** The dashboard's filters (spec §2; health: DECISIONS §12) are the contract's (turbine-filters.ts), so the findings
 *  export of the turbines listed picks the same turbines on the server. The list is loaded whole, health included, so
 *  they run in the browser; the company filter goes to the server (filter_company_id). */
export type { TurbineFilters };
export { indexTurbines, meetsMinSeverity, turbineYear } from '@windscope/contract';
export const NO_FILTERS: TurbineFilters = NO_TURBINE_FILTERS;
export const hasFilters = hasTurbineFilters;
export type IndexedTurbine = ContractIndexedTurbine<Turbine>;

/** Open findings per severity (index 0 = severity 1) added up over some turbines: the dashboard's counters. */
export function openBySeverity(turbines: readonly Pick<Turbine, 'health'>[]): [number, number, number, number, number] {
  const sums: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const turbine of turbines) {
    const counts = turbine.health.open_by_severity;
    for (let i = 0; i < 5; i++) sums[i as 0] += counts[i as 0];
  }
  return sums;
}

/** Issue 16: findings escalated this year and overdue repairs, added up over some turbines: two of the counters. */
export function escalationTotals(turbines: readonly Pick<Turbine, 'health'>[]): { escalated: number; overdue: number } {
  let escalated = 0;
  let overdue = 0;
  for (const turbine of turbines) {
    escalated += turbine.health.escalated_this_year;
    overdue += turbine.health.overdue;
  }
  return { escalated, overdue };
}

/** Name on the card: the one rule of the contract. */
export { turbineDisplayName } from '@windscope/contract';

/** Distinct years, newest first. */
export function yearOptions(index: readonly IndexedTurbine[]): number[] {
  const years = new Set<number>();
  for (const entry of index) if (entry.year !== null) years.add(entry.year);
  return [...years].sort((a, b) => b - a);
}

/** Distinct cities in Turkish alphabetical order. */
export function cityOptions(index: readonly IndexedTurbine[]): string[] {
  const cities = new Set<string>();
  for (const entry of index) cities.add(entry.turbine.city);
  return [...cities].sort((a, b) => a.localeCompare(b, 'tr'));
}

export function applyFilters(index: readonly IndexedTurbine[], filters: TurbineFilters): Turbine[] {
  return applyTurbineFilters(index, filters);
}
