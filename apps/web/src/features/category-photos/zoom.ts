import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '@windscope/contract';

/** Photo zoom (spec §2, §9): ×1.5 per step on a fixed ladder, between 0.5 and 5; panning only once zoomed in. */
export interface Offset {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

export function clampZoom(zoom: number): number {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

/** The levels a step can land on: powers of the step between the bounds, and the bounds themselves
 *  (0.5, 0.67, 1, 1.5, 2.25, 3.375, 5), so that stepping back from a bound meets the same levels as stepping out. */
export const ZOOM_LEVELS: readonly number[] = (() => {
  const levels = [ZOOM_MIN, 1, ZOOM_MAX];
  for (let level = ZOOM_STEP; level < ZOOM_MAX; level *= ZOOM_STEP) levels.push(level);
  for (let level = 1 / ZOOM_STEP; level > ZOOM_MIN; level /= ZOOM_STEP) levels.push(level);
  return [...new Set(levels)].sort((a, b) => a - b);
})();

/** Below this difference two zooms are the same level (rounding). */
const SAME_LEVEL = 1e-6;

export function zoomIn(zoom: number): number {
  return ZOOM_LEVELS.find((level) => level > zoom + SAME_LEVEL) ?? ZOOM_MAX;
}

export function zoomOut(zoom: number): number {
  return ZOOM_LEVELS.findLast((level) => level < zoom - SAME_LEVEL) ?? ZOOM_MIN;
}

/** One wheel notch is one step: up zooms in, down zooms out. */
export function zoomByWheel(zoom: number, deltaY: number): number {
  if (deltaY < 0) return zoomIn(zoom);
  if (deltaY > 0) return zoomOut(zoom);
  return zoom;
}

export function canPan(zoom: number): boolean {
  return zoom > 1;
}

/** The picture may move until its edge meets the viewport's edge, never further; at 100 % or less it stays centred. */
export function clampPan(offset: Offset, zoom: number, viewport: Size, fitted: Size): Offset {
  if (!canPan(zoom)) return { x: 0, y: 0 };
  const maxX = Math.max(0, (fitted.width * zoom - viewport.width) / 2);
  const maxY = Math.max(0, (fitted.height * zoom - viewport.height) / 2);
  return { x: Math.min(maxX, Math.max(-maxX, offset.x)), y: Math.min(maxY, Math.max(-maxY, offset.y)) };
}

/** Zooming with the wheel keeps the point under the cursor in place (`anchor` relative to the viewport's centre). */
export function offsetForZoom(offset: Offset, from: number, to: number, anchor: Offset = { x: 0, y: 0 }): Offset {
  const ratio = to / from;
  return { x: anchor.x - (anchor.x - offset.x) * ratio, y: anchor.y - (anchor.y - offset.y) * ratio };
}

/** The size a picture takes when fitted inside the viewport (object-fit: contain). */
export function fittedSize(natural: Size, viewport: Size): Size {
  if (natural.width <= 0 || natural.height <= 0) return viewport;
  const scale = Math.min(viewport.width / natural.width, viewport.height / natural.height);
  return { width: natural.width * scale, height: natural.height * scale };
}
