import { type Turbine, TURBINE_STATUSES } from '@windscope/contract';
import { turbineDisplayName } from './turbine-filters.ts';

/** The list view's sortable columns. */
export const SORT_KEYS = ['name', 'city', 'code', 'location', 'company', 'rooms', 'photos', 'status', 'health'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface TurbineSort {
  key: SortKey;
  direction: SortDirection;
}

/** The server's order: city, then code. */
export const DEFAULT_SORT: TurbineSort = { key: 'city', direction: 'asc' };

export const isSortKey = (value: unknown): value is SortKey => SORT_KEYS.includes(value as SortKey);

/** The direction a column sorts in when first chosen: health worst first (descending), the others ascending. */
export const FIRST_DIRECTION: Record<SortKey, SortDirection> = {
  name: 'asc',
  city: 'asc',
  code: 'asc',
  location: 'asc',
  company: 'asc',
  rooms: 'asc',
  photos: 'asc',
  status: 'asc',
  health: 'desc',
};

/** Turkish alphabetical order: "çanakkale" before "tekirdağ", "ı" before "i"; numbers inside codes by value. */
const turkish = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });
export const compareTurkish = (a: string, b: string) => turkish.compare(a, b);

const statusRank = (turbine: Turbine) => TURBINE_STATUSES.indexOf(turbine.status);

/** Health in ascending order: no open findings, then worst severity 1..5; within a severity, fewer overdue then fewer
 *  open first. Descending is worst first. */
export function compareHealth(a: Pick<Turbine, 'health'>, b: Pick<Turbine, 'health'>): number {
  return (
    (a.health.worst_open_severity ?? 0) - (b.health.worst_open_severity ?? 0) ||
    a.health.overdue - b.health.overdue ||
    a.health.open - b.health.open
  );
}

const COMPARE: Record<SortKey, (a: Turbine, b: Turbine) => number> = {
  name: (a, b) => compareTurkish(turbineDisplayName(a), turbineDisplayName(b)),
  city: (a, b) => compareTurkish(a.city, b.city),
  code: (a, b) => compareTurkish(a.code, b.code),
  location: (a, b) => compareTurkish(a.location, b.location),
  company: (a, b) => compareTurkish(a.company_name ?? '', b.company_name ?? ''),
  rooms: (a, b) => a.rooms - b.rooms,
  photos: (a, b) => a.photo_count - b.photo_count,
  status: (a, b) => statusRank(a) - statusRank(b),
  health: compareHealth,
};

/** A sorted copy; ties keep city, then code, then id order, so the result never depends on the input order. */
export function sortTurbines(turbines: readonly Turbine[], sort: TurbineSort): Turbine[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const primary = COMPARE[sort.key];
  return [...turbines].sort((a, b) => sign * primary(a, b) || COMPARE.city(a, b) || COMPARE.code(a, b) || a.id - b.id);
}

/** Clicking a column header: a new column sorts in its first direction (health: worst first), the sorted one flips. */
export function nextSort(current: TurbineSort, key: SortKey): TurbineSort {
  if (current.key !== key) return { key, direction: FIRST_DIRECTION[key] };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
