import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '@windscope/contract';

/** The deep-zoom surface's arithmetic (DECISIONS §16, spec §2/§9), apart from OpenSeadragon so it can be tested. Zoom is
 *  counted against the fitted picture (1 = the whole photo fits): ×1.5 per step on a fixed ladder from 0.5 up to 5, or
 *  further where the photo has more pixels, up to twice its own pixels (1:1 and 2x beyond). */

export interface Size {
  width: number;
  height: number;
}

/** Beyond 1:1 the picture may be enlarged this much (DECISIONS §16: "1:1 and 2x beyond"). */
export const BEYOND_ONE_TO_ONE = 2;

/** The largest zoom against the fit: the spec's 5, or twice 1:1 when that is further (`oneToOne`: the zoom at which one
 *  pixel of the original is one pixel on screen). */
export function zoomCap(oneToOne: number): number {
  return Math.max(ZOOM_MAX, BEYOND_ONE_TO_ONE * (Number.isFinite(oneToOne) && oneToOne > 0 ? oneToOne : 0));
}

/** The levels a step can land on: powers of the step between 0.5 and the cap, 1, and the bounds themselves, so that
 *  stepping back from a bound meets the same levels as stepping out (0.5, 0.67, 1, 1.5, 2.25, 3.375, 5 for a small photo). */
export function zoomLevels(cap: number = ZOOM_MAX): number[] {
  const levels = [ZOOM_MIN, 1, cap];
  for (let level = ZOOM_STEP; level < cap; level *= ZOOM_STEP) levels.push(level);
  for (let level = 1 / ZOOM_STEP; level > ZOOM_MIN; level /= ZOOM_STEP) levels.push(level);
  return [...new Set(levels)].sort((a, b) => a - b);
}

/** Below this difference two zooms are the same level (rounding, and the springs' float). */
const SAME_LEVEL = 1e-4;

export function zoomIn(zoom: number, cap: number = ZOOM_MAX): number {
  return zoomLevels(cap).find((level) => level > zoom + SAME_LEVEL) ?? cap;
}

export function zoomOut(zoom: number, cap: number = ZOOM_MAX): number {
  return zoomLevels(cap).findLast((level) => level < zoom - SAME_LEVEL) ?? ZOOM_MIN;
}

/** One wheel notch is one step: up zooms in, down zooms out. */
export function zoomByWheel(zoom: number, up: boolean, cap: number = ZOOM_MAX): number {
  return up ? zoomIn(zoom, cap) : zoomOut(zoom, cap);
}

/** A view independent of the picture's size on screen, so two pictures can share it (the year compare): the zoom against
 *  the fit, and the picture centre's offset from the view's centre as a fraction of the fitted picture. */
export interface SharedView {
  zoom: number;
  x: number;
  y: number;
}

export const FITTED: SharedView = { zoom: 1, x: 0, y: 0 };

/** A rectangle in OpenSeadragon's viewport coordinates (the picture's bounds, or what the view shows). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Centre {
  x: number;
  y: number;
}

/** The view shown when the view's centre is `centre` at `zoom` (against the fit), the picture being `picture`. */
export function sharedViewOf(zoom: number, centre: Centre, picture: Box): SharedView {
  return {
    zoom,
    x: ((picture.x + picture.width / 2 - centre.x) / picture.width) * zoom,
    y: ((picture.y + picture.height / 2 - centre.y) / picture.height) * zoom,
  };
}

/** The centre that shows `view` of `picture` (the inverse of sharedViewOf). */
export function centreOf(view: SharedView, picture: Box): Centre {
  return {
    x: picture.x + picture.width / 2 - (view.x / view.zoom) * picture.width,
    y: picture.y + picture.height / 2 - (view.y / view.zoom) * picture.height,
  };
}

/** Panning only once zoomed in: on an axis where the picture does not fill the view, it stays centred. */
export function centredOnSmallAxes(centre: Centre, shown: Box, picture: Box): Centre {
  const pannable = pannableAxes(shown, picture);
  return {
    x: pannable.horizontal ? centre.x : picture.x + picture.width / 2,
    y: pannable.vertical ? centre.y : picture.y + picture.height / 2,
  };
}

/** Whether a drag may move the picture along each axis: only where it is larger than the view. */
export function pannableAxes(shown: Box, picture: Box): { horizontal: boolean; vertical: boolean } {
  return { horizontal: shown.width < picture.width * (1 - SAME_LEVEL), vertical: shown.height < picture.height * (1 - SAME_LEVEL) };
}

/** Two views closer than this are the same (a synced pair does not echo one back). */
export function sameView(a: SharedView, b: SharedView): boolean {
  return Math.abs(a.zoom - b.zoom) < SAME_LEVEL && Math.abs(a.x - b.x) < SAME_LEVEL && Math.abs(a.y - b.y) < SAME_LEVEL;
}

/** A number for a data attribute: at most three decimals, no trailing zeros ('1', '1.5', '2.25'). */
export function shortNumber(value: number): string {
  return String(Number(value.toFixed(3)));
}

/** Tiles OpenSeadragon keeps decoded for one viewer (its default is 200): each is a 2D canvas of a tile's pixels, about
 *  1 MB, so 200 held 200 MB per viewer and the tab grew to 700 MB over 20 photos (issue 25). Three screens' worth of
 *  tiles (the level shown and those a zoom passes through), never under 64. */
export function tileCacheSize(width: number, height: number, pixelRatio: number, tileSize = 510): number {
  const across = Math.ceil((width * pixelRatio) / tileSize) + 1;
  const down = Math.ceil((height * pixelRatio) / tileSize) + 1;
  return Math.max(64, 3 * across * down);
}
