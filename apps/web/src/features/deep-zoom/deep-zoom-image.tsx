import { type Photo, PREVIEW_WIDTH, ZOOM_MIN, type ZoomPyramid } from '@windscope/contract';
import { useFileLinkRefused } from '../../api/file-links.ts';
import OpenSeadragon from 'openseadragon';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTOS_NS } from '../category-photos/photos-i18n.ts';
import { viewableUrl } from '../viewer-common/point-cloud.ts';
import { ZoomBar } from '../viewer-common/zoom-bar.tsx';
import classes from './deep-zoom.module.css';
import { usePyramid } from './use-pyramid.ts';
import {
  type Box,
  BEYOND_ONE_TO_ONE,
  centredOnSmallAxes,
  centreOf,
  FITTED,
  pannableAxes,
  type SharedView,
  type Size,
  sameView,
  sharedViewOf,
  shortNumber,
  tileCacheSize,
  zoomCap,
  zoomIn,
  zoomOut,
} from './zoom-view.ts';

/** A Deep Zoom pyramid's tiles (`{base}{level}/{column}_{row}.{format}`), each URL made when the tile is fetched from the
 *  base `base()` gives then: a viewer open past its URL's lifetime fetches from the fresh base, and a tile's cache key does
 *  not change with the URL. Levels as the Deep Zoom layout counts them (0 is 1 px, the last the original's size). */
export function zoomTileSource(pyramid: Extract<ZoomPyramid, { state: 'ready' }>, base: () => string) {
  return {
    width: pyramid.width,
    height: pyramid.height,
    tileSize: pyramid.tileSize,
    tileOverlap: pyramid.overlap,
    minLevel: 0,
    maxLevel: Math.ceil(Math.log2(Math.max(pyramid.width, pyramid.height))),
    getTileUrl: (level: number, column: number, row: number) => () => `${base()}${level}/${column}_${row}.${pyramid.format}`,
  } as unknown as OpenSeadragon.TileSourceOptions;
}

/** The benchmark's before/after switch (navigator.webdriver only): OpenSeadragon's own cache, as it was. */
const legacyTileCache = () =>
  navigator.webdriver && (window as unknown as { __windscopeZoomLegacyCache?: boolean }).__windscopeZoomLegacyCache === true;

let imagesFreed = false;
/** A tile's image is drawn into its canvas once (OpenSeadragon converts it, then lets it go); emptying its src frees the
 *  decoded copy Chromium otherwise keeps until memory runs short. Likewise a bitmap is closed. Once per page. */
function freeTileImages() {
  if (imagesFreed) return;
  imagesFreed = true;
  const converter = (OpenSeadragon as unknown as { converter?: OpenSeadragon.DataTypeConverter }).converter;
  converter?.learnDestroy('image', (image: HTMLImageElement) => {
    if (!legacyTileCache()) image.src = '';
  });
  converter?.learnDestroy('imageBitmap', (bitmap: ImageBitmap) => {
    if (!legacyTileCache()) bitmap.close();
  });
}

/** keys OpenSeadragon handles itself: pan and fit */
const KEEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', '0']);
/** one wheel notch is one step; wheels that send a burst of events per notch take one per this many ms */
const WHEEL_MS = 50;

export interface DeepZoomImageProps {
  photo: Photo;
  alt: string;
  testId?: string;
  /** drawn over the picture at its fitted size and scaled with it (finding overlays: normalised shapes, §12) */
  overlay?: (size: Size & { zoom: number }) => ReactNode;
  /** while a finding is being drawn, dragging does not pan */
  panLocked?: boolean;
  /** a zoom and pan shared with another picture (the year compare): given, the picture follows it and reports the
   *  changes its user makes through onSharedView */
  sharedView?: SharedView;
  onSharedView?: (view: SharedView) => void;
}

/** OpenSeadragon's settings read live that its types leave out: the zoom bounds, and the axes a drag or an arrow pans */
type Viewer = OpenSeadragon.Viewer & {
  panHorizontal: boolean;
  panVertical: boolean;
  viewport: OpenSeadragon.Viewport & { minZoomLevel: number; maxZoomLevel: number };
};

/** What a test or the zoom bar reads. */
interface ZoomState {
  /** image pixels per screen pixel, against the original's size (1 = 1:1) */
  imageZoom: number;
  /** the picture's scale against its fitted size (the overlay's zoom) */
  view: SharedView;
  /** the picture centre's offset from the view's centre, in screen pixels */
  offset: { x: number; y: number };
  atMin: boolean;
  atMax: boolean;
  /** the picture is shown (its first frame measured): the controls work */
  ready: boolean;
}

