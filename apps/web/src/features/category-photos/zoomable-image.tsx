import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { type Photo, ZOOM_MAX, ZOOM_MIN } from '@windscope/contract';
import { type PointerEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { isPointCloudPhoto, viewableUrl } from '../viewer-common/point-cloud.ts';
import { PointCloudNotice } from '../viewer-common/point-cloud-notice.tsx';
import { ResetIcon, ZoomInIcon, ZoomOutIcon } from '../viewer-common/viewer-icons.tsx';
import classes from './category-photos.module.css';
import { PHOTOS_NS } from './photos-i18n.ts';
import { canPan, clampPan, fittedSize, type Offset, offsetForZoom, type Size, zoomByWheel, zoomIn, zoomOut } from './zoom.ts';

/** Originals in these formats can be drawn by every browser; others (TIFF) stay on the preview. */
const DRAWABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);
const START = { zoom: 1, offset: { x: 0, y: 0 } };

export interface ZoomableImageProps {
  photo: Photo;
  alt: string;
  testId?: string;
  /** drawn in the image's own zoomed and panned box (finding overlays), at the fitted size */
  overlay?: (size: Size & { zoom: number }) => ReactNode;
  /** while another tool draws on the image, dragging does not pan */
  panLocked?: boolean;
  /** a zoom and pan shared with another picture (the year compare): given, the picture follows it and reports its
   *  changes through onSharedView instead of keeping its own */
  sharedView?: SharedView;
  onSharedView?: (view: SharedView) => void;
}

/** Zoom and pan independent of the picture's size on screen: the offset as a fraction of the fitted picture. */
export interface SharedView {
  zoom: number;
  x: number;
  y: number;
}
type View = { zoom: number; offset: Offset };

export function toSharedView(view: View, fitted: Size): SharedView {
  return { zoom: view.zoom, x: fitted.width ? view.offset.x / fitted.width : 0, y: fitted.height ? view.offset.y / fitted.height : 0 };
}

export function fromSharedView(shared: SharedView, viewport: Size, fitted: Size): View {
  const offset = { x: shared.x * fitted.width, y: shared.y * fitted.height };
  return { zoom: shared.zoom, offset: clampPan(offset, shared.zoom, viewport, fitted) };
}

/** A photo with zoom (wheel or buttons, ×1.5 per step, 0.5..5) and drag-to-pan once zoomed in (spec §2). The preview is
 *  shown first; the original is fetched when the user zooms in. Give it `key={photo.id}`: a new photo starts fitted. */
export function ZoomableImage(props: ZoomableImageProps) {
  // a point cloud has no picture to zoom: it says what it needs instead
  if (isPointCloudPhoto(props.photo)) return <PointCloudNotice />;
  return <ZoomablePicture {...props} />;
}

