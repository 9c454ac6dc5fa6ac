import { type GeoPoint, parseCoordinates, type Turbine } from '@windscope/contract';
import type { ExpressionSpecification } from 'maplibre-gl';

/** What the map draws of the listed turbines (DECISIONS §18): each one with a readable position as a point coloured by
 *  its health (worst open severity, 0 = none), the rest listed as "no position". Pure, so the colour and cluster rules
 *  are unit-tested without WebGL; only types come from maplibre-gl (this file stays out of the dashboard's chunk). */

/** A turbine without open findings: drawn grey. */
export const NO_SEVERITY = 0;

export interface PlacedTurbine {
  turbine: Turbine;
  point: GeoPoint;
}

export interface FleetPlaces {
  placed: PlacedTurbine[];
  /** turbines whose coordinates text is absent or not a position (contract geo.ts parseCoordinates) */
  unplaced: Turbine[];
}

/** The turbines split by whether their coordinates text reads as a point, in the order given. */
export function placeTurbines(turbines: readonly Turbine[]): FleetPlaces {
  const placed: PlacedTurbine[] = [];
  const unplaced: Turbine[] = [];
  for (const turbine of turbines) {
    const point = parseCoordinates(turbine.coordinates);
    if (point) placed.push({ turbine, point });
    else unplaced.push(turbine);
  }
  return { placed, unplaced };
}

/** A turbine's severity on the map: its worst open finding, 0 when it has none. */
export const mapSeverity = (turbine: Pick<Turbine, 'health'>): number => turbine.health.worst_open_severity ?? NO_SEVERITY;

export interface TurbineFeatureProperties {
  id: number;
  severity: number;
}

export interface TurbineFeatureCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: TurbineFeatureProperties;
  }[];
}

/** GeoJSON for the map's clustered source: one point per placed turbine, [longitude, latitude] as GeoJSON orders them. */
export function turbineFeatures(placed: readonly PlacedTurbine[]): TurbineFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: placed.map(({ turbine, point }) => ({
      type: 'Feature',
      id: turbine.id,
      geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
      properties: { id: turbine.id, severity: mapSeverity(turbine) },
    })),
  };
}

/** The clustered source's aggregate: each cluster's `worst`, the max of its points' `severity` (MapLibre's map/reduce
 *  form: ['max', ['get', 'severity']] maps each point and reduces with max over the accumulated value). */
export const CLUSTER_PROPERTIES: Record<string, ExpressionSpecification | [ExpressionSpecification, ExpressionSpecification]> = {
  worst: ['max', ['get', 'severity']],
};

/** Colours by severity, index 0 = no open findings. */
export type SeverityPalette = readonly [string, string, string, string, string, string];

/** A circle colour expression: the property (a point's `severity`, a cluster's `worst`) picks its colour. */
export function severityColorExpression(palette: SeverityPalette, property: 'severity' | 'worst'): ExpressionSpecification {
  return ['match', ['get', property], 1, palette[1], 2, palette[2], 3, palette[3], 4, palette[4], 5, palette[5], palette[0]];
}

/** The colour a severity gets from the palette: what severityColorExpression gives on the map. */
export function severityPaletteColor(palette: SeverityPalette, severity: number): string {
  return severity >= 1 && severity <= 5 ? palette[severity as 1] : palette[0];
}

/** The box around the placed turbines, [[west, south], [east, north]]; null when none is placed. */
export function fleetBounds(placed: readonly PlacedTurbine[]): [[number, number], [number, number]] | null {
  if (placed.length === 0) return null;
  let west = 180;
  let south = 90;
  let east = -180;
  let north = -90;
  for (const { point } of placed) {
    west = Math.min(west, point.longitude);
    east = Math.max(east, point.longitude);
    south = Math.min(south, point.latitude);
    north = Math.max(north, point.latitude);
  }
  return [
    [west, south],
    [east, north],
  ];
}
