import { z } from 'zod';
import { MAX_ROW_ID } from './constants.ts';

/** The dashboard's turbine filters (spec §2; health: DECISIONS §12), one piece of code for the screen, which filters the
 *  turbine list it holds whole, and the server's findings export of "the turbines listed" (issue 24 item 2). */

const COMBINING_MARKS = /\p{M}/gu;

/** Lower-cased, accents dropped, dotless ı as i: "ÇEŞME", "Çeşme" and "cesme" all become "cesme". */
export function foldForSearch(text: string): string {
  return text.toLocaleLowerCase('tr-TR').normalize('NFD').replace(COMBINING_MARKS, '').replace(/ı/g, 'i');
}

/** The folded words of a search query; fold once, then test many rows with matchesWords(). */
export function queryWords(query: string): string[] {
  return foldForSearch(query).split(/\s+/).filter(Boolean);
}

/** Whether every word appears in the folded haystack. No words match everything. */
export function matchesWords(foldedHaystack: string, words: readonly string[]): boolean {
  for (const word of words) if (!foldedHaystack.includes(word)) return false;
  return true;
}

export interface TurbineFilters {
  city: string | null;
  year: number | null;
  text: string;
  /** only turbines whose worst open finding is at least this severity (1..5); null: every turbine */
  minSeverity: number | null;
  /** asset data (issue 27): the value as stored, compared whole; null: any */
  manufacturer: string | null;
  model: string | null;
  bladeType: string | null;
}

export const NO_TURBINE_FILTERS: TurbineFilters = {
  city: null,
  year: null,
  text: '',
  minSeverity: null,
  manufacturer: null,
  model: null,
  bladeType: null,
};

export function hasTurbineFilters(filters: TurbineFilters): boolean {
  return (
    filters.city !== null ||
    filters.year !== null ||
    filters.minSeverity !== null ||
    filters.manufacturer !== null ||
    filters.model !== null ||
    filters.bladeType !== null ||
    filters.text.trim() !== ''
  );
}

/** The asset values the filters compare, as the turbine list holds them. */
export type AssetFilterKey = 'manufacturer' | 'model' | 'bladeType';
export const ASSET_FILTER_FIELDS = { manufacturer: 'manufacturer', model: 'model', bladeType: 'blade_type' } as const;

/** The distinct values of one asset field among the turbines, in Turkish order: a filter's choices. */
export function assetFilterChoices(turbines: readonly FilterableTurbine[], key: AssetFilterKey): string[] {
  const field = ASSET_FILTER_FIELDS[key];
  const values = new Set<string>();
  for (const turbine of turbines) {
    const value = turbine[field];
    if (value) values.add(value);
  }
  return [...values].sort(new Intl.Collator('tr', { sensitivity: 'base', numeric: true }).compare);
}

/** What the filters read of a turbine. */
export interface FilterableTurbine {
  code: string;
  city: string;
  location: string;
  turbine_name?: string | null;
  name?: string | null;
  updated_at?: string | null;
  created_at?: string | null;
  health: { worst_open_severity: number | null };
  manufacturer?: string | null;
  model?: string | null;
  blade_type?: string | null;
}

/** "Worst severity at least N": a turbine without open findings never matches. */
export function meetsMinSeverity(turbine: Pick<FilterableTurbine, 'health'>, minSeverity: number | null): boolean {
  if (minSeverity === null) return true;
  const worst = turbine.health.worst_open_severity;
  return worst !== null && worst >= minSeverity;
}

function yearOf(timestamp: string | null | undefined): number | null {
  if (!timestamp) return null;
  const year = new Date(timestamp).getUTCFullYear();
  return Number.isNaN(year) ? null : year;
}

/** The turbine's year (spec §2): from updated_at, else created_at; in UTC, so the browser and the server agree. */
export function turbineYear(turbine: { updated_at?: string | null; created_at?: string | null }): number | null {
  return yearOf(turbine.updated_at) ?? yearOf(turbine.created_at);
}

