import type { FindingDetail } from '@windscope/contract';

/** Severity and length per year: of each year, the latest sighting (as the finding's severity is its latest). */
export function perYear(observations: FindingDetail['observations']) {
  const byYear = new Map<number, { year: number; severity: number; length: number | null }>();
  const sightings = observations
    .filter((o) => o.kind === 'sighting')
    .sort((a, b) => a.year - b.year || a.created_at.localeCompare(b.created_at) || a.id - b.id);
  for (const o of sightings) {
    const before = byYear.get(o.year);
    byYear.set(o.year, { year: o.year, severity: o.severity, length: o.length_mm ?? before?.length ?? null });
  }
  return [...byYear.values()];
}