/** The one deep-zoom surface (DECISIONS §16): a flat photo on OpenSeadragon, the Deep Zoom tiles of a large image once
 *  its pyramid is made, else its preview as a single image (the original is never fetched to look). The wheel, the
 *  buttons and + − step ×1.5 on one ladder (0.5 up to 5, or to twice 1:1 for a photo with more pixels); pinch zooms
 *  freely; the arrows pan and 0 fits; a drag pans only once the picture is larger than the view. The overlay is laid
 *  over the picture's box and follows it every frame, so shapes drawn at any zoom land in image coordinates. A lazy
 *  chunk: OpenSeadragon is never on the first page's budget. Give it `key={photo.id}`: a new photo starts fitted. */
export default function DeepZoomImage({
  photo,
  alt,
  testId = 'deepzoom',
  overlay,
  panLocked = false,
  sharedView,
  onSharedView,
}: DeepZoomImageProps) {
  const { t } = useTranslation(PHOTOS_NS);
  const pyramid = usePyramid(photo.urls.zoom);
  const linkRefused = useFileLinkRefused();
  const canvasRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<Viewer | null>(null);
  const [fitted, setFitted] = useState<Size | null>(null);
  const [zoom, setZoom] = useState<ZoomState>({
    imageZoom: 0,
    view: FITTED,
    offset: { x: 0, y: 0 },
    atMin: false,
    atMax: false,
    ready: false,
  });
  const source = pyramid ? 'tiles' : 'preview';
  const label = `${alt}. ${t('zoomKeys')}`;
  /** the original's width: the preview is smaller, and 1:1 means the original's pixels */
  const originalWidth = pyramid?.width ?? photo.width ?? 0;

  // what the viewer's handlers read without being made again: the photo's current (re-signed) addresses, the shared
  // view and its listener, the pan lock, the last view (kept when the preview gives way to the tiles)
  const latest = useRef({ photo, sharedView, onSharedView, panLocked, label });
  latest.current = { photo, sharedView, onSharedView, panLocked, label };
  const lastView = useRef<SharedView | null>(null);
  /** this picture's user moved it last: its changes are reported; a view applied from outside is not echoed */
  const leading = useRef(false);
  /** the views this picture reported lately: one coming back through the pair's state is not applied again */
  const reported = useRef<SharedView[]>([]);
  const controls = useRef<{
    step: (up: boolean, at?: OpenSeadragon.Point) => void;
    oneToOne: () => void;
    fit: () => void;
    follow: (view: SharedView) => void;
    settle: () => void;
  } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per photo and source; the rest is read through refs
  useEffect(() => {
    const element = canvasRef.current;
    if (!element) return;
    setZoom((was) => ({ ...was, ready: false }));
    const current = latest.current.photo;
    const tileSource = pyramid
      ? // tiles `{base}{level}/{column}_{row}.{format}`, each URL made from the photo's latest (re-issued) base when fetched
        zoomTileSource(pyramid, () => latest.current.photo.urls.zoom ?? '')
      : ({ type: 'image', url: viewableUrl(current), buildPyramid: false } as OpenSeadragon.TileSourceOptions);
    // the preview (PREVIEW_WIDTH, 1600 px wide at most) may be enlarged further than its own pixels: up to twice the original's
    const previewWidth = Math.min(PREVIEW_WIDTH, originalWidth || PREVIEW_WIDTH);
    freeTileImages();
    const box = element.getBoundingClientRect();
    const viewer = OpenSeadragon({
      element,
      tileSources: tileSource,
      showNavigationControl: false,
      showNavigator: false,
      visibilityRatio: 1,
      constrainDuringPan: true,
      minZoomImageRatio: ZOOM_MIN,
      animationTime: 0.4,
      minScrollDeltaTime: WHEEL_MS,
      gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true, flickEnabled: false },
      gestureSettingsTouch: { pinchToZoom: true, flickEnabled: true },
      preserveImageSizeOnResize: false,
      crossOriginPolicy: false,
      maxZoomPixelRatio: BEYOND_ONE_TO_ONE * (pyramid ? 1 : Math.max(1, (originalWidth || previewWidth) / previewWidth)),
      imageSmoothingEnabled: true,
      // the 2D canvas: WebGL gains nothing on tiles this size and stalls where the GPU is emulated
      drawer: 'canvas',
      // a tile refused for an expired URL is asked again, from the fresh URL the lists bring meanwhile
      tileRetryMax: 2,
      tileRetryDelay: 3000,
      maxImageCacheCount: legacyTileCache()
        ? 200
        : tileCacheSize(Math.max(box.width, 1440), Math.max(box.height, 900), window.devicePixelRatio || 1, pyramid?.tileSize),
    }) as Viewer;
    viewerRef.current = viewer;
    // OpenSeadragon's canvas takes the keyboard (+ − arrows 0); it is named, and its keys said, for screen readers
    viewer.canvas.setAttribute('role', 'application');
    viewer.canvas.setAttribute('aria-label', latest.current.label);
    const viewport = viewer.viewport;

    const picture = (): Box | null => {
      const item = viewer.world.getItemAt(0);
      if (!item) return null;
      const bounds = item.getBounds();
      return { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height };
    };
    /** the zoom (against the fit) at which one pixel of the original is one pixel on screen */
    const oneToOne = () => {
      const item = viewer.world.getItemAt(0);
      if (!item) return 1;
      const drawnWidth = item.source.dimensions.x;
      return item.imageToViewportZoom(drawnWidth / (originalWidth || drawnWidth)) / viewport.getHomeZoom();
    };
    /** the ladder's bounds follow the fit (it changes with the viewer's size) */
    const setLimits = () => {
      const home = viewport.getHomeZoom();
      viewport.minZoomLevel = ZOOM_MIN * home;
      viewport.maxZoomLevel = zoomCap(oneToOne()) * home;
    };
    const viewOf = (animated: boolean): SharedView | null => {
      const box = picture();
      if (!box) return null;
      return sharedViewOf(viewport.getZoom(animated) / viewport.getHomeZoom(), viewport.getCenter(animated), box);
    };
    /** after a zoom: centred on an axis the picture does not fill, within bounds, and dragged only where it is larger */
    const settle = (immediately = false) => {
      const box = picture();
      if (!box) return;
      const centre = viewport.getCenter(false);
      const wanted = centredOnSmallAxes(centre, viewport.getBounds(false), box);
      if (Math.abs(wanted.x - centre.x) > 1e-9 || Math.abs(wanted.y - centre.y) > 1e-9)
        viewport.panTo(new OpenSeadragon.Point(wanted.x, wanted.y), immediately);
      viewport.applyConstraints(immediately);
      const pannable = pannableAxes(viewport.getBounds(false), box);
      viewer.panHorizontal = pannable.horizontal && !latest.current.panLocked;
      viewer.panVertical = pannable.vertical && !latest.current.panLocked;
    };
    const zoomTo = (fitZoom: number, at?: OpenSeadragon.Point) => {
      viewport.zoomTo(fitZoom * viewport.getHomeZoom(), at);
      settle();
    };
    const step = (up: boolean, at?: OpenSeadragon.Point) => {
      if (!picture()) return;
      leading.current = true;
      const cap = viewport.getMaxZoom() / viewport.getHomeZoom();
      const now = viewport.getZoom(false) / viewport.getHomeZoom();
      zoomTo(up ? zoomIn(now, cap) : zoomOut(now, cap), at);
    };
    const apply = (view: SharedView, immediately = false) => {
      const box = picture();
      if (!box) return;
      const home = viewport.getHomeZoom();
      const fitZoom = Math.min(viewport.getMaxZoom() / home, Math.max(ZOOM_MIN, view.zoom));
      viewport.zoomTo(fitZoom * home, undefined, immediately);
      const centre = centreOf({ ...view, zoom: fitZoom }, box);
      viewport.panTo(new OpenSeadragon.Point(centre.x, centre.y), immediately);
      settle(immediately);
    };
    controls.current = {
      step,
      oneToOne: () => {
        leading.current = true;
        zoomTo(oneToOne());
      },
      fit: () => {
        leading.current = true;
        apply(FITTED);
      },
      follow: (view) => {
        leading.current = false;
        apply(view);
      },
      settle: () => settle(),
    };

    /** moves the overlay onto the picture's box: every frame of an animation, without React */
    const place = () => {
      const item = viewer.world.getItemAt(0);
      const box = overlayRef.current;
      if (!item || !box) return;
      const rect = viewport.viewportToViewerElementRectangle(item.getBounds(true));
      const scale = viewport.getZoom(true) / viewport.getHomeZoom();
      box.style.transform = `translate(${rect.x}px, ${rect.y}px) scale(${scale})`;
    };
    const measure = () => {
      const item = viewer.world.getItemAt(0);
      const view = viewOf(true);
      if (!item || !view) return;
      const rect = viewport.viewportToViewerElementRectangle(item.getBounds(true));
      const size = { width: rect.width / view.zoom, height: rect.height / view.zoom };
      setFitted((was) => (was && Math.abs(was.width - size.width) < 0.5 && Math.abs(was.height - size.height) < 0.5 ? was : size));
      lastView.current = view;
      setZoom({
        imageZoom: view.zoom / oneToOne(),
        view,
        offset: { x: view.x * size.width, y: view.y * size.height },
        atMin: viewport.getZoom(true) <= viewport.getMinZoom() * 1.001,
        atMax: viewport.getZoom(true) >= viewport.getMaxZoom() * 0.999,
        ready: true,
      });
      place();
    };
    /** the view its user is moving to, for the other picture of a pair (each frame, only when it changed) */
    const report = () => {
      const listener = latest.current.onSharedView;
      if (!leading.current || !listener) return;
      const target = viewOf(false);
      const last = reported.current.at(-1);
      if (!target || (last && sameView(target, last))) return;
      reported.current = [...reported.current.slice(-15), target];
      listener(target);
    };

    viewer.addHandler('open', () => {
      setLimits();
      // a shared view, else the view before the tiles replaced the preview, else fitted
      const start = latest.current.sharedView ?? lastView.current;
      if (start) apply(start, true);
      else settle(true);
      measure();
    });
    // the user's own moves lead a synced pair
    for (const name of ['canvas-press', 'canvas-pinch', 'canvas-drag'] as const)
      viewer.addHandler(name, () => {
        leading.current = true;
      });
    viewer.addHandler('canvas-drag', (event) => {
      if (latest.current.panLocked) event.preventDefaultAction = true;
    });
    viewer.addHandler('canvas-pinch', () => settle());
    viewer.addHandler('tile-load-failed', () => linkRefused());
    // one step per notch and per double-click, on the ladder, about the pointer
    viewer.addHandler('canvas-scroll', (event) => {
      event.preventDefaultAction = true;
      step(event.scroll > 0, viewport.pointFromPixel(event.position));
    });
    viewer.addHandler('canvas-double-click', (event) => {
      event.preventDefaultAction = true;
      step(true, viewport.pointFromPixel(event.position));
    });
    // + and − step the ladder; arrows pan and 0 fits, as OpenSeadragon's own; its other keys (rotate, flip) would turn
    // the picture under the overlay, so they do nothing
    viewer.addHandler('canvas-key', (event) => {
      leading.current = true;
      const key = (event.originalEvent as KeyboardEvent).key;
      // an arrow that pans is the picture's; where it cannot pan, the page's (the viewers step photos with them)
      const horizontal = key === 'ArrowLeft' || key === 'ArrowRight';
      if ((horizontal && viewer.panHorizontal) || ((key === 'ArrowUp' || key === 'ArrowDown') && viewer.panVertical))
        (event.originalEvent as KeyboardEvent).stopPropagation();
      if (KEEP_KEYS.has(key)) return;
      event.preventDefaultAction = true;
      if (key === '+' || key === '=') step(true);
      else if (key === '-' || key === '_' || key === '−') step(false);
    });
    viewer.addHandler('viewport-change', report);
    viewer.addHandler('update-viewport', place);
    viewer.addHandler('animation-finish', () => {
      settle();
      measure();
    });
    viewer.addHandler('resize', () => {
      setLimits();
      measure();
    });
    if (navigator.webdriver) exposeProbe(viewer, photo.id, Boolean(pyramid), originalWidth);
    return () => {
      if (window.__windscopeDeepZoom?.photoId === photo.id) window.__windscopeDeepZoom = undefined;
      viewerRef.current = null;
      controls.current = null;
      viewer.destroy();
    };
  }, [pyramid]);

  // the label follows the language
  useEffect(() => {
    viewerRef.current?.canvas.setAttribute('aria-label', label);
  }, [label]);

  // the other picture of a pair moved: follow it (a view this one reported, coming back, is not applied again)
  useEffect(() => {
    if (!sharedView || !viewerRef.current?.world.getItemAt(0)) return;
    if (reported.current.some((view) => sameView(view, sharedView))) return;
    controls.current?.follow(sharedView);
  }, [sharedView]);

  // drawing a finding: a drag draws, it does not pan (settle reads the lock, and frees the axes again after it)
  // biome-ignore lint/correctness/useExhaustiveDependencies: settle reads the lock through `latest`; it runs when the lock changes
  useEffect(() => {
    controls.current?.settle();
  }, [panLocked]);

  const zoomBy = (up: boolean) => controls.current?.step(up);

  // the wheel over the overlay (which takes the pointer while a shape is drawn) still zooms the picture
  const hasOverlay = Boolean(overlay && fitted);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the overlay's element exists once it has a size
  useEffect(() => {
    const box = overlayRef.current;
    if (!box) return;
    let last = 0;
    const onWheel = (event: WheelEvent) => {
      const viewer = viewerRef.current;
      if (!viewer) return;
      event.preventDefault();
      if (event.timeStamp - last < WHEEL_MS) return;
      last = event.timeStamp;
      const bounds = viewer.element.getBoundingClientRect();
      const at = viewer.viewport.pointFromPixel(new OpenSeadragon.Point(event.clientX - bounds.left, event.clientY - bounds.top));
      controls.current?.step(event.deltaY < 0, at);
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [hasOverlay]);

  const atFit = sameView(zoom.view, FITTED);
  return (
    <div className={classes.root}>
      <div
        ref={canvasRef}
        className={classes.canvas}
        data-testid={testId}
        data-source={source}
        data-image-zoom={zoom.imageZoom.toFixed(3)}
        data-zoom={shortNumber(zoom.view.zoom)}
        data-offset={`${Math.round(zoom.offset.x)},${Math.round(zoom.offset.y)}`}
      />
      {overlay && fitted && (
        <div ref={overlayRef} className={classes.overlay} style={{ width: fitted.width, height: fitted.height }}>
          {overlay({ ...fitted, zoom: zoom.view.zoom })}
        </div>
      )}
      <ZoomBar
        testId={testId}
        percent={Math.round(zoom.imageZoom * 100)}
        atMin={zoom.atMin}
        atMax={zoom.atMax}
        atFit={atFit}
        onZoomOut={() => zoomBy(false)}
        onZoomIn={() => zoomBy(true)}
        onOneToOne={() => controls.current?.oneToOne()}
        onReset={() => controls.current?.fit()}
        ready={zoom.ready}
      />
    </div>
  );
}

/** Benchmark hooks (navigator.webdriver only, e2e/bench/zoom.ts): when the picture was first fully drawn, whether every
 *  tile on screen is drawn now, and a zoom to 1:1 at a point of the picture. */
interface DeepZoomProbe {
  photoId: number;
  tiled: boolean;
  createdAt: number;
  /** the first time every tile the view needed was drawn */
  firstFullyLoadedAt: number | null;
  fullyLoaded(): boolean;
  /** zooms to 1:1 (original pixels) centred on (fx, fy), fractions of the picture; no animation */
  oneToOneAt(fx: number, fy: number): void;
}
declare global {
  interface Window {
    __windscopeDeepZoom?: DeepZoomProbe;
  }
}

function exposeProbe(viewer: OpenSeadragon.Viewer, photoId: number, tiled: boolean, originalWidth: number) {
  const probe: DeepZoomProbe = {
    photoId,
    tiled,
    createdAt: performance.now(),
    firstFullyLoadedAt: null,
    fullyLoaded: () => viewer.world.getItemAt(0)?.getFullyLoaded() ?? false,
    oneToOneAt(fx, fy) {
      const item = viewer.world.getItemAt(0);
      if (!item) return;
      const drawnWidth = item.source.dimensions.x;
      const at = item.imageToViewportCoordinates(fx * drawnWidth, fy * item.source.dimensions.y);
      viewer.viewport.zoomTo(item.imageToViewportZoom(drawnWidth / (originalWidth || drawnWidth)), undefined, true);
      viewer.viewport.panTo(at, true);
      viewer.viewport.applyConstraints(true);
    },
  };
  viewer.world.addHandler('add-item', (event) => {
    event.item.addHandler('fully-loaded-change', (change) => {
      if ((change as { fullyLoaded?: boolean }).fullyLoaded && probe.firstFullyLoadedAt === null)
        probe.firstFullyLoadedAt = performance.now();
    });
  });
  window.__windscopeDeepZoom = probe;
}
