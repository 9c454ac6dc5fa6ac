import type { Turbine } from '@windscope/contract';
import { foldForSearch, matchesWords, queryWords } from '../../management/text.ts';

/** The dashboard's client-side filters (spec §2; health: DECISIONS §12). The list is loaded whole, health included,
 *  so they run in the browser; the company filter goes to the server (filter_company_id). */
export interface TurbineFilters {
  city: string | null;
  year: number | null;
  text: string;
  /** only turbines whose worst open finding is at least this severity (1..5); null: every turbine */
  minSeverity: number | null;
}

export const NO_FILTERS: TurbineFilters = { city: null, year: null, text: '', minSeverity: null };

export function hasFilters(filters: TurbineFilters): boolean {
  return filters.city !== null || filters.year !== null || filters.minSeverity !== null || filters.text.trim() !== '';
}

/** "Worst severity at least N": a turbine without open findings never matches. */
export function meetsMinSeverity(turbine: Pick<Turbine, 'health'>, minSeverity: number | null): boolean {
  if (minSeverity === null) return true;
  const worst = turbine.health.worst_open_severity;
  return worst !== null && worst >= minSeverity;
}

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

function yearOf(timestamp: string | null | undefined): number | null {
  if (!timestamp) return null;
  const year = new Date(timestamp).getFullYear();
  return Number.isNaN(year) ? null : year;
}

/** The turbine's year: from updated_at, else created_at. */
export function turbineYear(turbine: Pick<Turbine, 'updated_at' | 'created_at'>): number | null {
  return yearOf(turbine.updated_at) ?? yearOf(turbine.created_at);
}

/** A turbine with what the filters compare, computed once per list. */
export interface IndexedTurbine {
  turbine: Turbine;
  year: number | null;
  /** code, city, location and names, folded for search */
  haystack: string;
}

export function indexTurbines(turbines: readonly Turbine[]): IndexedTurbine[] {
  return turbines.map((turbine) => ({
    turbine,
    year: turbineYear(turbine),
    haystack: foldForSearch([turbine.code, turbine.city, turbine.location, turbine.turbine_name ?? '', turbine.name ?? ''].join('\n')),
  }));
}

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
  const words = queryWords(filters.text);
  const result: Turbine[] = [];
  for (const entry of index) {
    if (filters.city !== null && entry.turbine.city !== filters.city) continue;
    if (filters.year !== null && entry.year !== filters.year) continue;
    if (!meetsMinSeverity(entry.turbine, filters.minSeverity)) continue;
    if (!matchesWords(entry.haystack, words)) continue;
    result.push(entry.turbine);
  }
  return result;
}
