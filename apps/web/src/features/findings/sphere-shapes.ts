import { type PanoramaGeometry, POLYGON_MAX_POINTS, POLYGON_MIN_POINTS, type PhotoFinding } from '@windscope/contract';

/** [yaw, pitch] in radians. */
export type SpherePoint = [number, number];

const TWO_PI = 2 * Math.PI;
const round = (v: number) => Number(v.toFixed(5));
const wrap = (yaw: number) => ((yaw % TWO_PI) + TWO_PI) % TWO_PI;

/** Stored geometry (DECISIONS §12, the contract, the server's evidence crop) measures yaw from the equirectangular
 *  image's left edge; Photo Sphere Viewer measures it from the image's centre. Both grow to the right; pitch is the same.
 *  These two are the only place the viewer's convention meets the stored one. */
export const fromViewer = ([yaw, pitch]: SpherePoint): SpherePoint => [wrap(yaw + Math.PI), pitch];
export const toViewer = ([yaw, pitch]: SpherePoint): SpherePoint => [wrap(yaw - Math.PI), pitch];

/** yaw into 0..2π, pitch into -π/2..π/2 (the contract's ranges), rounded to 5 decimals (~0.6 mm at 100 m). */
export function cleanSpherePoint([yaw, pitch]: SpherePoint): SpherePoint {
  const y = round(wrap(yaw));
  // rounding may land just past 2π, which is the same direction as 0
  const p = round(Math.max(-Math.PI / 2, Math.min(Math.PI / 2, pitch)));
  return [y >= TWO_PI ? 0 : y, Math.max(-Math.PI / 2, Math.min(Math.PI / 2, p))];
}

/** How the clicked points finish: one point, a polygon of 3..64, or not yet (none or two). */
export function sphereShapeOf(count: number): PanoramaGeometry['shape'] | null {
  if (count === 1) return 'point';
  if (count >= POLYGON_MIN_POINTS) return 'polygon';
  return null;
}

/** Under this angle (radians, ~0.3°) two clicked points are the same one. */
const SAME_POINT = 0.005;

/** The points without a last one that repeats the one before (a double-click's second click). */
export function withoutRepeat(points: readonly SpherePoint[]): SpherePoint[] {
  const last = points.at(-1);
  const before = points.at(-2);
  if (last && before && Math.abs(last[0] - before[0]) < SAME_POINT && Math.abs(last[1] - before[1]) < SAME_POINT)
    return points.slice(0, -1);
  return [...points];
}

/** The §12 geometry of the points clicked on a panorama (in the viewer's yaw), or null when they make no shape yet
 *  (none, or two). */
export function sphereGeometry(viewerPoints: readonly SpherePoint[]): PanoramaGeometry | null {
  const shape = sphereShapeOf(viewerPoints.length);
  if (!shape) return null;
  const cleaned = viewerPoints.slice(0, POLYGON_MAX_POINTS).map((p) => cleanSpherePoint(fromViewer(p)));
  return shape === 'point'
    ? { space: 'panorama', shape, points: [cleaned[0] as SpherePoint] }
    : { space: 'panorama', shape, points: cleaned };
}

/** One finding's marker on the sphere. */
export interface SphereMarker {
  /** unique per observation */
  key: string;
  findingId: number;
  severity: number;
  shape: PanoramaGeometry['shape'];
  /** in the viewer's yaw */
  points: SpherePoint[];
  /** "Crack, severity 4 (High)": hover text and accessible name */
  label: string;
  /** CSS colour of the severity (the flat overlay's and the chip's) */
  color: string;
  /** drawn from the other photo of a year compare: dashed, unfilled */
  other?: boolean;
}

/** The findings of a panorama as markers (points turned to the viewer's yaw); flat geometries (never stored on a panorama) are left out. */
export function sphereMarkers(
  findings: readonly PhotoFinding[],
  label: (finding: PhotoFinding) => string,
  color: (severity: number) => string,
): SphereMarker[] {
  return findings.flatMap((f) =>
    f.geometry.space === 'panorama'
      ? [
          {
            key: `finding-${f.observation_id}`,
            findingId: f.finding_id,
            severity: f.severity,
            shape: f.geometry.shape,
            points: f.geometry.points.map(([y, p]) => toViewer([y, p])),
            label: label(f),
            color: color(f.severity),
          },
        ]
      : [],
  );
}
