import { describe, expect, it } from 'vitest';
import {
  tileCacheSize,
  centredOnSmallAxes,
  centreOf,
  pannableAxes,
  sameView,
  sharedViewOf,
  shortNumber,
  zoomByWheel,
  zoomCap,
  zoomIn,
  zoomLevels,
  zoomOut,
} from './zoom-view.ts';

describe('zoom steps and bounds (spec §9: ×1.5 from 0.5; DECISIONS §16: up to 2x beyond 1:1)', () => {
  it('multiplies by 1.5 per step in and divides per step out', () => {
    expect(zoomIn(1)).toBe(1.5);
    expect(zoomIn(1.5)).toBe(2.25);
    expect(zoomOut(1.5)).toBe(1);
    expect(zoomOut(1)).toBeCloseTo(2 / 3);
  });

  it('stops at 5 going in and at 0.5 going out for a photo no larger than the view', () => {
    let zoom = 1;
    for (let i = 0; i < 10; i += 1) zoom = zoomIn(zoom);
    expect(zoom).toBe(5);
    expect(zoomIn(3.375)).toBe(5); // 5.0625 clamped
    for (let i = 0; i < 10; i += 1) zoom = zoomOut(zoom);
    expect(zoom).toBe(0.5);
    expect(zoomOut(2 / 3)).toBe(0.5); // 0.444 clamped
  });

  it('steps back from the cap on the same ladder: 338, 225, 150, 100 %', () => {
    const out: number[] = [];
    for (let zoom = 5; zoom > 1; ) {
      zoom = zoomOut(zoom);
      out.push(Math.round(zoom * 100));
    }
    expect(out).toEqual([338, 225, 150, 100]);
    expect(zoomOut(4)).toBe(3.375); // a zoom between two levels goes to the level below
    expect(zoomIn(4)).toBe(5);
    expect(zoomLevels().map((level) => Math.round(level * 100))).toEqual([50, 67, 100, 150, 225, 338, 500]);
    // a level read back from the viewer's springs with a float's error is still that level
    expect(zoomIn(1.4999999)).toBe(2.25);
    expect(zoomOut(2.2500001)).toBe(1.5);
  });

  it('goes on to twice 1:1 for a photo with more pixels than the view, on the same ladder', () => {
    // a 8192 px photo fitted 1024 px wide: 1:1 is ×8, the cap ×16
    expect(zoomCap(8)).toBe(16);
    expect(zoomCap(1.2)).toBe(5);
    expect(zoomCap(Number.NaN)).toBe(5);
    let zoom = 1;
    const seen: number[] = [];
    while (zoom < 16) {
      zoom = zoomIn(zoom, 16);
      seen.push(Math.round(zoom * 1000) / 1000);
    }
    expect(seen).toEqual([1.5, 2.25, 3.375, 5.063, 7.594, 11.391, 16]);
    expect(zoomOut(16, 16)).toBeCloseTo(11.390625);
  });

  it('takes one step per wheel notch: up is in, down is out', () => {
    expect(zoomByWheel(1, true)).toBe(1.5);
    expect(zoomByWheel(1.5, false)).toBe(1);
    expect(zoomByWheel(5, true)).toBe(5);
  });
});

describe('views in image coordinates', () => {
  const picture = { x: 0, y: 0, width: 1, height: 0.5 };

  it('a fitted picture is the view { zoom 1, centred }', () => {
    expect(sharedViewOf(1, { x: 0.5, y: 0.25 }, picture)).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(centreOf({ zoom: 1, x: 0, y: 0 }, picture)).toEqual({ x: 0.5, y: 0.25 });
  });

  it('pans only where the picture is larger than the view, and stays centred elsewhere', () => {
    // fitted by its width in a taller view: nothing to pan; a drag or a zoom about a corner leaves it centred
    const tallView = { x: 0, y: -0.25, width: 1, height: 1 };
    expect(pannableAxes(tallView, picture)).toEqual({ horizontal: false, vertical: false });
    expect(centredOnSmallAxes({ x: 0.3, y: 0.1 }, tallView, picture)).toEqual({ x: 0.5, y: 0.25 });
    // at ×1.5 the picture is wider than the view but still lower: sideways only
    const zoomed = { x: 0.1, y: -0.083, width: 0.667, height: 0.667 };
    expect(pannableAxes(zoomed, picture)).toEqual({ horizontal: true, vertical: false });
    expect(centredOnSmallAxes({ x: 0.3, y: 0.1 }, zoomed, picture)).toEqual({ x: 0.3, y: 0.25 });
  });

  it('tells one view from another beyond rounding, and writes short numbers', () => {
    expect(sameView({ zoom: 1.5, x: 0.1, y: 0 }, { zoom: 1.50000001, x: 0.1, y: 0 })).toBe(true);
    expect(sameView({ zoom: 1.5, x: 0.1, y: 0 }, { zoom: 1.5, x: 0.11, y: 0 })).toBe(false);
    expect(shortNumber(2.2500000001)).toBe('2.25');
    expect(shortNumber(1)).toBe('1');
    expect(shortNumber(1.0004)).toBe('1');
  });
});

// issue 25: OpenSeadragon's default cache (200 tiles of about 1 MB each) held 700 MB over 20 photos
describe('the tiles a viewer keeps decoded', () => {
  it('holds three screens of tiles, at least 64 and far under the default 200 on a laptop screen', () => {
    // 1440×900 at 1×: 4 × 3 tiles of 510 px on screen (a part tile at each edge)
    expect(tileCacheSize(1440, 900, 1)).toBe(64);
    expect(tileCacheSize(800, 600, 1)).toBe(64);
    // a 4K screen at 2×: 17 × 10 tiles on screen
    expect(tileCacheSize(1920, 1080, 2)).toBe(3 * 9 * 6);
    expect(tileCacheSize(3840, 2160, 2)).toBe(3 * 17 * 10);
    expect(tileCacheSize(1440, 900, 1, 254)).toBe(3 * 7 * 5);
  });
});
