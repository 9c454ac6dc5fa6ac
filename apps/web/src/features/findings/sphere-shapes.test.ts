import { type PhotoFinding, panoramaGeometrySchema } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import { fromViewer, sphereGeometry, sphereMarkers, sphereShapeOf, toViewer, withoutRepeat } from './sphere-shapes.ts';

describe('sphere shapes (360° findings)', () => {
  it('turns the viewer yaw (from the image centre) into the stored one (from the left edge) and back', () => {
    expect(fromViewer([0, 0.2])).toEqual([Math.PI, 0.2]);
    expect(fromViewer([Math.PI, 0])[0]).toBeCloseTo(0, 10);
    expect(fromViewer([3 * (Math.PI / 2), -0.5])[0]).toBeCloseTo(Math.PI / 2, 10);
    for (const yaw of [0, 0.3, 2, Math.PI, 4.5, 6.2]) expect(toViewer(fromViewer([yaw, 0.1]))[0]).toBeCloseTo(yaw, 10);
  });

  it('one point is a point, three or more an outline, none or two no shape yet', () => {
    expect(sphereShapeOf(0)).toBeNull();
    expect(sphereShapeOf(1)).toBe('point');
    expect(sphereShapeOf(2)).toBeNull();
    expect(sphereShapeOf(3)).toBe('polygon');
    expect(sphereGeometry([])).toBeNull();
    expect(
      sphereGeometry([
        [0, 0],
        [0.1, 0.1],
      ]),
    ).toBeNull();
    expect(sphereGeometry([[0.5, -0.25]])).toEqual({ space: 'panorama', shape: 'point', points: [[3.64159, -0.25]] });
  });

  it('a double-click repeats its point once: that repeat is dropped, other points stay', () => {
    expect(
      withoutRepeat([
        [1, 0.2],
        [1.001, 0.2],
      ]),
    ).toEqual([[1, 0.2]]);
    const outline: [number, number][] = [
      [1, 0.2],
      [1.2, 0.2],
      [1.1, 0],
    ];
    expect(withoutRepeat(outline)).toEqual(outline);
    expect(withoutRepeat([])).toEqual([]);
  });

  it('keeps stored points inside the contract ranges and at most 64 corners', () => {
    const many = Array.from({ length: 70 }, (_, i) => [i * 0.09 - 3, 1.6] as [number, number]);
    const geometry = sphereGeometry(many);
    expect(geometry?.shape).toBe('polygon');
    expect(geometry?.points).toHaveLength(64);
    expect(panoramaGeometrySchema.safeParse(geometry).success).toBe(true);
    for (const [yaw, pitch] of geometry?.points ?? []) {
      expect(yaw).toBeGreaterThanOrEqual(0);
      expect(yaw).toBeLessThan(2 * Math.PI);
      expect(pitch).toBeLessThanOrEqual(Math.PI / 2);
    }
    // a click just left of the image's left edge rounds onto 0, never past 2π
    expect(sphereGeometry([[Math.PI - 1e-9, 0]])?.points[0]?.[0]).toBe(0);
  });

  it('draws panorama findings only, in the viewer yaw, with their label and colour', () => {
    const finding = (id: number, geometry: PhotoFinding['geometry']): PhotoFinding => ({
      observation_id: id,
      finding_id: id * 10,
      kind: 'sighting',
      geometry,
      observation_severity: 4,
      type: 'crack',
      severity: 4,
      status: 'draft',
    });
    const markers = sphereMarkers(
      [
        finding(1, { space: 'panorama', shape: 'point', points: [[Math.PI, 0.1]] }),
        finding(2, { space: 'flat', shape: 'point', points: [[0.5, 0.5]] }),
      ],
      (f) => `${f.type} ${f.severity}`,
      (s) => `colour-${s}`,
    );
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({ key: 'finding-1', findingId: 10, shape: 'point', label: 'crack 4', color: 'colour-4' });
    expect(markers[0]?.points[0]?.[0]).toBeCloseTo(0, 10);
  });
});
