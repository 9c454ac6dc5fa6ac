import type { GeoJSONSource, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth country outlines (public domain) as TopoJSON from the world-atlas package (ISC): files of the build,
// fetched from this server when the map opens, so the map needs no internet (DECISIONS §18). The 1:110m set (108 KB)
// draws the first frame; the 1:50m set (757 KB) replaces it once the turbines are drawn (bench:web:map).
import coarseUrl from 'world-atlas/countries-110m.json?url';
import detailedUrl from 'world-atlas/countries-50m.json?url';

export interface BasemapColors {
  water: string;
  land: string;
  border: string;
  coast: string;
}

type Countries = Topology<{ countries: GeometryCollection<{ name: string }> }>;
export type OutlineDetail = 'coarse' | 'detailed';

const URLS: Record<OutlineDetail, string> = { coarse: coarseUrl, detailed: detailedUrl };
const loading: Partial<Record<OutlineDetail, Promise<Countries>>> = {};
/** the outlines already read, per detail */
const loaded: Partial<Record<OutlineDetail, Countries>> = {};

/** One set of outlines, fetched once per page (again after a failure). */
export function loadOutlines(detail: OutlineDetail): Promise<Countries> {
  let promise = loading[detail];
  if (!promise) {
    promise = fetch(URLS[detail]).then(async (response) => {
      if (!response.ok) throw new Error(`basemap ${response.status}`);
      const topology = (await response.json()) as Countries;
      loaded[detail] = topology;
      return topology;
    });
    promise.catch(() => {
      delete loading[detail];
    });
    loading[detail] = promise;
  }
  return promise;
}

/** The outlines' three sources' data: land, borders between countries, coasts. */
function outlineData(topology: Countries) {
  const object = topology.objects.countries;
  return {
    land: feature(topology, object),
    borders: mesh(topology, object, (a, b) => a !== b),
    coasts: mesh(topology, object, (a, b) => a === b),
  };
}

/** A style drawn from the outlines alone: water, land, country borders and coasts; no tiles, glyphs or sprites. The
 *  detailed outlines when this page has them already, else the coarse ones (`detail` says which). */
export async function offlineBasemapStyle(
  colors: BasemapColors,
  attribution: string,
): Promise<{ style: StyleSpecification; detail: OutlineDetail }> {
  const detail: OutlineDetail = loaded.detailed ? 'detailed' : 'coarse';
  const data = outlineData(loaded.detailed ?? (await loadOutlines('coarse')));
  return {
    detail,
    style: {
      version: 8,
      sources: {
        land: { type: 'geojson', data: data.land, attribution },
        borders: { type: 'geojson', data: data.borders },
        coasts: { type: 'geojson', data: data.coasts },
      },
      layers: [
        { id: 'water', type: 'background', paint: { 'background-color': colors.water } },
        { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colors.land } },
        { id: 'coasts', type: 'line', source: 'coasts', paint: { 'line-color': colors.coast, 'line-width': 0.8 } },
        {
          id: 'borders',
          type: 'line',
          source: 'borders',
          paint: { 'line-color': colors.border, 'line-width': 1, 'line-dasharray': [3, 2] },
        },
      ],
    },
  };
}

/** The detailed outlines in place of the coarse ones, in the same sources (no new style: the turbines stay drawn). */
export async function showDetailedOutlines(map: MapLibreMap): Promise<boolean> {
  const data = outlineData(await loadOutlines('detailed'));
  const sources = ['land', 'borders', 'coasts'] as const;
  if (sources.some((id) => !map.getSource(id))) return false;
  for (const id of sources) (map.getSource(id) as GeoJSONSource).setData(data[id]);
  return true;
}
