import { ActionIcon, Anchor, Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import type { Photo } from '@windscope/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../ui/app-icons.tsx';
import { useCan } from '../../auth/use-auth.ts';
import { LAYER_MARKER, useEscapeLayer } from '../dialogs/escape-stack.ts';
import { CaptureLine } from '../../viewer-common/capture-line.tsx';
import { isPointCloudPhoto, viewableUrl } from '../../viewer-common/point-cloud.ts';
import { usePhotoLabels } from '../gallery/photo-labels.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, TrashIcon } from '../turbine-icons.tsx';
import { ViewerPicture } from './viewer-picture.tsx';
import { stepIndex } from './viewer-index.ts';
import classes from './viewer.module.css';

export interface PhotoViewerProps {
  turbineId: number;
  /** the turbine's "lat,lng" text: the header gives a photo's GPS position with its distance from it */
  turbineCoordinates: string | null;
  photos: readonly Photo[];
  /** the shown photo's index; null when closed */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onDelete: (photo: Photo) => void;
  /** false while a dialog above it (the delete confirmation) takes the keys */
  keyboard: boolean;
}

/** Spec §2: opens at an index, previous/next wrap around (buttons, arrow keys), Escape or a backdrop click closes.
 *  Drone, operator and robot photos zoom and carry the "mark finding" tool (DECISIONS §12, ViewerPicture). */
export function PhotoViewer({
  turbineId,
  turbineCoordinates,
  photos,
  index,
  onIndexChange,
  onClose,
  onDelete,
  keyboard,
}: PhotoViewerProps) {
  const { t } = useTranslation(TURBINE_NS);
  const labels = usePhotoLabels();
  const photo = index === null ? undefined : photos[index];
  const opened = photo !== undefined;
  const count = photos.length;
  const canDelete = useCan('photo.delete', { ownerId: photo?.uploaded_by ?? null });
  useEscapeLayer(opened, onClose);

  useEffect(() => {
    if (!opened || !keyboard || index === null) return;
    const onKey = (event: KeyboardEvent) => {
      // arrows inside a field or a slider (a point cloud's point size), or inside a dialog above the viewer (the finding
      // form and drawer), are theirs
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="slider"]')) return;
      const dialog = target?.closest('[role="dialog"]');
      if (dialog && !dialog.querySelector(`[${LAYER_MARKER}]`)) return;
      if (event.key === 'ArrowLeft') onIndexChange(stepIndex(index, -1, count));
      if (event.key === 'ArrowRight') onIndexChange(stepIndex(index, 1, count));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, keyboard, index, count, onIndexChange]);

  // the neighbours' previews load while this one is looked at
  useEffect(() => {
    if (index === null || count < 2) return;
    for (const delta of [1, -1]) {
      const next = photos[stepIndex(index, delta, count)];
      if (next && !isPointCloudPhoto(next)) new Image().src = viewableUrl(next);
    }
  }, [index, count, photos]);

  return (
    // the compound form, so the dialog element itself carries the photo's name (Modal's own props name its wrapper)
    <Modal.Root
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      size="min(1400px, 96vw)"
      padding={0}
      centered
      radius="md"
      data-testid="photo-viewer"
    >
      <Modal.Overlay backgroundOpacity={0.82} blur={3} />
      <Modal.Content className={classes.content} aria-label={photo ? photo.originalName : t('viewer.title')}>
        {photo && index !== null && (
          <Stack gap={0} {...{ [LAYER_MARKER]: '' }}>
            <Group className={classes.bar} justify="space-between" wrap="nowrap" gap="md">
              <Stack gap={2} miw={0}>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={700} truncate data-testid="viewer-name">
                    {photo.originalName}
                  </Text>
                  <Badge variant="light" color="gray" size="sm">
                    {labels.type(photo)}
                  </Badge>
                </Group>
                <Text size="xs" className={classes.meta} truncate>
                  {[labels.place(photo), String(photo.year), labels.size(photo), labels.uploaded(photo)].filter(Boolean).join(' · ')}
                </Text>
                <CaptureLine photo={photo} turbineCoordinates={turbineCoordinates} className={`${classes.meta} ${classes.capture}`} />
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} data-testid="viewer-counter">
                  {t('viewer.counter', { current: index + 1, total: count })}
                </Text>
                <Tooltip label={t('viewer.download')}>
                  <ActionIcon
                    component="a"
                    href={photo.urls.original}
                    download={photo.originalName}
                    variant="subtle"
                    color="gray"
                    size="lg"
                    className={classes.barIcon}
                    aria-label={t('viewer.download')}
                  >
                    <DownloadIcon size={18} />
                  </ActionIcon>
                </Tooltip>
                {canDelete && (
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    leftSection={<TrashIcon size={14} />}
                    onClick={() => onDelete(photo)}
                    data-testid="viewer-delete"
                  >
                    {t('gallery.delete')}
                  </Button>
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  className={classes.barIcon}
                  onClick={onClose}
                  aria-label={t('viewer.close')}
                  data-autofocus
                >
                  <CloseIcon size={18} />
                </ActionIcon>
              </Group>
            </Group>
            <div className={classes.stage}>
              {count > 1 && (
                <ActionIcon
                  className={`${classes.nav} ${classes.prev}`}
                  size={44}
                  radius="xl"
                  variant="white"
                  color="dark"
                  onClick={() => onIndexChange(stepIndex(index, -1, count))}
                  aria-label={t('viewer.previous')}
                  data-testid="viewer-prev"
                >
                  <ChevronLeftIcon size={22} />
                </ActionIcon>
              )}
              <ViewerPicture turbineId={turbineId} photo={photo} />
              {count > 1 && (
                <ActionIcon
                  className={`${classes.nav} ${classes.next}`}
                  size={44}
                  radius="xl"
                  variant="white"
                  color="dark"
                  onClick={() => onIndexChange(stepIndex(index, 1, count))}
                  aria-label={t('viewer.next')}
                  data-testid="viewer-next"
                >
                  <ChevronRightIcon size={22} />
                </ActionIcon>
              )}
            </div>
            <Group justify="center" pb="sm">
              <Anchor href={photo.urls.original} target="_blank" rel="noopener" size="xs" className={classes.openOriginal}>
                {t('viewer.openOriginal')}
              </Anchor>
            </Group>
          </Stack>
        )}
      </Modal.Content>
    </Modal.Root>
  );
}
