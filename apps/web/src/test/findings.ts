import type { Finding, FindingDetail } from '@windscope/contract';

/** A finding as the list answers it, for the web app's tests: a confirmed leading-edge crack on blade A of turbine 1,
 *  seen once in 2026; `over` sets what a test is about. */
export const testFinding = (over: Partial<Finding> = {}): Finding => ({
  id: 21,
  turbine_id: 1,
  blade: 'A',
  surface: 'LE',
  room: null,
  distance_from_root_m: 21,
  type: 'crack',
  severity: 3,
  depth_class: null,
  length_mm: null,
  width_mm: null,
  notes: null,
  status: 'confirmed',
  due_date: null,
  overdue: false,
  created_by: null,
  created_by_name: null,
  repaired_by: null,
  version: 1,
  first_seen_year: 2026,
  last_seen_year: 2026,
  observation_count: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

/** The same finding as one finding's answer has it (no sightings, history or transitions unless `over` gives them). */
export const testFindingDetail = (over: Partial<FindingDetail> = {}): FindingDetail => ({
  ...testFinding(),
  observations: [],
  events: [],
  transitions: [],
  ...over,
});
