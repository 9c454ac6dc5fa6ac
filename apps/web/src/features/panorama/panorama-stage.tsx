import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import type { Photo } from '@windscope/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../ui/toast/toast.tsx';
import { CaptureLine } from '../viewer-common/capture-line.tsx';
import { photoDisplayName } from '../viewer-common/photo-order.ts';
import { isPointCloudPhoto, viewableUrl } from '../viewer-common/point-cloud.ts';
import { PointCloudPreview } from '../viewer-common/point-cloud-preview.tsx';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CompareIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  PenIcon,
} from '../viewer-common/viewer-icons.tsx';
import { AnnotationLayer, type LayerTool } from './annotation-layer.tsx';
import { type Annotation, removeSelectedOrLast } from './annotations.ts';
import { AnnotationToolbar } from './annotation-toolbar.tsx';
import { isEquirectangular } from './blade-rooms.ts';
import { FlatView } from './flat-view.tsx';
import classes from './panorama-page.module.css';
import type { SphereStage } from './sphere-engine.ts';
import { SphereView } from './sphere-view.tsx';
import { useFullscreen } from './use-fullscreen.ts';
import { useSphereMarking } from './use-sphere-marking.tsx';
import { isTypingTarget, viewerKeyAction } from './viewer-keys.ts';

export interface PanoramaStageProps {
  turbineId: number;
  /** the turbine's "lat,lng" text: the caption gives a photo's GPS position with its distance from it */
  turbineCoordinates: string | null;
  photos: readonly Photo[];
  index: number;
  onStep: (delta: 1 | -1) => void;
  /** bumps when the sidebar toggles */
  layoutVersion: number;
  /** the year compare of the photo's blade and room (issue 16) */
  compareTo?: (photo: Photo) => string;
}

type LoadStage = SphereStage | 'loading';

/** The viewer: the photo (sphere or flat), previous/next with the counter, full screen, annotation mode and, on the
 *  sphere, findings as markers with the mark-finding tool. */
export function PanoramaStage(props: PanoramaStageProps) {
  const photo = props.photos[props.index];
  return photo ? <StageOfPhoto {...props} photo={photo} /> : null;
}