function ZoomablePicture({ photo, alt, testId = 'zoomable', overlay, panLocked = false, sharedView, onSharedView }: ZoomableImageProps) {
  const { t } = useTranslation(PHOTOS_NS);
  const format = useFormatters();
  const viewportRef = useRef<HTMLDivElement>(null);
  const [ownView, setOwnView] = useState<View>(START);
  const [viewport, setViewport] = useState<Size>({ width: 0, height: 0 });
  const [natural, setNatural] = useState<Size>({ width: photo.width ?? 0, height: photo.height ?? 0 });
  const [originalReady, setOriginalReady] = useState(false);
  const drag = useRef<{ pointer: Offset; offset: Offset } | null>(null);
  const [dragging, setDragging] = useState(false);

  const fitted = fittedSize(natural, viewport);
  const fittedRef = useRef({ fitted, viewport });
  fittedRef.current = { fitted, viewport };
  const view = sharedView ? fromSharedView(sharedView, viewport, fitted) : ownView;
  const viewRef = useRef(view);
  viewRef.current = view;
  const sharedRef = useRef(onSharedView);
  sharedRef.current = sharedView ? onSharedView : undefined;
  const setView = (next: View | ((current: View) => View)) => {
    const value = typeof next === 'function' ? next(viewRef.current) : next;
    const report = sharedRef.current;
    if (report) {
      viewRef.current = value;
      report(toSharedView(value, fittedRef.current.fitted));
    } else setOwnView(value);
  };

  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setViewport({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const zoomTo = (next: number, anchor: Offset = { x: 0, y: 0 }) => {
    const current = viewRef.current;
    const { fitted: size, viewport: box } = fittedRef.current;
    setView({ zoom: next, offset: clampPan(offsetForZoom(current.offset, current.zoom, next, anchor), next, box, size) });
  };

  // the wheel listener must be active (not passive) to keep the page from scrolling
  // biome-ignore lint/correctness/useExhaustiveDependencies: zoomTo reads refs only
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const anchor = { x: event.clientX - box.left - box.width / 2, y: event.clientY - box.top - box.height / 2 };
      zoomTo(zoomByWheel(viewRef.current.zoom, event.deltaY), anchor);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const wantOriginal = view.zoom > 1 && DRAWABLE.has(photo.mime_type) && photo.urls.original !== viewableUrl(photo);
  useEffect(() => {
    if (!wantOriginal || originalReady) return;
    const image = new Image();
    image.onload = () => setOriginalReady(true);
    image.src = photo.urls.original;
    return () => {
      image.onload = null;
    };
  }, [wantOriginal, originalReady, photo.urls.original]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || panLocked || !canPan(view.zoom)) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: { x: event.clientX, y: event.clientY }, offset: view.offset };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    const moved = { x: start.offset.x + event.clientX - start.pointer.x, y: start.offset.y + event.clientY - start.pointer.y };
    setView((current) => ({ ...current, offset: clampPan(moved, current.zoom, viewport, fitted) }));
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };

  const src = originalReady ? photo.urls.original : viewableUrl(photo);
  return (
    <div className={classes.zoomable}>
      <div
        ref={viewportRef}
        role="application"
        aria-label={alt}
        className={classes.zoomViewport}
        data-testid={testId}
        data-zoom={view.zoom}
        data-offset={`${Math.round(view.offset.x)},${Math.round(view.offset.y)}`}
        data-pannable={canPan(view.zoom)}
        data-dragging={dragging}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDoubleClick={() => setView(START)}
      >
        <img
          src={src}
          alt={alt}
          draggable={false}
          className={classes.zoomImage}
          data-source={originalReady ? 'original' : 'preview'}
          onLoad={(event) => {
            const image = event.currentTarget;
            if (!natural.width || !natural.height) setNatural({ width: image.naturalWidth, height: image.naturalHeight });
          }}
          style={{
            width: fitted.width || undefined,
            height: fitted.height || undefined,
            transform: `translate(-50%, -50%) translate(${view.offset.x}px, ${view.offset.y}px) scale(${view.zoom})`,
          }}
        />
        {overlay && natural.width > 0 && fitted.width > 0 && (
          <div
            className={classes.zoomImage}
            style={{ transform: `translate(-50%, -50%) translate(${view.offset.x}px, ${view.offset.y}px) scale(${view.zoom})` }}
          >
            {overlay({ ...fitted, zoom: view.zoom })}
          </div>
        )}
      </div>
      <Group className={classes.zoomBar} gap={4} wrap="nowrap">
        <Tooltip label={t('zoomOut')} withinPortal={false}>
          <ActionIcon
            variant="subtle"
            color="gray"
            className={classes.zoomButton}
            aria-label={t('zoomOut')}
            disabled={view.zoom <= ZOOM_MIN}
            onClick={() => zoomTo(zoomOut(view.zoom))}
            data-testid={`${testId}-zoom-out`}
          >
            <ZoomOutIcon size={18} />
          </ActionIcon>
        </Tooltip>
        <Text size="sm" fw={700} className={classes.zoomLevel} data-testid={`${testId}-zoom-level`}>
          {t('zoomLevel', { percent: format.number(Math.round(view.zoom * 100)) })}
        </Text>
        <Tooltip label={t('zoomIn')} withinPortal={false}>
          <ActionIcon
            variant="subtle"
            color="gray"
            className={classes.zoomButton}
            aria-label={t('zoomIn')}
            disabled={view.zoom >= ZOOM_MAX}
            onClick={() => zoomTo(zoomIn(view.zoom))}
            data-testid={`${testId}-zoom-in`}
          >
            <ZoomInIcon size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('zoomReset')} withinPortal={false}>
          <ActionIcon
            variant="subtle"
            color="gray"
            className={classes.zoomButton}
            aria-label={t('zoomReset')}
            disabled={view.zoom === 1}
            onClick={() => setView(START)}
            data-testid={`${testId}-zoom-reset`}
          >
            <ResetIcon size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
}
