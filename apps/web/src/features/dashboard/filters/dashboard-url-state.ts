import { useCallback, useMemo } from 'react';
import { useQueuedSearchParams } from '../../../ui/use-queued-search-params.ts';
import { isViewMode, readViewMode, saveViewMode, type ViewMode } from '../view-mode.ts';
import { NO_FILTERS, type TurbineFilters } from './turbine-filters.ts';
import { DEFAULT_SORT, FIRST_DIRECTION, isSortKey, type SortKey, type SortDirection, type TurbineSort } from './turbine-sort.ts';

/** dir= is written only when it differs from the column's first direction (health starts worst first, descending). */
function readDirection(value: string | null, key: SortKey): SortDirection {
  return value === 'asc' || value === 'desc' ? value : FIRST_DIRECTION[key];
}

/** Everything the dashboard's filter bar and list headers choose. */
export interface DashboardState {
  filters: TurbineFilters;
  companyId: number | null;
  view: ViewMode;
  sort: TurbineSort;
}

/** Search parameter names: /dashboard?q=bergama&city=izmir&year=2025&severity=3&company=2&view=list&sort=code&dir=desc */
const PARAM = {
  text: 'q',
  city: 'city',
  year: 'year',
  severity: 'severity',
  manufacturer: 'manufacturer',
  model: 'model',
  bladeType: 'blade_type',
  company: 'company',
  view: 'view',
  sort: 'sort',
  direction: 'dir',
} as const;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** A severity of the scale (1..5), else null. */
function severityParam(value: string | null): number | null {
  const n = positiveInt(value);
  return n !== null && n <= 5 ? n : null;
}

/** The state a URL describes; anything missing or malformed is the default (the view: the one last chosen). */
export function readDashboardState(params: URLSearchParams, savedView: ViewMode): DashboardState {
  const view = params.get(PARAM.view);
  const sortKey = params.get(PARAM.sort);
  return {
    filters: {
      text: params.get(PARAM.text) ?? NO_FILTERS.text,
      city: params.get(PARAM.city) || null,
      year: positiveInt(params.get(PARAM.year)),
      minSeverity: severityParam(params.get(PARAM.severity)),
      manufacturer: params.get(PARAM.manufacturer) || null,
      model: params.get(PARAM.model) || null,
      bladeType: params.get(PARAM.bladeType) || null,
    },
    companyId: positiveInt(params.get(PARAM.company)),
    view: isViewMode(view) ? view : savedView,
    sort: isSortKey(sortKey) ? { key: sortKey, direction: readDirection(params.get(PARAM.direction), sortKey) } : DEFAULT_SORT,
  };
}

/** The URL for a state, leaving defaults out and other parameters alone. */
export function writeDashboardState(state: DashboardState, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  const put = (name: string, value: string | number | null) => {
    if (value === null || value === '') params.delete(name);
    else params.set(name, String(value));
  };
  put(PARAM.text, state.filters.text);
  put(PARAM.city, state.filters.city);
  put(PARAM.year, state.filters.year);
  put(PARAM.severity, state.filters.minSeverity);
  put(PARAM.manufacturer, state.filters.manufacturer);
  put(PARAM.model, state.filters.model);
  put(PARAM.bladeType, state.filters.bladeType);
  put(PARAM.company, state.companyId);
  put(PARAM.view, state.view);
  const defaultSort = state.sort.key === DEFAULT_SORT.key && state.sort.direction === DEFAULT_SORT.direction;
  put(PARAM.sort, defaultSort ? null : state.sort.key);
  put(PARAM.direction, defaultSort || state.sort.direction === FIRST_DIRECTION[state.sort.key] ? null : state.sort.direction);
  return params;
}

type Change = (current: DashboardState) => Partial<DashboardState>;

export interface UpdateOptions {
  /** replace the history entry instead of adding one; a function decides from the state before and after the change */
  replace?: boolean | ((before: DashboardState, next: DashboardState) => boolean);
}

/** The dashboard's filters, view and sort kept in the URL, so a filtered view can be shared, bookmarked and reloaded,
 *  and back/forward step through choices. Typing in the search box replaces the entry rather than adding one per key.
 *  A change starts from the address asked for last (ui/use-queued-search-params.ts), not the one last drawn: a click or
 *  a key that comes before the router has drawn the previous change keeps it. */
export function useDashboardUrlState(): [DashboardState, (change: Change, options?: UpdateOptions) => void] {
  const [params, setParams, latest] = useQueuedSearchParams();
  const state = useMemo(() => readDashboardState(params, readViewMode()), [params]);
  const update = useCallback(
    (change: Change, options: UpdateOptions = {}) => {
      const current = latest();
      const before = readDashboardState(current, readViewMode());
      const next = { ...before, ...change(before) };
      if (next.view !== before.view) saveViewMode(next.view);
      const replace = typeof options.replace === 'function' ? options.replace(before, next) : (options.replace ?? false);
      setParams(writeDashboardState(next, current), { replace });
    },
    [setParams, latest],
  );
  return [state, update];
}
