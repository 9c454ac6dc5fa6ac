import 'maplibre-gl/dist/maplibre-gl.css';
import { Alert, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import type { Turbine } from '@windscope/contract';
import {
  type GeoJSONSource,
  Map as MapLibreMap,
  NavigationControl,
  Popup,
  prewarm,
  setWorkerUrl,
  type StyleSpecification,
} from 'maplibre-gl';
// the worker as a file of the build: MapLibre's default looks for it beside its own module, which the bundle moves
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useMapSettings } from '../../../api/map-settings.ts';
import { AlertCircleIcon } from '../../../ui/app-icons.tsx';
import { SEVERITY_COLORS } from '../../findings/labels.ts';
import { turbineDisplayName } from '../filters/turbine-filters.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import type { TurbineItemHandlers } from '../list/turbine-actions.tsx';
import { TurbineCard } from '../list/turbine-card.tsx';
import { addTurbineLayers, syncClusterLabels, TURBINE_SOURCE } from './fleet-map-layers.ts';
import { fleetBounds, placeTurbines, type PlacedTurbine, type SeverityPalette, turbineFeatures } from './fleet-map-data.ts';
import { FleetMapLegend } from './fleet-map-legend.tsx';
import { FleetMapList } from './fleet-map-list.tsx';
import classes from './fleet-map.module.css';
import { type BasemapColors, loadOutlines, type OutlineDetail, offlineBasemapStyle, showDetailedOutlines } from './offline-basemap.ts';

setWorkerUrl(workerUrl);
// MapLibre's worker fetched and started as soon as the chunk runs, while the page draws the list beside the map, not
// when the map is made (bench:web:map); it is kept for the next map view of the visit
prewarm();

/** Performance marks on the way to the map's first frame (e2e/bench/map.ts prints them): the chunk evaluated, the style
 *  ready, MapLibre's load, the first idle frame with the turbines drawn, the full-detail outlines in place. */
const mark = (step: 'chunk' | 'style' | 'load' | 'drawn' | 'detail') => {
  const name = `windscope:fleet-map-${step}`;
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
};
mark('chunk');
// the coarse outlines asked for as soon as the chunk runs, beside the turbine list and the map settings (the offline
// basemap is also the fallback for a MAP_STYLE_URL that does not answer); a failure is met again in the effect below
loadOutlines('coarse').catch(() => undefined);

export type MapStatus = 'loading' | 'ready' | 'no-webgl';

/** The zoom a turbine chosen from the list is shown at: past the clusters' last zoom, so it stands alone. */
const TURBINE_ZOOM = 13;

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

interface FleetMapProps extends TurbineItemHandlers {
  /** the dashboard's listed turbines (its filters and sort applied) */
  turbines: readonly Turbine[];
}

/** The dashboard's map view (DECISIONS §18, issue 27 item 2): the listed turbines at their coordinates, coloured by
 *  health and clustered when close (a cluster shows its worst severity), a click opens the turbine's card; beside it the
 *  same turbines as a list of buttons (keyboard and screen readers, and the way in without WebGL), the ones without a
 *  readable position under "No position". Offline basemap unless the server names a style (MAP_STYLE_URL). */