/** A turbine with what the filters compare, computed once per list. */
export interface IndexedTurbine<T extends FilterableTurbine = FilterableTurbine> {
  turbine: T;
  year: number | null;
  /** code, city, location and names, folded for search */
  haystack: string;
}

export function indexTurbines<T extends FilterableTurbine>(turbines: readonly T[]): IndexedTurbine<T>[] {
  return turbines.map((turbine) => ({
    turbine,
    year: turbineYear(turbine),
    haystack: foldForSearch(
      [
        turbine.code,
        turbine.city,
        turbine.location,
        turbine.turbine_name ?? '',
        turbine.name ?? '',
        turbine.manufacturer ?? '',
        turbine.model ?? '',
      ].join('\n'),
    ),
  }));
}

export function applyTurbineFilters<T extends FilterableTurbine>(index: readonly IndexedTurbine<T>[], filters: TurbineFilters): T[] {
  const words = queryWords(filters.text);
  const result: T[] = [];
  for (const entry of index) {
    if (filters.city !== null && entry.turbine.city !== filters.city) continue;
    if (filters.year !== null && entry.year !== filters.year) continue;
    if (!meetsMinSeverity(entry.turbine, filters.minSeverity)) continue;
    if (filters.manufacturer !== null && entry.turbine.manufacturer !== filters.manufacturer) continue;
    if (filters.model !== null && entry.turbine.model !== filters.model) continue;
    if (filters.bladeType !== null && entry.turbine.blade_type !== filters.bladeType) continue;
    if (!matchesWords(entry.haystack, words)) continue;
    result.push(entry.turbine);
  }
  return result;
}

const FILTER = { error: 'FINDING_FILTER_INVALID' } as const;
const filterInt = (min: number, max: number) => z.coerce.number(FILTER).int(FILTER).min(min, FILTER).max(max, FILTER);

/** The dashboard's filters as query parameters, named as in its address (/dashboard?q=&city=&year=&severity=&manufacturer=
 *  &model=&blade_type=): the
 *  fleet findings export takes them to export the findings of the turbines listed. */
export const turbineFilterQuerySchema = z.object({
  q: z.string(FILTER).max(200, FILTER).optional(),
  city: z.string(FILTER).max(200, FILTER).optional(),
  year: filterInt(1900, 3000).optional(),
  severity: filterInt(1, 5).optional(),
  manufacturer: z.string(FILTER).max(200, FILTER).optional(),
  model: z.string(FILTER).max(200, FILTER).optional(),
  blade_type: z.string(FILTER).max(200, FILTER).optional(),
  /** superadmin only, as on the turbine list */
  filter_company_id: z.coerce.number(FILTER).int(FILTER).positive(FILTER).max(MAX_ROW_ID, FILTER).optional(),
});
export type TurbineFilterQuery = z.infer<typeof turbineFilterQuerySchema>;

export function turbineFiltersOfQuery(query: Partial<TurbineFilterQuery>): TurbineFilters {
  return {
    text: query.q ?? '',
    city: query.city || null,
    year: query.year ?? null,
    minSeverity: query.severity ?? null,
    manufacturer: query.manufacturer || null,
    model: query.model || null,
    bladeType: query.blade_type || null,
  };
}

/** The query for filters (what the web sends); empty values left out. */
export function turbineFilterQueryOf(filters: TurbineFilters, companyId: number | null = null): Partial<TurbineFilterQuery> {
  const query: Partial<TurbineFilterQuery> = {};
  if (filters.text.trim()) query.q = filters.text;
  if (filters.city !== null) query.city = filters.city;
  if (filters.year !== null) query.year = filters.year;
  if (filters.minSeverity !== null) query.severity = filters.minSeverity;
  if (filters.manufacturer !== null) query.manufacturer = filters.manufacturer;
  if (filters.model !== null) query.model = filters.model;
  if (filters.bladeType !== null) query.blade_type = filters.bladeType;
  if (companyId !== null) query.filter_company_id = companyId;
  return query;
}
