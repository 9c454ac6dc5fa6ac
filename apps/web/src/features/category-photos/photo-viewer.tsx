import { ActionIcon, Anchor, Badge, Group, Text } from '@mantine/core';
import type { Photo, PhotoCategory } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { PhotoZoom } from '../deep-zoom/photo-zoom.tsx';
import { useFlatMarking } from '../findings/use-flat-marking.tsx';
import { CaptureLine } from '../viewer-common/capture-line.tsx';
import { photoDisplayName } from '../viewer-common/photo-order.ts';
import { isPointCloudPhoto } from '../viewer-common/point-cloud.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../viewer-common/viewer-icons.tsx';
import classes from './category-photos.module.css';

export interface PhotoViewerProps {
  turbineId: number;
  /** the turbine's "lat,lng" text: the header gives a photo's GPS position with its distance from it */
  turbineCoordinates: string | null;
  photo: Photo;
  category: Extract<PhotoCategory, 'operator' | 'drone'>;
  color: string;
  /** 1-based place of the photo in the filtered list */
  position: number;
  total: number;
  onStep: (delta: 1 | -1) => void;
}

/** The main area: the photo's name and details, previous/next with the counter, and the picture on the deep-zoom surface. */
export function PhotoViewer({ turbineId, turbineCoordinates, photo, category, color, position, total, onStep }: PhotoViewerProps) {
  const { t } = useTranslation('photos');
  const { t: tv } = useTranslation('viewer');
  const format = useFormatters();
  const findings = useFlatMarking(turbineId, photo);
  const pointCloud = isPointCloudPhoto(photo);
  return (
    <div className={classes.viewer} data-testid="photo-viewer" data-photo-id={photo.id}>
      {/* the name and details wrap, and the tools go under them when the pane is narrow: nothing cut (issue 24 item 20) */}
      <Group className={classes.viewerHead} justify="space-between" gap="sm">
        <div className={classes.viewerInfo}>
          <Group gap="xs" wrap="nowrap">
            <Badge color={color} variant="light">
              {t(`categoryWord.${category}`)}
            </Badge>
            <Text fw={700} className={classes.photoName} data-testid="viewer-photo-name">
              {photoDisplayName(photo)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('meta', { blade: photo.blade ?? t('noBlade'), year: photo.year, size: format.fileSize(photo.size) })}
            {photo.uploader_name && ` · ${t('uploadedBy', { name: photo.uploader_name })}`}
            {` · ${t('uploadedAt', { date: format.dateTime(photo.upload_date) })}`}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap" className={classes.viewerTools}>
          <Anchor
            href={photo.urls.original}
            target="_blank"
            rel="noopener"
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
            data-testid="open-original"
          >
            {t('openOriginal')}
          </Anchor>
          {total > 1 && (
            <>
              <ActionIcon variant="default" size="lg" aria-label={tv('previous')} onClick={() => onStep(-1)} data-testid="photo-previous">
                <ChevronLeftIcon size={18} />
              </ActionIcon>
              <Text size="sm" fw={700} className={classes.counter} data-testid="photo-counter">
                {tv('counter', { current: position, total })}
              </Text>
              <ActionIcon variant="default" size="lg" aria-label={tv('next')} onClick={() => onStep(1)} data-testid="photo-next">
                <ChevronRightIcon size={18} />
              </ActionIcon>
            </>
          )}
        </Group>
      </Group>
      <CaptureLine photo={photo} turbineCoordinates={turbineCoordinates} c="dimmed" className={classes.captureRow} />
      {/* a point cloud has no picture to mark findings on, nor one to pan: its 3D preview has its own controls */}
      {!pointCloud && findings.toolbar}
      <div className={classes.viewerBody}>
        <PhotoZoom
          key={photo.id}
          photo={photo}
          alt={tv('imageAlt', { name: photoDisplayName(photo) })}
          testId="photo-zoom"
          overlay={findings.overlay}
          panLocked={findings.marking}
        />
      </div>
      {findings.dialogs}
      {!pointCloud && (
        <Text size="xs" c="dimmed" className={classes.viewerFoot}>
          {t('panHint')}
        </Text>
      )}
    </div>
  );
}
