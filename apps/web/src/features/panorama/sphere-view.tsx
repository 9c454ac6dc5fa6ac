import { useEffect, useRef } from 'react';
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
}

/** Spec §2: how long a resize keeps being forced after the sidebar toggles (its transition is 250 ms). */
const FORCED_RESIZE_MS = 400;

/** An equirectangular panorama in Photo Sphere Viewer: the preview first, then the original. */
export function SphereView({ previewUrl, originalUrl, layoutVersion, onStage, onFailure }: SphereViewProps) {
  const { t } = useTranslation('panorama');
  const containerRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<SphereController | null>(null);
  const latest = useRef({ previewUrl, originalUrl, onStage, onFailure });
  latest.current = { previewUrl, originalUrl, onStage, onFailure };
  const labels = useRef({ loading: t('loadingPanorama'), loadError: t('panoramaError') });

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
        controllerRef.current = createSphereViewer(containerRef.current, labels.current);
        showLatest();
      })
      .catch((error: unknown) => {
        if (!cancelled) latest.current.onFailure(error);
      });
    return () => {
      cancelled = true;
      controllerRef.current?.destroy();
      controllerRef.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new photo is the trigger
  useEffect(() => {
    showLatest();
  }, [previewUrl, originalUrl]);

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

  return <div ref={containerRef} className={classes.sphere} data-testid="panorama-sphere" />;
}
