import { type Map as MapLibreMap, Marker } from 'maplibre-gl';
import { CLUSTER_PROPERTIES, type SeverityPalette, severityColorExpression, type TurbineFeatureCollection } from './fleet-map-data.ts';
import classes from './fleet-map.module.css';

export const TURBINE_SOURCE = 'turbines';
/** Points closer than this many pixels join a cluster, up to this zoom (a site's turbines stand apart from 13 on). */
const CLUSTER_RADIUS = 44;
const CLUSTER_MAX_ZOOM = 12;

/** The turbines' clustered source (with its first data: one pass of the worker's clustering) and its two circle
 *  layers: clusters coloured by their worst severity and sized by count, single turbines by their own. */
export function addTurbineLayers(map: MapLibreMap, palette: SeverityPalette, dark: boolean, data: TurbineFeatureCollection) {
  const stroke = dark ? '#1a1b1e' : '#ffffff';
  map.addSource(TURBINE_SOURCE, {
    type: 'geojson',
    data,
    cluster: true,
    clusterRadius: CLUSTER_RADIUS,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
    clusterProperties: CLUSTER_PROPERTIES,
  });
  map.addLayer({
    id: 'clusters',
    type: 'circle',
    source: TURBINE_SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': severityColorExpression(palette, 'worst'),
      'circle-radius': ['step', ['get', 'point_count'], 15, 10, 19, 50, 24, 200, 30],
      'circle-stroke-width': 3,
      'circle-stroke-color': stroke,
    },
  });
  map.addLayer({
    id: 'turbine-points',
    type: 'circle',
    source: TURBINE_SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': severityColorExpression(palette, 'severity'),
      'circle-radius': 8,
      'circle-stroke-width': 2,
      'circle-stroke-color': stroke,
    },
  });
}

/** Each cluster's count on top of its circle, as a marker (the offline style has no glyphs to draw text with); kept per
 *  cluster, made and removed as clusters come and go. The counts are for the eye: the list beside the map says it
 *  all to a screen reader. Sets the container's data-shown: how many turbines the rendered points and clusters hold. */
export function syncClusterLabels(
  map: MapLibreMap,
  labels: Map<string, { remove(): unknown }>,
  container: HTMLElement,
  name: (count: number) => string,
) {
  if (!map.getSource(TURBINE_SOURCE) || !map.isSourceLoaded(TURBINE_SOURCE)) return;
  const seen = new Set<string>();
  let shown = 0;
  for (const feature of map.queryRenderedFeatures({ layers: ['clusters', 'turbine-points'] })) {
    const props = feature.properties ?? {};
    if (props.cluster_id === undefined) {
      shown++;
      continue;
    }
    if (feature.geometry.type !== 'Point') continue;
    const count = Number(props.point_count);
    // cluster ids start again with new data: the key holds what the label shows and where
    const id = `${props.cluster_id}:${count}:${props.worst}:${feature.geometry.coordinates.join(',')}`;
    if (seen.has(id)) continue;
    seen.add(id);
    shown += count;
    if (labels.has(id)) continue;
    const element = document.createElement('span');
    element.className = classes.clusterCount ?? '';
    element.textContent = String(count);
    element.title = name(count);
    element.dataset.testid = 'map-cluster';
    element.dataset.worst = String(props.worst ?? 0);
    element.setAttribute('aria-hidden', 'true');
    labels.set(id, new Marker({ element }).setLngLat(feature.geometry.coordinates as [number, number]).addTo(map));
  }
  for (const [id, label] of labels) {
    if (seen.has(id)) continue;
    label.remove();
    labels.delete(id);
  }
  container.dataset.shown = String(shown);
}
