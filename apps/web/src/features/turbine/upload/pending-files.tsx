import { CloseButton, Progress, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/format.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { CubeIcon, PhotoIcon } from '../turbine-icons.tsx';
import { isPointCloudName } from '../../viewer-common/point-cloud.ts';
import classes from './upload.module.css';
import { FileThumb } from './file-thumb.tsx';
import type { PendingPhoto } from './use-photo-upload.ts';

/** Previews for the first photos only: past these a memory card's worth would be decoded for a glance (the rest show
 *  the photo icon, their names and sizes). */
const PREVIEW_LIMIT = 24;

export interface PendingFilesProps {
  files: PendingPhoto[];
  /** bytes sent per file id */
  sent: Record<string, number>;
  uploading: boolean;
  onRemove: (id: string) => void;
}

/** Chosen photos before and during their upload: a preview each, removable one by one, with its own progress bar. */
export function PendingFiles({ files, sent, uploading, onRemove }: PendingFilesProps) {
  const { t } = useTranslation(TURBINE_NS);
  const { fileSize } = useFormatters();
  return (
    <ul className={classes.pendingList} aria-label={t('upload.pendingTitle')} data-testid="pending-files">
      {files.map((photo, index) => {
        const percent = photo.size > 0 ? Math.round(((sent[photo.id] ?? 0) / photo.size) * 100) : 0;
        return (
          <li key={photo.id} className={classes.pendingItem} data-testid="pending-file">
            <div className={classes.pendingThumb}>
              {isPointCloudName(photo.name) ? (
                <CubeIcon size={22} />
              ) : index < PREVIEW_LIMIT ? (
                <FileThumb file={photo.file} fallback={<PhotoIcon size={22} />} />
              ) : (
                <PhotoIcon size={22} />
              )}
              {!uploading && (
                <CloseButton
                  size="xs"
                  radius="xl"
                  variant="filled"
                  className={classes.pendingRemove}
                  aria-label={t('upload.remove', { name: photo.name })}
                  onClick={() => onRemove(photo.id)}
                />
              )}
            </div>
            <Tooltip label={photo.name} openDelay={400}>
              <Text size="xs" truncate className={classes.pendingName}>
                {photo.name}
              </Text>
            </Tooltip>
            {uploading ? (
              <Progress
                value={percent}
                size="sm"
                radius="xl"
                aria-label={t('upload.fileProgress', { name: photo.name, percent })}
                data-testid="file-progress"
                data-percent={percent}
              />
            ) : (
              <Text size="xs" c="dimmed">
                {fileSize(photo.size)}
              </Text>
            )}
          </li>
        );
      })}
    </ul>
  );
}