export default function FleetMap({ turbines, onEdit, onDelete }: FleetMapProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const settings = useMapSettings();
  const places = useMemo(() => placeTurbines(turbines), [turbines]);
  const features = useMemo(() => turbineFeatures(places.placed), [places]);
  const [status, setStatus] = useState<MapStatus>(() => (webglAvailable() ? 'loading' : 'no-webgl'));
  const [styleFailed, setStyleFailed] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [popupNode] = useState(() => document.createElement('div'));
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const featuresRef = useRef(features);
  featuresRef.current = features;
  const fittedRef = useRef<string | null>(null);

  const palette = useMemo<SeverityPalette>(
    () =>
      [
        theme.colors.gray[5],
        ...([1, 2, 3, 4, 5] as const).map((s) => theme.colors[SEVERITY_COLORS[s]]?.[6] ?? theme.colors.gray[6]),
      ] as unknown as SeverityPalette,
    [theme],
  );
  const dark = scheme === 'dark';
  const basemap = useMemo<BasemapColors>(
    () =>
      dark
        ? { water: theme.colors.dark[8], land: theme.colors.dark[6], border: theme.colors.dark[2], coast: theme.colors.dark[3] }
        : { water: theme.colors.blue[1], land: theme.white, border: theme.colors.gray[6], coast: theme.colors.gray[5] },
    [dark, theme],
  );
  const styleUrl = settings.isPending ? undefined : styleFailed ? null : (settings.data?.style_url ?? null);
  const locale = useMemo(
    () => ({
      'Map.Title': t('map.title'),
      'NavigationControl.ZoomIn': t('map.zoomIn'),
      'NavigationControl.ZoomOut': t('map.zoomOut'),
      'NavigationControl.ResetBearing': t('map.resetBearing'),
      'Popup.Close': t('map.popupClose'),
      'AttributionControl.ToggleAttribution': t('map.attributionToggle'),
    }),
    [t],
  );

  const noWebgl = status === 'no-webgl';
  const placesRef = useRef(places);
  placesRef.current = places;

  // the map, made again when its style, theme or language changes (later lists go through setData below)
  useEffect(() => {
    const container = containerRef.current;
    if (!container || styleUrl === undefined || noWebgl) return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    const labels = new Map<string, { remove(): unknown }>();
    (async () => {
      let style: StyleSpecification | string;
      // the outlines drawn: the coarse ones first, the detailed ones after the first frame with the turbines
      let detail: OutlineDetail | null = null;
      try {
        if (styleUrl) style = styleUrl;
        else ({ style, detail } = await offlineBasemapStyle(basemap, t('map.attribution')));
      } catch {
        // the outlines did not load: the turbines on a plain background
        style = { version: 8, sources: {}, layers: [{ id: 'water', type: 'background', paint: { 'background-color': basemap.water } }] };
      }
      if (cancelled) return;
      mark('style');
      const bounds = fleetBounds(placesRef.current.placed);
      try {
        map = new MapLibreMap({
          container,
          style,
          locale,
          bounds: bounds ?? [
            [25.5, 35.8],
            [44.8, 42.1],
          ],
          fitBoundsOptions: { padding: 48, maxZoom: 9 },
          attributionControl: { compact: true },
          fadeDuration: 0,
          dragRotate: false,
          pitchWithRotate: false,
        });
      } catch {
        setStatus('no-webgl');
        return;
      }
      mapRef.current = map;
      const current = map;
      current.touchZoomRotate.disableRotation();
      current.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      current.on('error', (event) => {
        // a MAP_STYLE_URL that does not answer: the offline basemap instead
        if (styleUrl && !current.isStyleLoaded() && /style|fetch|load/i.test(String(event.error?.message))) setStyleFailed(true);
      });
      current.on('load', () => {
        mark('load');
        addTurbineLayers(current, palette, dark, featuresRef.current);
        fittedRef.current = null;
        setStatus('ready');
      });
      current.on('click', 'turbine-points', (event) => {
        const id = Number(event.features?.[0]?.properties?.id);
        if (Number.isFinite(id)) setSelectedId(id);
      });
      current.on('click', 'clusters', (event) => {
        const feature = event.features?.[0];
        const clusterId = Number(feature?.properties?.cluster_id);
        if (feature?.geometry.type !== 'Point' || !Number.isFinite(clusterId)) return;
        const center = feature.geometry.coordinates as [number, number];
        void (current.getSource(TURBINE_SOURCE) as GeoJSONSource)
          .getClusterExpansionZoom(clusterId)
          .then((zoom) => current.easeTo({ center, zoom }))
          .catch(() => undefined);
      });
      for (const layer of ['turbine-points', 'clusters']) {
        current.on('mouseenter', layer, () => {
          current.getCanvas().style.cursor = 'pointer';
        });
        current.on('mouseleave', layer, () => {
          current.getCanvas().style.cursor = '';
        });
      }
      current.on('idle', () => {
        syncClusterLabels(current, labels, container, (count) => t('map.cluster', { count }));
        // for bench:web:map: the first frame with the turbines drawn
        if (!container.dataset.shown) return;
        mark('drawn');
        if (detail !== 'coarse') return;
        detail = 'detailed';
        void showDetailedOutlines(current)
          .then((done) => {
            if (done) mark('detail');
          })
          .catch(() => undefined);
      });
    })();
    return () => {
      cancelled = true;
      for (const label of labels.values()) label.remove();
      map?.remove();
      mapRef.current = null;
      setStatus((was) => (was === 'ready' ? 'loading' : was));
    };
  }, [styleUrl, noWebgl, basemap, palette, dark, locale, t]);

  // the listed turbines: new data, and the view fitted to them when the set changes
  useEffect(() => {
    const map = mapRef.current;
    if (!map || status !== 'ready') return;
    (map.getSource(TURBINE_SOURCE) as GeoJSONSource | undefined)?.setData(features);
    const key = features.features.map((feature) => feature.id).join(',');
    if (fittedRef.current === key) return;
    const first = fittedRef.current === null;
    fittedRef.current = key;
    const bounds = fleetBounds(places.placed);
    if (bounds && !first) map.fitBounds(bounds, { padding: 48, maxZoom: 9, duration: 0 });
  }, [features, places, status]);

  const selected: PlacedTurbine | undefined = useMemo(
    () => (selectedId === null ? undefined : places.placed.find((place) => place.turbine.id === selectedId)),
    [places, selectedId],
  );

  // the chosen turbine's card in a popup at its place; closing it gives the focus back to its list entry
  useEffect(() => {
    const map = mapRef.current;
    if (!map || status !== 'ready' || !selected) return;
    const id = selected.turbine.id;
    const onClose = () => {
      setSelectedId((current) => (current === id ? null : current));
      document.querySelector<HTMLElement>(`[data-map-list-id="${id}"]`)?.focus({ preventScroll: true });
    };
    const popup = new Popup({ maxWidth: '340px', focusAfterOpen: true, className: classes.popup, offset: 12 })
      .setLngLat([selected.point.longitude, selected.point.latitude])
      .setDOMContent(popupNode)
      .addTo(map);
    popup.on('close', onClose);
    return () => {
      popup.off('close', onClose);
      popup.remove();
    };
  }, [selected, status, popupNode]);

  // a turbine that leaves the list (a filter) closes its card
  useEffect(() => {
    if (selectedId !== null && !selected) setSelectedId(null);
  }, [selected, selectedId]);

  // one function for the component's life: the list (memo) is not drawn again when the map's status or style changes
  const show = useCallback((place: PlacedTurbine) => {
    setSelectedId(place.turbine.id);
    const map = mapRef.current;
    map?.jumpTo({ center: [place.point.longitude, place.point.latitude], zoom: Math.max(map.getZoom(), TURBINE_ZOOM) });
  }, []);

  return (
    <div className={classes.layout} data-testid="fleet-map" data-status={status} data-placed={places.placed.length}>
      <div className={classes.mapColumn}>
        {status === 'no-webgl' ? (
          <Alert
            color="yellow"
            variant="light"
            radius="lg"
            title={t('map.noWebglTitle')}
            icon={<AlertCircleIcon size={18} />}
            data-testid="map-no-webgl"
          >
            {t('map.noWebglBody')}
          </Alert>
        ) : (
          <>
            {styleFailed && (
              <Alert color="yellow" variant="light" radius="md" data-testid="map-style-failed">
                {t('map.styleFailed')}
              </Alert>
            )}
            <div ref={containerRef} className={classes.map} data-testid="map-canvas-box" />
            <FleetMapLegend palette={palette} />
          </>
        )}
      </div>
      <FleetMapList places={places} palette={palette} interactive={status !== 'no-webgl'} selectedId={selectedId} onShow={show} />
      {selected &&
        createPortal(
          <div
            role="dialog"
            aria-label={turbineDisplayName(selected.turbine)}
            className={classes.popupCard}
            data-testid="map-popup"
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              setSelectedId(null);
              document.querySelector<HTMLElement>(`[data-map-list-id="${selected.turbine.id}"]`)?.focus();
            }}
          >
            <TurbineCard turbine={selected.turbine} onEdit={onEdit} onDelete={onDelete} />
          </div>,
          popupNode,
        )}
    </div>
  );
}
