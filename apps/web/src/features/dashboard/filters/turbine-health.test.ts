import type { TurbineHealth } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import { makeTurbine } from '../../management/test-support.ts';
import { readDashboardState, writeDashboardState } from './dashboard-url-state.ts';
import { applyFilters, hasFilters, indexTurbines, NO_FILTERS, openBySeverity } from './turbine-filters.ts';
import { nextSort, sortTurbines } from './turbine-sort.ts';

// Turbine health on the dashboard (DECISIONS §12): the "worst severity at least N" filter, the health sort (worst
// first), the counters' open findings per severity, and their place in the URL.
function health(worst: number | null, open: number, overdue: number, bySeverity?: TurbineHealth['open_by_severity']): TurbineHealth {
  return {
    worst_open_severity: worst,
    open,
    overdue,
    open_by_severity: bySeverity ?? [0, 0, 0, 0, 0],
    escalated_this_year: 0,
    worst_this_year: null,
    worst_last_year: null,
  };
}

const fleet = [
  makeTurbine({ id: 1, city: 'izmir', code: 'A-1', health: health(null, 0, 0) }),
  makeTurbine({ id: 2, city: 'izmir', code: 'A-2', health: health(3, 2, 0, [0, 1, 1, 0, 0]) }),
  makeTurbine({ id: 3, city: 'aydın', code: 'B-1', health: health(5, 1, 1, [0, 0, 0, 0, 1]) }),
  makeTurbine({ id: 4, city: 'aydın', code: 'B-2', health: health(3, 3, 2, [1, 0, 2, 0, 0]) }),
  makeTurbine({ id: 5, city: 'çanakkale', code: 'C-1', health: health(1, 1, 0, [1, 0, 0, 0, 0]) }),
];
const index = indexTurbines(fleet);
const ids = (turbines: { id: number }[]) => turbines.map((t) => t.id);

describe('worst severity at least N', () => {
  it('keeps turbines whose worst open finding reaches N, never one without open findings', () => {
    expect(ids(applyFilters(index, { ...NO_FILTERS, minSeverity: 3 }))).toEqual([2, 3, 4]);
    expect(ids(applyFilters(index, { ...NO_FILTERS, minSeverity: 5 }))).toEqual([3]);
    expect(ids(applyFilters(index, { ...NO_FILTERS, minSeverity: 1 }))).toEqual([2, 3, 4, 5]);
    expect(ids(applyFilters(index, NO_FILTERS))).toEqual([1, 2, 3, 4, 5]);
  });

  it('combines with the other filters and counts as a filter', () => {
    expect(ids(applyFilters(index, { ...NO_FILTERS, minSeverity: 3, city: 'aydın' }))).toEqual([3, 4]);
    expect(hasFilters({ ...NO_FILTERS, minSeverity: 2 })).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });
});

describe('sorting by health', () => {
  it('starts worst first: highest severity, then more overdue, then more open; no open findings last', () => {
    const first = nextSort({ key: 'city', direction: 'asc' }, 'health');
    expect(first).toEqual({ key: 'health', direction: 'desc' });
    expect(ids(sortTurbines(fleet, first))).toEqual([3, 4, 2, 5, 1]);
  });

  it('flips to best first on a second press; ties keep city, then code', () => {
    const flipped = nextSort({ key: 'health', direction: 'desc' }, 'health');
    expect(flipped).toEqual({ key: 'health', direction: 'asc' });
    expect(ids(sortTurbines(fleet, flipped))).toEqual([1, 5, 2, 4, 3]);
    const tied = [makeTurbine({ id: 7, city: 'izmir', code: 'Z' }), makeTurbine({ id: 8, city: 'aydın', code: 'Y' })];
    expect(ids(sortTurbines(tied, { key: 'health', direction: 'desc' }))).toEqual([8, 7]);
  });

  it('other columns still start ascending', () => {
    expect(nextSort({ key: 'health', direction: 'desc' }, 'code')).toEqual({ key: 'code', direction: 'asc' });
  });
});

it('adds up the open findings per severity of the turbines given', () => {
  expect(openBySeverity(fleet)).toEqual([2, 1, 3, 0, 1]);
  expect(openBySeverity(applyFilters(index, { ...NO_FILTERS, city: 'aydın' }))).toEqual([1, 0, 2, 0, 1]);
  expect(openBySeverity([])).toEqual([0, 0, 0, 0, 0]);
});

describe('in the URL', () => {
  const read = (search: string) => readDashboardState(new URLSearchParams(search), 'grid');

  it('reads severity=N of the scale and ignores anything else', () => {
    expect(read('?severity=4').filters.minSeverity).toBe(4);
    for (const bad of ['0', '6', '2.5', 'x', '-1', '']) expect(read(`?severity=${bad}`).filters.minSeverity).toBeNull();
  });

  it('writes the filter and the health sort, leaving the first direction out', () => {
    const state = read('');
    const worstFirst = writeDashboardState(
      { ...state, filters: { ...state.filters, minSeverity: 3 }, sort: { key: 'health', direction: 'desc' } },
      new URLSearchParams(),
    );
    expect(worstFirst.toString()).toBe('severity=3&view=grid&sort=health');
    expect(read(`?${worstFirst}`).sort).toEqual({ key: 'health', direction: 'desc' });
    const bestFirst = writeDashboardState({ ...state, sort: { key: 'health', direction: 'asc' } }, new URLSearchParams());
    expect(bestFirst.get('dir')).toBe('asc');
    expect(read(`?${bestFirst}`).sort).toEqual({ key: 'health', direction: 'asc' });
    // the other columns keep their old addresses
    expect(read('?sort=code&dir=desc').sort).toEqual({ key: 'code', direction: 'desc' });
    expect(read('?sort=code').sort).toEqual({ key: 'code', direction: 'asc' });
  });
});
