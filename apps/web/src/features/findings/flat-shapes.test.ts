import { flatGeometrySchema } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import { flatGeometry, normalisedPoint } from './flat-shapes.ts';

describe('flat finding shapes (DECISIONS §12)', () => {
  it('normalises a pointer to the drawn box whatever its zoomed size, clamped to 0..1', () => {
    // the image drawn at 200%: 2000 px wide starting 500 px left of the viewport
    expect(normalisedPoint(500, 300, { left: -500, top: -200, width: 2000, height: 1000 })).toEqual([0.5, 0.5]);
    expect(normalisedPoint(-900, 5000, { left: -500, top: -200, width: 2000, height: 1000 })).toEqual([0, 1]);
  });

  it('gives geometry the contract accepts, and none for a box without area or a polygon under 3 points', () => {
    const box = flatGeometry('rectangle', [
      [0.1, 0.2],
      [0.4, 0.5],
    ]);
    expect(flatGeometrySchema.safeParse(box).success).toBe(true);
    expect(
      flatGeometry('ellipse', [
        [0.1, 0.2],
        [0.1, 0.5],
      ]),
    ).toBeNull();
    expect(
      flatGeometry('polygon', [
        [0.1, 0.2],
        [0.3, 0.5],
      ]),
    ).toBeNull();
    const polygon = flatGeometry(
      'polygon',
      Array.from({ length: 70 }, (_, i) => [i / 100, 0.5] as [number, number]),
    );
    expect(polygon?.points).toHaveLength(64);
    expect(flatGeometrySchema.safeParse(polygon).success).toBe(true);
    expect(flatGeometrySchema.safeParse(flatGeometry('point', [[0.123456789, 1]])).success).toBe(true);
  });
});
