import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Photo } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { PhotoZoom } from '../deep-zoom/photo-zoom.tsx';
import { photoDisplayName } from '../viewer-common/photo-order.ts';
import classes from './category-photos.module.css';

export interface CompareDialogProps {
  photos: readonly Photo[];
  opened: boolean;
  onClose: () => void;
}

/** Two photos side by side, each with its own zoom and pan (spec §2: compare mode, at most 2). */
export function CompareDialog({ photos, opened, onClose }: CompareDialogProps) {
  const { t } = useTranslation('photos');
  const { t: tc } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} fullScreen title={t('compareTitle')} closeButtonProps={{ 'aria-label': tc('common.close') }}>
      <SimpleGrid cols={2} spacing="md" className={classes.compareGrid} data-testid="compare-dialog">
        {photos.map((photo, i) => (
          <Stack key={photo.id} gap={6} className={classes.comparePane}>
            <Text fw={600} size="sm" truncate>
              {photoDisplayName(photo)}
            </Text>
            <div className={classes.compareViewer}>
              <PhotoZoom key={photo.id} photo={photo} alt={photoDisplayName(photo)} testId={`compare-${i}`} />
            </div>
          </Stack>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
