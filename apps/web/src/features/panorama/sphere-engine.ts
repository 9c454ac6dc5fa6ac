import '@photo-sphere-viewer/core/index.css';
import { events, Viewer } from '@photo-sphere-viewer/core';
import type { Camera, Object3D, WebGLRenderer } from 'three';
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { createMarkerLayer, type SphereMarkerHandlers, type SphereMarkerLayer } from './sphere-markers.ts';

/** Photo Sphere Viewer (with three.js and its markers plugin) lives in this module and sphere-markers.ts only; panorama-page.tsx imports it dynamically, so no other
 *  route ever loads it (checked by e2e/bench/panorama.ts). */

export type SphereStage = 'preview' | 'original';

export interface SphereLabels {
  loading: string;
  loadError: string;
  /** every text the viewer library itself shows (button titles, the panel's close, hints), in the page's language:
   *  its defaults are English (issue 24 item 23) */
  library: Record<string, string>;
}

export interface SphereController {
  /** Shows the preview first, then swaps in the original at the same view; resolves false when a newer call took over. */
  show: (previewUrl: string, originalUrl: string, onStage: (stage: SphereStage) => void) => Promise<boolean>;
  resize: () => void;
  destroy: () => void;
  /** findings as markers and the points of a finding being marked */
  markers: SphereMarkerLayer;
  /** the view's direction and zoom, for two viewers that follow each other (the year compare) */
  view: SphereViewHandle;
}

/** yaw/pitch in Photo Sphere Viewer's convention (radians, yaw from the image centre), zoom 0..100. */
export interface SphereViewState {
  yaw: number;
  pitch: number;
  zoom: number;
}

export interface SphereViewHandle {
  get: () => SphereViewState;
  /** turns and zooms at once, without animation; the change is reported to onChange listeners like the user's */
  set: (view: SphereViewState) => void;
  /** direction or zoom changed; `frame` is the time of the current animation frame (the last one between frames) */
  onChange: (listener: (view: SphereViewState, frame: number) => void) => () => void;
  /** the animation frame time of this viewer's last render loop: equal to a change's `frame`, the loop has run in it */
  lastFrame: () => number;
  /** draws the current view now (with its markers), when this frame's loop has already run */
  renderNow: () => void;
  /** the user pressed, wheeled or touched this viewer */
  onUserInput: (listener: () => void) => () => void;
  /** a frame was drawn (by the loop or renderNow): the frame's requestAnimationFrame time and the view drawn */
  onRender: (listener: (frame: number, view: SphereViewState) => void) => () => void;
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

export function createSphereViewer(container: HTMLElement, labels: SphereLabels, handlers: SphereMarkerHandlers): SphereController {
  frameClock.start();
  let viewer: Viewer;
  try {
    viewer = new Viewer({
      container,
      navbar: false,
      keyboard: false,
      loadingTxt: labels.loading,
      lang: { ...labels.library, loading: labels.loading, loadError: labels.loadError },
      canvasBackground: '#0a121b',
      defaultZoomLvl: 0,
      moveInertia: true,
      mousewheelCtrlKey: false,
      plugins: [[MarkersPlugin, {}]],
    });
  } catch (error) {
    frameClock.stop();
    throw error;
  }
  // without WebGL the viewer only shows its own error text; the page falls back to a flat picture instead
  if (!(viewer as { renderer?: unknown }).renderer) {
    frameClock.stop();
    viewer.destroy();
    throw new Error('WebGL is not available');
  }

  const markers = createMarkerLayer(viewer, container, handlers);
  const view = createViewHandle(viewer, container);
  let generation = 0;
  return {
    markers,
    view,
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
      frameClock.stop();
      viewer.destroy();
    },
  };
}

/** The time of the current animation frame, read by the view handles. Its requestAnimationFrame callback is registered
 *  before any viewer's loop (it starts with the first viewer), so it runs first in every frame: while the viewers' loops
 *  run it holds their frame's time. It stops when the last viewer goes. */
const frameClock = {
  now: 0,
  viewers: 0,
  request: 0,
  start() {
    frameClock.viewers += 1;
    if (frameClock.viewers > 1) return;
    const tick = (time: number) => {
      frameClock.now = time;
      frameClock.request = requestAnimationFrame(tick);
    };
    frameClock.request = requestAnimationFrame(tick);
  },
  stop() {
    frameClock.viewers = Math.max(0, frameClock.viewers - 1);
    if (frameClock.viewers === 0) cancelAnimationFrame(frameClock.request);
  },
};

/** The view handle: direction and zoom out of and into the viewer, and a way to draw a frame at once. Photo Sphere
 *  Viewer renders each viewer from its own requestAnimationFrame callback (three's animation loop), so of two viewers one
 *  always runs first in a frame: when the second one's loop moves it (a drag is applied in 'before-render'), the first
 *  has drawn this frame already and draws the followed view with renderNow() through the public custom-renderer hook. */
function createViewHandle(viewer: Viewer, container: HTMLElement): SphereViewHandle {
  let loopFrame = 0;
  let drawn: { webgl: WebGLRenderer; scene: Object3D; camera: Camera } | null = null;
  viewer.renderer.setCustomRenderer((webgl) => ({
    render(scene, camera) {
      drawn = { webgl, scene, camera };
      webgl.render(scene, camera);
    },
  }));
  viewer.addEventListener('before-render', () => {
    loopFrame = frameClock.now;
  });
  const get = (): SphereViewState => {
    const { yaw, pitch } = viewer.getPosition();
    return { yaw, pitch, zoom: viewer.getZoomLevel() };
  };
  const renderListeners = new Set<(frame: number, view: SphereViewState) => void>();
  viewer.addEventListener('render', () => {
    if (renderListeners.size === 0) return;
    const drawnView = get();
    for (const listener of renderListeners) listener(frameClock.now, drawnView);
  });
  const listeners = new Set<(view: SphereViewState, frame: number) => void>();
  const report = () => {
    if (listeners.size === 0) return;
    const current = get();
    for (const listener of listeners) listener(current, frameClock.now);
  };
  viewer.addEventListener('position-updated', report);
  viewer.addEventListener('zoom-updated', report);
  return {
    get,
    set(next) {
      viewer.rotate({ yaw: next.yaw, pitch: next.pitch });
      viewer.zoom(next.zoom);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    lastFrame: () => loopFrame,
    renderNow() {
      if (!drawn) return;
      viewer.state.needsUpdate = false;
      drawn.webgl.render(drawn.scene, drawn.camera);
      viewer.dispatchEvent(new events.RenderEvent(events.RenderEvent.type));
    },
    onRender(listener) {
      renderListeners.add(listener);
      return () => renderListeners.delete(listener);
    },
    onUserInput(listener) {
      const kinds = ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const;
      for (const kind of kinds) container.addEventListener(kind, listener, { capture: true, passive: true });
      return () => {
        for (const kind of kinds) container.removeEventListener(kind, listener, { capture: true });
      };
    },
  };
}
