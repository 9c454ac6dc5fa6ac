import { fileIdentity } from '../../api/file-links.ts';
import { useEffect, useRef } from 'react';
import type { SphereMarker, SpherePoint } from '../findings/sphere-shapes.ts';
import { useTranslation } from 'react-i18next';
import { loadSphereEngine } from './load-sphere-engine.ts';
import classes from './panorama-page.module.css';
import type { SphereController, SphereStage } from './sphere-engine.ts';

export interface SphereViewProps {
  previewUrl: string;
  originalUrl: string;
  /** bumps whenever the surrounding layout changed size (sidebar toggled, full screen) */
  layoutVersion: number;
  onStage: (stage: SphereStage | 'loading') => void;
  /** the engine could not start or the panorama could not load: the page shows the picture flat instead */
  onFailure: (error: unknown) => void;
  /** the findings of this panorama, drawn as markers */
  findings: readonly SphereMarker[];
  /** the points clicked so far for a new finding */
  draft: readonly SpherePoint[];
  /** marking a finding: clicks add points, a double-click finishes */
  marking: boolean;
  onOpenFinding: (findingId: number) => void;
  onPoint: (point: SpherePoint) => void;
  onFinish: (doubleClick: boolean) => void;
  /** the engine's controller once it runs, null when it goes (the year compare links two views through it) */
  onController?: (controller: SphereController | null) => void;
  testId?: string;
}

/** Spec §2: how long a resize keeps being forced after the sidebar toggles (its transition is 250 ms). */
const FORCED_RESIZE_MS = 400;

/** An equirectangular panorama in Photo Sphere Viewer: the preview first, then the original. */
export function SphereView({
  previewUrl,
  originalUrl,
  layoutVersion,
  onStage,
  onFailure,
  findings,
  draft,
  marking,
  onOpenFinding,
  onPoint,
  onFinish,
  onController,
  testId = 'panorama-sphere',
}: SphereViewProps) {
  const { t } = useTranslation('panorama');
  const containerRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<SphereController | null>(null);
  const latest = useRef({
    previewUrl,
    originalUrl,
    onStage,
    onFailure,
    findings,
    draft,
    marking,
    onOpenFinding,
    onPoint,
    onFinish,
    onController,
  });
  latest.current = {
    previewUrl,
    originalUrl,
    onStage,
    onFailure,
    findings,
    draft,
    marking,
    onOpenFinding,
    onPoint,
    onFinish,
    onController,
  };
  const labels = useRef({
    loading: t('loadingPanorama'),
    loadError: t('panoramaError'),
    library: t('library', { returnObjects: true }) as Record<string, string>,
  });

  const showLatest = () => {
    const controller = controllerRef.current;
    if (!controller) return;
    const { previewUrl: preview, originalUrl: original } = latest.current;
    latest.current.onStage('loading');
    controller.show(preview, original, (stage) => latest.current.onStage(stage)).catch((error: unknown) => latest.current.onFailure(error));
  };

  // the engine starts once per mount
  // biome-ignore lint/correctness/useExhaustiveDependencies: showLatest reads refs only
  useEffect(() => {
    let cancelled = false;
    loadSphereEngine()
      .then(({ createSphereViewer }) => {
        if (cancelled || !containerRef.current) return;
        const controller = createSphereViewer(containerRef.current, labels.current, {
          onOpen: (id) => latest.current.onOpenFinding(id),
          onPoint: (point) => latest.current.onPoint(point),
          onFinish: (doubleClick) => latest.current.onFinish(doubleClick),
        });
        controllerRef.current = controller;
        controller.markers.setMarking(latest.current.marking);
        controller.markers.setFindings(latest.current.findings);
        controller.markers.setDraft(latest.current.draft);
        latest.current.onController?.(controller);
        showLatest();
      })
      .catch((error: unknown) => {
        if (!cancelled) latest.current.onFailure(error);
      });
    return () => {
      cancelled = true;
      if (controllerRef.current) latest.current.onController?.(null);
      controllerRef.current?.destroy();
      controllerRef.current = null;
    };
  }, []);

  // a new photo is the trigger; the same photo under re-issued URLs (DECISIONS §17) stays as it is on screen
  const photo = `${fileIdentity(previewUrl)} ${fileIdentity(originalUrl)}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new photo is the trigger
  useEffect(() => {
    showLatest();
  }, [photo]);

  useEffect(() => {
    controllerRef.current?.markers.setFindings(findings);
  }, [findings]);
  useEffect(() => {
    controllerRef.current?.markers.setDraft(draft);
  }, [draft]);
  useEffect(() => {
    controllerRef.current?.markers.setMarking(marking);
    // the keys of marking (Enter finishes, Escape cancels) go to the viewer, not to the button that started it
    if (marking) containerRef.current?.focus({ preventScroll: true });
  }, [marking]);

  useEffect(() => {
    if (layoutVersion === 0) return;
    const started = performance.now();
    let frame = 0;
    const tick = () => {
      controllerRef.current?.resize();
      if (performance.now() - started < FORCED_RESIZE_MS) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [layoutVersion]);

  return <div ref={containerRef} className={classes.sphere} tabIndex={-1} data-testid={testId} />;
}
