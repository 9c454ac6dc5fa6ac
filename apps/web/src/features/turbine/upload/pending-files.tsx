import { CloseButton, Progress, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/format.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { CubeIcon, PhotoIcon } from '../turbine-icons.tsx';
import { isPointCloudName } from '../../viewer-common/point-cloud.ts';
import classes from './upload.module.css';
import { FileThumb } from './file-thumb.tsx';
import type { PendingPhoto } from './use-photo-upload.ts';
import { useGridRows } from '../../../ui/use-grid-rows.ts';

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

/** Tile sizes: pendingList's grid (upload.module.css) */
const MIN_TILE = 84;
const GAP = 10;
/** under the square preview: the name and the size (or the progress bar), each a 4 px gap and an 18 px line */
const INFO_HEIGHT = 44;
const MAX_HEIGHT = 260;

/** Chosen photos before and during their upload: a preview each, removable one by one, with its own progress bar.
 *  Only the rows near the visible part exist in the DOM: a memory card of 1,000 photos costs a screenful of tiles. */
export function PendingFiles({ files, sent, uploading, onRemove }: PendingFilesProps) {
  const { t } = useTranslation(TURBINE_NS);
  const { fileSize } = useFormatters();
  const { ref, virtualizer, columns, rowHeight, rows } = useGridRows({
    count: files.length,
    minTile: MIN_TILE,
    gap: GAP,
    rowHeight: (tileWidth) => tileWidth + INFO_HEIGHT + GAP,
    initialHeight: MAX_HEIGHT,
  });
  return (
    <div
      ref={ref}
      className={classes.pendingScroller}
      style={{ height: Math.min(MAX_HEIGHT, Math.max(rowHeight, rows * rowHeight)) }}
      role="list"
      aria-label={t('upload.pendingTitle')}
      data-testid="pending-files"
      data-count={files.length}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const start = row.index * columns;
          return (
            <div
              key={row.key}
              className={classes.pendingRow}
              style={{
                transform: `translateY(${row.start}px)`,
                height: rowHeight - GAP,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              }}
            >
              {files.slice(start, start + columns).map((photo, i) => {
                const index = start + i;
                const percent = photo.size > 0 ? Math.round(((sent[photo.id] ?? 0) / photo.size) * 100) : 0;
                return (
                  <div
                    key={photo.id}
                    role="listitem"
                    aria-setsize={files.length}
                    aria-posinset={index + 1}
                    className={classes.pendingItem}
                    data-testid="pending-file"
                  >
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
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
