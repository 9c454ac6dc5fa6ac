import '@photo-sphere-viewer/markers-plugin/index.css';
import './sphere-markers.css';
import type { Viewer } from '@photo-sphere-viewer/core';
import { type MarkerConfig, MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import type { SphereMarker, SpherePoint } from '../findings/sphere-shapes.ts';

/** Findings on the sphere through Photo Sphere Viewer's markers plugin (loaded with the engine, in the 360° chunk only):
 *  the findings of the panorama coloured by severity, with their hover text, opening on click or Enter; the points being
 *  clicked for a new finding; clicks and double-clicks on the sphere while marking. */

export interface SphereMarkerHandlers {
  onOpen: (findingId: number) => void;
  onPoint: (point: SpherePoint) => void;
  /** a double-click: its second click repeated the last point */
  onFinish: (doubleClick: boolean) => void;
}

export interface SphereMarkerLayer {
  setFindings: (markers: readonly SphereMarker[]) => void;
  setDraft: (points: readonly SpherePoint[]) => void;
  setMarking: (marking: boolean) => void;
}

const DRAFT = 'draft';
/** beyond the view's half diagonal, the angle (radians) a finding's edge may be off and still be drawn: a point marker's
 *  size at the widest view, and a frame's turn while dragging fast */
const CULL_MARGIN = 0.15;

/** Where a finding sits on the sphere, for leaving out of a frame the findings that cannot be in view. */
interface Reach {
  key: string;
  /** unit vector of its centre */
  x: number;
  y: number;
  z: number;
  /** the angle from its centre to its furthest corner */
  radius: number;
}

function reachOf(viewer: Viewer, marker: SphereMarker): Reach {
  const units = marker.points.map(([yaw, pitch]) => viewer.dataHelper.sphericalCoordsToVector3({ yaw, pitch }).normalize());
  let x = 0;
  let y = 0;
  let z = 0;
  for (const u of units) {
    x += u.x;
    y += u.y;
    z += u.z;
  }
  const length = Math.hypot(x, y, z) || 1;
  x /= length;
  y /= length;
  z /= length;
  const radius = Math.max(0, ...units.map((u) => Math.acos(Math.min(1, u.x * x + u.y * y + u.z * z))));
  return { key: marker.key, x, y, z, radius };
}
/** a press that moves further is a drag (looking around), not a click on a point */
const CLICK_SLOP_PX = 4;
/** html markers need some content; the look is the element's own style */
const DOT = '<span></span>';
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function findingConfig(marker: SphereMarker): MarkerConfig {
  const common = {
    id: marker.key,
    tooltip: { content: escapeHtml(marker.label), position: 'top center', trigger: 'hover' as const },
    data: { findingId: marker.findingId },
    className: 'ws-finding-marker',
    hideList: true,
  };
  // the other year's findings (the year compare): an outline in dashes, no fill, so this photo's own stay in front
  const other = marker.other === true;
  if (other) common.className = 'ws-finding-marker ws-finding-other';
  if (marker.shape === 'point') {
    const [yaw, pitch] = marker.points[0] ?? [0, 0];
    return {
      ...common,
      html: DOT,
      position: { yaw, pitch },
      size: { width: 18, height: 18 },
      style: other
        ? {
            background: 'transparent',
            border: `3px dashed ${marker.color}`,
            borderRadius: '50%',
            outline: '1px solid rgba(255,255,255,.7)',
          }
        : { background: marker.color, border: '2px solid #fff', borderRadius: '50%', outline: '1px solid rgba(0,0,0,.55)' },
    };
  }
  return {
    ...common,
    polygon: marker.points.map(([y, p]) => [y, p] as [number, number]),
    style: other
      ? { fill: 'none', stroke: marker.color, strokeWidth: '3px', strokeDasharray: '10 6', strokeLinejoin: 'round' }
      : { fill: marker.color, fillOpacity: '0.22', stroke: marker.color, strokeWidth: '3px', strokeLinejoin: 'round' },
  };
}

function draftConfigs(points: readonly SpherePoint[]): MarkerConfig[] {
  const configs: MarkerConfig[] = points.map(([yaw, pitch], i) => ({
    id: `${DRAFT}-point-${i}`,
    html: DOT,
    position: { yaw, pitch },
    size: { width: 12, height: 12 },
    className: 'ws-draft-marker',
    hideList: true,
    style: { background: '#fff', border: '2px solid #0a121b', borderRadius: '50%', pointerEvents: 'none' },
  }));
  if (points.length >= 2) {
    const line = points.map(([y, p]) => [y, p] as [number, number]);
    const style = { stroke: '#fff', strokeWidth: '2px', strokeDasharray: '6 4', pointerEvents: 'none' };
    configs.push(
      points.length >= 3
        ? {
            id: `${DRAFT}-shape`,
            polygon: line,
            hideList: true,
            className: 'ws-draft-marker',
            style: { ...style, fill: 'rgba(255,255,255,0.12)' },
          }
        : { id: `${DRAFT}-shape`, polyline: line, hideList: true, className: 'ws-draft-marker', style: { ...style, fill: 'none' } },
    );
  }
  return configs;
}

/** Keyboard and screen reader access the plugin does not give: a focusable button named by its hover text. */
function decorate(plugin: MarkersPlugin, marker: SphereMarker, marking: boolean, onOpen: (findingId: number) => void) {
  const element = plugin.getMarker(marker.key).domElement;
  element.setAttribute('tabindex', marking ? '-1' : '0');
  element.setAttribute('role', 'button');
  element.setAttribute('aria-label', marker.label);
  element.setAttribute('data-testid', 'finding-marker');
  element.setAttribute('data-finding-id', String(marker.findingId));
  element.setAttribute('data-severity', String(marker.severity));
  element.setAttribute('data-shape', marker.shape);
  if (marker.other) element.setAttribute('data-other-year', '');
  element.addEventListener('keydown', (event) => {
    const key = (event as KeyboardEvent).key;
    if (key !== 'Enter' && key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    onOpen(marker.findingId);
  });
  element.addEventListener('focus', () => plugin.showMarkerTooltip(marker.key));
  element.addEventListener('blur', () => plugin.hideMarkerTooltip(marker.key));
}

export function createMarkerLayer(viewer: Viewer, container: HTMLElement, handlers: SphereMarkerHandlers): SphereMarkerLayer {
  const plugin = viewer.getPlugin<MarkersPlugin>(MarkersPlugin);
  let marking = false;
  let findings: readonly SphereMarker[] = [];
  let draft: readonly SpherePoint[] = [];
  let ready = false;

  const draftIds = () =>
    plugin
      .getMarkers()
      .map((m) => m.id)
      .filter((id) => id.startsWith(DRAFT));
  const renderDraft = () => {
    plugin.removeMarkers(draftIds(), false);
    for (const config of draftConfigs(draft)) plugin.addMarker(config, false);
    plugin.renderMarkers();
  };
  // The plugin moves every marker on every frame, those behind the camera too. Before each frame, the findings that cannot
  // be in view (further from its centre than its half diagonal, their size and a margin) are set not visible: the plugin
  // skips them as it hides markers out of view, and the frame's work follows the findings in view, not all of them.
  let reach: Reach[] = [];
  let culledFor = '';
  const cull = () => {
    const { direction, hFov, vFov } = viewer.state;
    const view = `${direction.x} ${direction.y} ${direction.z} ${hFov} ${vFov} ${reach.length}`;
    if (view === culledFor) return;
    culledFor = view;
    const length = direction.length() || 1;
    const half = Math.atan(Math.hypot(Math.tan((hFov * Math.PI) / 360), Math.tan((vFov * Math.PI) / 360)));
    for (const r of reach) {
      const cos = (r.x * direction.x + r.y * direction.y + r.z * direction.z) / length;
      const visible = Math.acos(Math.max(-1, Math.min(1, cos))) <= half + r.radius + CULL_MARGIN;
      const config = plugin.getMarker(r.key).config;
      if (config.visible !== visible) config.visible = visible;
    }
  };
  viewer.addEventListener('before-render', () => safely(cull));
  const renderAll = () => {
    if (!ready) return;
    plugin.setMarkers(findings.map(findingConfig), false);
    reach = findings.map((marker) => reachOf(viewer, marker));
    culledFor = '';
    for (const marker of findings) decorate(plugin, marker, marking, handlers.onOpen);
    renderDraft();
    container.dataset.findingMarkers = String(findings.length);
  };
  viewer.addEventListener(
    'ready',
    () => {
      ready = true;
      safely(renderAll);
    },
    { once: true },
  );

  plugin.addEventListener('select-marker', ({ marker }) => {
    const id = (marker.data as { findingId?: number } | undefined)?.findingId;
    if (!marking && id) handlers.onOpen(id);
  });
  // Clicks while marking are read here rather than from the viewer's click event: that one swallows a second click within
  // 300 ms (its double-click window) even far from the first, which lost quickly placed points. A press that moved is a
  // look around, not a point; a double-click adds its two clicks, and the finish drops the repeated point.
  let pressed: { x: number; y: number } | null = null;
  container.addEventListener(
    'pointerdown',
    (event) => {
      pressed = event.button === 0 ? { x: event.clientX, y: event.clientY } : null;
    },
    true,
  );
  container.addEventListener(
    'click',
    (event) => {
      const from = pressed;
      pressed = null;
      if (!marking || !from || Math.hypot(event.clientX - from.x, event.clientY - from.y) > CLICK_SLOP_PX) return;
      const box = viewer.container.getBoundingClientRect();
      const at = viewer.dataHelper.viewerCoordsToSphericalCoords({ x: event.clientX - box.left, y: event.clientY - box.top });
      handlers.onPoint([at.yaw, at.pitch]);
    },
    true,
  );
  container.addEventListener('dblclick', () => {
    if (marking) handlers.onFinish(true);
  });

  // a marker the plugin refuses is logged; the panorama and the page stay usable
  const safely = (work: () => void) => {
    try {
      work();
    } catch (error) {
      console.error('The findings could not be drawn on the panorama', error);
    }
  };
  return {
    setFindings(next) {
      findings = next;
      safely(renderAll);
    },
    setDraft(next) {
      draft = next;
      if (ready) safely(renderDraft);
    },
    setMarking(next) {
      marking = next;
      // while marking, clicks go through the findings to the sphere, and the cursor says so
      container.toggleAttribute('data-marking', next);
      for (const marker of findings) {
        const element = ready ? plugin.getMarker(marker.key).domElement : null;
        element?.setAttribute('tabindex', next ? '-1' : '0');
      }
    },
  };
}
