import '@photo-sphere-viewer/core/index.css';
import { Viewer } from '@photo-sphere-viewer/core';
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { createMarkerLayer, type SphereMarkerHandlers, type SphereMarkerLayer } from './sphere-markers.ts';

/** Photo Sphere Viewer (with three.js and its markers plugin) lives in this module and sphere-markers.ts only; panorama-page.tsx imports it dynamically, so no other
 *  route ever loads it (checked by e2e/bench/panorama.ts). */

export type SphereStage = 'preview' | 'original';

export interface SphereLabels {
  loading: string;
  loadError: string;
}

export interface SphereController {
  /** Shows the preview first, then swaps in the original at the same view; resolves false when a newer call took over. */
  show: (previewUrl: string, originalUrl: string, onStage: (stage: SphereStage) => void) => Promise<boolean>;
  resize: () => void;
  destroy: () => void;
  /** findings as markers and the points of a finding being marked */
  markers: SphereMarkerLayer;
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

export function createSphereViewer(container: HTMLElement, labels: SphereLabels, handlers: SphereMarkerHandlers): SphereController {
  const viewer = new Viewer({
    container,
    navbar: false,
    keyboard: false,
    loadingTxt: labels.loading,
    lang: { loading: labels.loading, loadError: labels.loadError },
    canvasBackground: '#0a121b',
    defaultZoomLvl: 0,
    moveInertia: true,
    mousewheelCtrlKey: false,
    plugins: [[MarkersPlugin, {}]],
  });
  // without WebGL the viewer only shows its own error text; the page falls back to a flat picture instead
  if (!(viewer as { renderer?: unknown }).renderer) {
    viewer.destroy();
    throw new Error('WebGL is not available');
  }

  const markers = createMarkerLayer(viewer, container, handlers);
  let generation = 0;
  return {
    markers,
    async show(previewUrl, originalUrl, onStage) {
      generation += 1;
      const mine = generation;
      const shown = await viewer.setPanorama(previewUrl, { transition: false, position: { yaw: 0, pitch: 0 }, zoom: 0 });
      if (!shown || mine !== generation) return false;
      await nextFrame();
      onStage('preview');
      if (originalUrl === previewUrl) {
        onStage('original');
        return true;
      }
      // the original replaces the preview without a loader and keeps wherever the user has turned meanwhile
      let sharp = false;
      try {
        sharp = await viewer.setPanorama(originalUrl, { transition: false, showLoader: false });
      } catch (error) {
        // the preview stays on screen; the viewer's error overlay would hide it
        console.error('The original panorama could not be loaded', error);
        viewer.hideError();
        return false;
      }
      if (!sharp || mine !== generation) return false;
      await nextFrame();
      onStage('original');
      return true;
    },
    resize() {
      viewer.autoSize();
    },
    destroy() {
      generation += 1;
      viewer.destroy();
    },
  };
}
