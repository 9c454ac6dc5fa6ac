import { type FlatGeometry, POLYGON_MAX_POINTS, POLYGON_MIN_POINTS } from '@windscope/contract';

export type FlatShape = FlatGeometry['shape'];
export type Point = [number, number];

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
/** Less than this fraction of the photo in either direction is a slip of the mouse, not a box. */
const MIN_EXTENT = 0.002;

/** A pointer position as a point normalised to 0..1 of the drawn image's box (its on-screen rect after zoom and pan:
 *  the same fraction of the original, whatever the zoom). */
export function normalisedPoint(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): Point {
  return [clamp01((clientX - box.left) / box.width), clamp01((clientY - box.top) / box.height)];
}

/** The §12 geometry of a drawn shape, or null when it is not one yet (a box without area, a polygon under 3 points). */
export function flatGeometry(shape: FlatShape, points: Point[]): FlatGeometry | null {
  const rounded = points.map(([x, y]) => [Number(x.toFixed(5)), Number(y.toFixed(5))] as Point);
  if (shape === 'point') return rounded.length >= 1 ? { space: 'flat', shape, points: [rounded[0] as Point] } : null;
  if (shape === 'polygon')
    return rounded.length >= POLYGON_MIN_POINTS ? { space: 'flat', shape, points: rounded.slice(0, POLYGON_MAX_POINTS) } : null;
  const [a, b] = rounded;
  if (!a || !b || Math.abs(a[0] - b[0]) < MIN_EXTENT || Math.abs(a[1] - b[1]) < MIN_EXTENT) return null;
  return { space: 'flat', shape, points: [a, b] };
}
