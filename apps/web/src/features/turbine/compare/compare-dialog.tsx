import { Badge, Group, Modal, Text } from '@mantine/core';
import type { Photo } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { PhotoZoom } from '../../deep-zoom/photo-zoom.tsx';
import { LAYER_MARKER, useEscapeLayer } from '../dialogs/escape-stack.ts';
import { usePhotoLabels } from '../gallery/photo-labels.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { PhotoFrame } from '../viewer/photo-frame.tsx';
import { isFlatPhoto } from '../viewer/viewer-picture.tsx';
import classes from '../viewer/viewer.module.css';

const COMPARE_HEIGHT = 'calc(100dvh - 260px)';

/** The two ticked photos side by side (spec §2, comparison mode), each zoomed and panned on its own: a drone, operator or
 *  robot photo on the deep-zoom surface (DECISIONS §16), a blade panorama or a point cloud as in the viewer. */
export function CompareDialog({ photos, opened, onClose }: { photos: readonly Photo[]; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(TURBINE_NS);
  const labels = usePhotoLabels();
  useEscapeLayer(opened, onClose);
  return (
    <Modal
      opened={opened && photos.length === 2}
      onClose={onClose}
      closeOnEscape={false}
      title={t('compare.title')}
      size="min(1600px, 97vw)"
      centered
      radius="md"
      overlayProps={{ backgroundOpacity: 0.7, blur: 2 }}
      closeButtonProps={{ 'aria-label': t('viewer.close') }}
      data-testid="compare-dialog"
    >
      <div className={classes.compareGrid} {...{ [LAYER_MARKER]: '' }}>
        {photos.map((photo, i) => (
          <div key={photo.id} className={classes.comparePane} data-testid="compare-pane">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={700} size="sm" truncate>
                {photo.originalName}
              </Text>
              <Badge variant="light" color="gray" size="sm">
                {labels.type(photo)}
              </Badge>
            </Group>
            {isFlatPhoto(photo) ? (
              <div className={classes.compareZoom}>
                <PhotoZoom key={photo.id} photo={photo} alt={photo.originalName} testId={`compare-zoom-${i}`} />
              </div>
            ) : (
              <PhotoFrame photo={photo} maxHeight={COMPARE_HEIGHT} />
            )}
            <Text size="xs" className={classes.meta}>
              {[labels.place(photo), String(photo.year), labels.size(photo), labels.uploaded(photo)].filter(Boolean).join(' · ')}
            </Text>
          </div>
        ))}
      </div>
    </Modal>
  );
}
