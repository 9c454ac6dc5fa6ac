import { createExpression } from '@maplibre/maplibre-gl-style-spec';
import type { Turbine } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import {
  CLUSTER_PROPERTIES,
  fleetBounds,
  mapSeverity,
  placeTurbines,
  type SeverityPalette,
  severityColorExpression,
  severityPaletteColor,
  turbineFeatures,
} from './fleet-map-data.ts';

const PALETTE: SeverityPalette = ['grey', 'teal', 'yellow', 'orange', 'red', 'grape'];

function turbine(id: number, coordinates: string | null, worst: number | null): Turbine {
  return { id, coordinates, health: { worst_open_severity: worst } } as unknown as Turbine;
}

/** An expression evaluated by MapLibre's own evaluator (the style spec the map runs). */
function evaluate(expression: unknown, properties: Record<string, unknown>, accumulated?: unknown): unknown {
  const parsed = createExpression(expression, 'test');
  if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
  return parsed.value.evaluate({ zoom: 0, accumulated } as never, { type: 'Point', properties } as never);
}

/** What a clustered GeoJSON source does with clusterProperties (MapLibre's geojson worker: map each point, then reduce
 *  with [operator, ['accumulated'], ['get', key]]), for one cluster of points. */
function clusterValue(key: string, points: Record<string, unknown>[]): unknown {
  const [operator, mapExpression] = CLUSTER_PROPERTIES[key] as [string, unknown];
  const reduce = [operator, ['accumulated'], ['get', key]];
  const mapped = points.map((point) => evaluate(mapExpression, point));
  let accumulated = mapped[0];
  for (const next of mapped.slice(1)) accumulated = evaluate(reduce, { [key]: next }, accumulated);
  return accumulated;
}

describe('the fleet map data', () => {
  it('places turbines by their coordinates text and lists the rest as no position, in order', () => {
    const turbines = [
      turbine(1, '38.4237, 27.1428', 3),
      turbine(2, null, null),
      turbine(3, '38,42 N; 27,14 D', null),
      turbine(4, 'kuzey tepe', 2),
      turbine(5, '95,27', 1),
    ];
    const { placed, unplaced } = placeTurbines(turbines);
    expect(placed.map((p) => [p.turbine.id, p.point.latitude, p.point.longitude])).toEqual([
      [1, 38.4237, 27.1428],
      [3, 38.42, 27.14],
    ]);
    expect(unplaced.map((t) => t.id)).toEqual([2, 4, 5]);
  });

  it('gives each point its severity, 0 without open findings, in GeoJSON order [longitude, latitude]', () => {
    const { placed } = placeTurbines([turbine(7, '38.5,27.5', 4), turbine(8, '39,26', null)]);
    expect(turbineFeatures(placed).features).toEqual([
      { type: 'Feature', id: 7, geometry: { type: 'Point', coordinates: [27.5, 38.5] }, properties: { id: 7, severity: 4 } },
      { type: 'Feature', id: 8, geometry: { type: 'Point', coordinates: [26, 39] }, properties: { id: 8, severity: 0 } },
    ]);
    expect(mapSeverity(turbine(9, null, null))).toBe(0);
  });

  it('shows a cluster with the worst severity of its turbines (MapLibre evaluating the clusterProperties)', () => {
    expect(clusterValue('worst', [{ severity: 0 }, { severity: 2 }, { severity: 5 }, { severity: 1 }])).toBe(5);
    expect(clusterValue('worst', [{ severity: 3 }, { severity: 0 }])).toBe(3);
    expect(clusterValue('worst', [{ severity: 0 }, { severity: 0 }, { severity: 0 }])).toBe(0);
    // a cluster of clusters: the reduce takes the sub-clusters' own worst
    expect(evaluate(['max', ['accumulated'], ['get', 'worst']], { worst: 4 }, 2)).toBe(4);
  });

  it('colours points and clusters by severity, grey for none, as the legend and the list say', () => {
    for (const severity of [0, 1, 2, 3, 4, 5]) {
      const expected = severityPaletteColor(PALETTE, severity);
      expect(evaluate(severityColorExpression(PALETTE, 'severity'), { severity })).toBe(expected);
      expect(evaluate(severityColorExpression(PALETTE, 'worst'), { worst: severity })).toBe(expected);
    }
    expect(severityPaletteColor(PALETTE, 0)).toBe('grey');
    expect(severityPaletteColor(PALETTE, 5)).toBe('grape');
    expect(severityPaletteColor(PALETTE, 9)).toBe('grey');
  });

  it('fits the view to the placed turbines', () => {
    expect(fleetBounds([])).toBeNull();
    const { placed } = placeTurbines([turbine(1, '38,27', 1), turbine(2, '40.5,26.2', 1), turbine(3, '37.1,35.3', 1)]);
    expect(fleetBounds(placed)).toEqual([
      [26.2, 37.1],
      [35.3, 40.5],
    ]);
  });
});