function StageOfPhoto({
  turbineId,
  turbineCoordinates,
  photos,
  index,
  onStep,
  layoutVersion,
  photo,
  compareTo,
}: PanoramaStageProps & { photo: Photo }) {
  const { t } = useTranslation('panorama');
  const { t: tv } = useTranslation('viewer');
  const stageRef = useRef<HTMLDivElement>(null);
  const fullscreenFailed = useCallback((message: string) => toast.error(t('fullscreenError'), message), [t]);
  const fullscreen = useFullscreen(stageRef, fullscreenFailed);
  const [annotating, setAnnotating] = useState(false);
  const [tool, setTool] = useState<LayerTool>('pen');
  const [annotations, setAnnotations] = useState<Annotation[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [loadStage, setLoadStage] = useState<LoadStage>('loading');
  const [failedSphereId, setFailedSphereId] = useState<number | null>(null);

  // annotations belong to the view they were drawn on: a new photo starts clean
  const photoId = photo.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new photo is the trigger
  useEffect(() => {
    setAnnotations([]);
    setSelectedId(null);
    setLoadStage('loading');
  }, [photoId]);

  useEffect(() => {
    if (loadStage !== 'loading') performance.mark(`windscope:panorama-${loadStage}`);
  }, [loadStage]);

  const keys = useRef({ annotating, selectedId, onStep, toggle: fullscreen.toggle });
  keys.current = { annotating, selectedId, onStep, toggle: fullscreen.toggle };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || document.querySelector('[role="dialog"]')) return;
      const action = viewerKeyAction(event, keys.current.annotating);
      if (!action) return;
      event.preventDefault();
      if (action === 'previous') keys.current.onStep(-1);
      else if (action === 'next') keys.current.onStep(1);
      else if (action === 'fullscreen') void keys.current.toggle();
      else {
        setAnnotations((list) => removeSelectedOrLast(list, keys.current.selectedId));
        setSelectedId(null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onStage = useCallback((stage: LoadStage) => setLoadStage(stage), []);

  const name = photoDisplayName(photo);
  const pointCloud = isPointCloudPhoto(photo);
  const sphere = !pointCloud && isEquirectangular(photo.width, photo.height) && failedSphereId !== photo.id;
  const kind = pointCloud ? 'pcd' : sphere ? 'sphere' : 'flat';
  const leaveAnnotating = () => {
    setAnnotating(false);
    setAnnotations([]);
    setSelectedId(null);
  };
  // findings are marked on the sphere only (their geometry is yaw/pitch); the local annotation mode is apart from it:
  // starting one leaves the other
  const findings = useSphereMarking(turbineId, photo, sphere, leaveAnnotating);

  return (
    <div
      ref={stageRef}
      className={classes.stage}
      data-testid="panorama-stage"
      data-photo-id={photo.id}
      data-kind={kind}
      data-load-stage={loadStage}
      data-fullscreen={fullscreen.active}
    >
      {pointCloud ? (
        <div className={classes.pointCloud}>
          <PointCloudPreview key={photo.id} photo={photo} />
        </div>
      ) : sphere ? (
        <SphereView
          previewUrl={viewableUrl(photo)}
          originalUrl={photo.urls.original}
          layoutVersion={layoutVersion + (fullscreen.active ? 1000 : 0)}
          onStage={onStage}
          onFailure={(error) => {
            // spec §8: a viewer initialisation failure is only logged; the picture is still shown, flat
            console.error('The panorama viewer failed', error);
            setFailedSphereId(photo.id);
          }}
          findings={findings.markers}
          draft={findings.draft}
          marking={findings.marking}
          onOpenFinding={findings.openFinding}
          onPoint={findings.addPoint}
          onFinish={findings.finish}
        />
      ) : (
        <FlatView previewUrl={viewableUrl(photo)} originalUrl={photo.urls.original} alt={tv('imageAlt', { name })} onStage={onStage} />
      )}

      {annotating && (
        <AnnotationLayer
          tool={tool}
          annotations={annotations}
          onAdd={(annotation) => setAnnotations((list) => [...list, annotation])}
          selectedId={selectedId}
          onSelect={setSelectedId}
        />
      )}

      <Group className={classes.topRight} gap="xs" wrap="nowrap">
        {/* a point cloud has no picture to draw on */}
        {!pointCloud && (
          <Button
            size="sm"
            variant={annotating ? 'filled' : 'white'}
            color={annotating ? 'red' : 'dark'}
            leftSection={<PenIcon size={16} />}
            aria-pressed={annotating}
            onClick={() => {
              if (annotating) leaveAnnotating();
              else {
                findings.cancel();
                setAnnotating(true);
              }
            }}
            data-testid="annotation-toggle"
          >
            {annotating ? t('annotateOff') : t('annotate')}
          </Button>
        )}
        {findings.toggle}
        {compareTo && (
          <Tooltip label={t('compareYearsHint')} withinPortal={false}>
            <ActionIcon
              component={Link}
              to={compareTo(photo)}
              size="lg"
              variant="white"
              color="dark"
              aria-label={t('compareYears')}
              data-testid="panorama-compare-years"
            >
              <CompareIcon size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={fullscreen.active ? t('exitFullscreen') : t('fullscreen')} withinPortal={false}>
          <ActionIcon
            size="lg"
            variant="white"
            color="dark"
            aria-label={fullscreen.active ? t('exitFullscreen') : t('fullscreen')}
            aria-pressed={fullscreen.active}
            onClick={() => void fullscreen.toggle()}
            data-testid="fullscreen-toggle"
          >
            {fullscreen.active ? <ExitFullscreenIcon size={18} /> : <FullscreenIcon size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>

      {annotating && (
        <AnnotationToolbar
          tool={tool}
          onTool={(next) => {
            setTool(next);
            if (next !== 'select') setSelectedId(null);
          }}
          count={annotations.length}
          onUndo={() => {
            setAnnotations((list) => removeSelectedOrLast(list, selectedId));
            setSelectedId(null);
          }}
          onClear={() => {
            setAnnotations([]);
            setSelectedId(null);
          }}
        />
      )}

      {findings.bar}
      {findings.dialogs}

      {photos.length > 1 && (
        <>
          <ActionIcon
            className={classes.navPrevious}
            size={44}
            radius="xl"
            variant="white"
            color="dark"
            aria-label={tv('previous')}
            onClick={() => onStep(-1)}
            data-testid="panorama-previous"
          >
            <ChevronLeftIcon size={24} />
          </ActionIcon>
          <ActionIcon
            className={classes.navNext}
            size={44}
            radius="xl"
            variant="white"
            color="dark"
            aria-label={tv('next')}
            onClick={() => onStep(1)}
            data-testid="panorama-next"
          >
            <ChevronRightIcon size={24} />
          </ActionIcon>
        </>
      )}

      <div className={classes.caption}>
        <Text size="sm" fw={600} c="white" truncate data-testid="panorama-photo-name">
          {name}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Badge size="sm" variant="light" color={sphere ? 'wind' : 'gray'} data-testid="panorama-kind">
            {t(kind)}
          </Badge>
          {loadStage === 'preview' && (
            <Text size="xs" c="gray.4" data-testid="panorama-loading-original">
              {t('loadingOriginal')}
            </Text>
          )}
        </Group>
        <CaptureLine photo={photo} turbineCoordinates={turbineCoordinates} c="gray.3" />
      </div>
      <div className={classes.counter} data-testid="panorama-counter" aria-live="polite">
        {tv('counter', { current: index + 1, total: photos.length })}
      </div>
    </div>
  );
}
