import { Badge, Group, Modal, Text } from '@mantine/core';
import type { Photo } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { LAYER_MARKER, useEscapeLayer } from '../dialogs/escape-stack.ts';
import { usePhotoLabels } from '../gallery/photo-labels.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { PhotoFrame } from '../viewer/photo-frame.tsx';
import classes from '../viewer/viewer.module.css';

/** The two ticked photos side by side (spec §2, comparison mode). */
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
        {photos.map((photo) => (
          <div key={photo.id} className={classes.comparePane} data-testid="compare-pane">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={700} size="sm" truncate>
                {photo.originalName}
              </Text>
              <Badge variant="light" color="gray" size="sm">
                {labels.type(photo)}
              </Badge>
            </Group>
            <PhotoFrame photo={photo} maxHeight="calc(100dvh - 260px)" />
            <Text size="xs" className={classes.meta}>
              {[labels.place(photo), String(photo.year), labels.size(photo), labels.uploaded(photo)].filter(Boolean).join(' · ')}
            </Text>
          </div>
        ))}
      </div>
    </Modal>
  );
}
