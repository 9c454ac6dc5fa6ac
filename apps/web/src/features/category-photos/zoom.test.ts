import { describe, expect, it } from 'vitest';
import { canPan, clampPan, clampZoom, fittedSize, offsetForZoom, ZOOM_LEVELS, zoomByWheel, zoomIn, zoomOut } from './zoom.ts';

describe('zoom steps and bounds (spec §9: ×1.5, 0.5..5)', () => {
  it('multiplies by 1.5 per step in and divides per step out', () => {
    expect(zoomIn(1)).toBe(1.5);
    expect(zoomIn(1.5)).toBe(2.25);
    expect(zoomOut(1.5)).toBe(1);
    expect(zoomOut(1)).toBeCloseTo(2 / 3);
  });

  it('stops at 5 going in and at 0.5 going out', () => {
    let zoom = 1;
    for (let i = 0; i < 10; i += 1) zoom = zoomIn(zoom);
    expect(zoom).toBe(5);
    expect(zoomIn(3.375)).toBe(5); // 5.0625 clamped
    for (let i = 0; i < 10; i += 1) zoom = zoomOut(zoom);
    expect(zoom).toBe(0.5);
    expect(zoomOut(2 / 3)).toBe(0.5); // 0.444 clamped
    expect(clampZoom(12)).toBe(5);
    expect(clampZoom(0.1)).toBe(0.5);
  });

  it('steps back from the 500 % cap on the same ladder: 338, 225, 150, 100 %', () => {
    const out: number[] = [];
    for (let zoom = 5; zoom > 1; ) {
      zoom = zoomOut(zoom);
      out.push(Math.round(zoom * 100));
    }
    expect(out).toEqual([338, 225, 150, 100]);
    expect(zoomOut(4)).toBe(3.375); // a zoom between two levels goes to the level below
    expect(zoomIn(4)).toBe(5);
    expect(ZOOM_LEVELS.map((level) => Math.round(level * 100))).toEqual([50, 67, 100, 150, 225, 338, 500]);
    let zoom = 0.5;
    for (let i = 0; i < 10; i += 1) zoom = zoomIn(zoom);
    expect(zoom).toBe(5);
    expect(zoomOut(0.5)).toBe(0.5);
  });

  it('takes one step per wheel notch: up is in, down is out', () => {
    expect(zoomByWheel(1, -100)).toBe(1.5);
    expect(zoomByWheel(1.5, 100)).toBe(1);
    expect(zoomByWheel(2, 0)).toBe(2);
  });
});

describe('panning', () => {
  const viewport = { width: 800, height: 600 };
  const fitted = { width: 800, height: 600 };

  it('is only possible once zoomed in', () => {
    expect(canPan(1)).toBe(false);
    expect(canPan(0.5)).toBe(false);
    expect(canPan(1.5)).toBe(true);
    expect(clampPan({ x: 100, y: 50 }, 1, viewport, fitted)).toEqual({ x: 0, y: 0 });
  });

  it('stops where the picture edge meets the viewport edge', () => {
    // at ×2 the picture is 1600×1200: it may move 400 px sideways and 300 px up or down
    expect(clampPan({ x: 1000, y: -1000 }, 2, viewport, fitted)).toEqual({ x: 400, y: -300 });
    expect(clampPan({ x: 120, y: 80 }, 2, viewport, fitted)).toEqual({ x: 120, y: 80 });
  });

  it('keeps a narrow picture centred on the axis where it still fits', () => {
    expect(clampPan({ x: 200, y: 200 }, 1.5, viewport, { width: 400, height: 600 })).toEqual({ x: 0, y: 150 });
  });

  it('keeps the point under the cursor in place while zooming', () => {
    // cursor 100 px right of centre, picture centred: after ×2 the picture moves 100 px left
    expect(offsetForZoom({ x: 0, y: 0 }, 1, 2, { x: 100, y: 0 })).toEqual({ x: -100, y: 0 });
    expect(offsetForZoom({ x: 50, y: 20 }, 2, 2)).toEqual({ x: 50, y: 20 });
  });

  it('fits a picture inside the viewport', () => {
    expect(fittedSize({ width: 4000, height: 3000 }, viewport)).toEqual({ width: 800, height: 600 });
    expect(fittedSize({ width: 1000, height: 1000 }, viewport)).toEqual({ width: 600, height: 600 });
  });
});
