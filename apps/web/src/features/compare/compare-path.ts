/** The year compare of a turbine (issue 16): kept out of app/paths.ts, which the home page loads. */
export interface CompareLink {
  blade?: string | null;
  /** `room-3` (360° interior) or `drone` / `operator` / `robot` (outside) */
  zone?: string | null;
  a?: number | null;
  b?: number | null;
  /** the photo on each side */
  pa?: number | null;
  pb?: number | null;
}

export function comparePath(id: number | string, link: CompareLink = {}): string {
  const query = new URLSearchParams();
  for (const key of ['blade', 'zone', 'a', 'b', 'pa', 'pb'] as const) {
    const value = link[key];
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return `/dashboard/turbine/${id}/compare${text ? `?${text}` : ''}`;
}

interface FindingPlace {
  blade: string;
  surface: string;
  room: number | null;
  observations: readonly { photo_id: number; year: number; photo: { category: string | null; room: number | null } }[];
}

/** The compare of a finding's zone (its blade and room inside, its blade and the method of its latest photo outside) in
 *  its last two years of sightings, on the photos it was seen on; a finding seen in one year only opens that year on the
 *  right, and the zone's year before it on the left. */
export function compareLinkOfFinding(finding: FindingPlace): CompareLink {
  const sightings = [...finding.observations].sort((x, y) => x.year - y.year);
  const last = sightings.at(-1);
  const interior = finding.surface === 'interior';
  const zone = interior ? (finding.room ? `room-${finding.room}` : null) : (last?.photo.category ?? null);
  if (!last) return { blade: finding.blade, zone };
  const earlier = sightings.filter((o) => o.year < last.year).at(-1);
  return { blade: finding.blade, zone, a: earlier?.year ?? null, b: last.year, pa: earlier?.photo_id ?? null, pb: last.photo_id };
}
