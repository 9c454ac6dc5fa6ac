import { CloseButton, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/format.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { CubeIcon, PhotoIcon } from '../turbine-icons.tsx';
import { isPointCloudName } from '../../viewer-common/point-cloud.ts';
import classes from './upload.module.css';
import { FileThumb } from './file-thumb.tsx';
import type { PendingPhoto } from './use-photo-upload.ts';
import { useGridRows } from '../../../ui/use-grid-rows.ts';
import { FileName } from '../../../ui/file-name.tsx';
import { megabytes } from './photo-checks.ts';
import { useUploadLimits } from '../../../api/upload-limits.ts';

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
/** under the square preview: the name, the size (or the progress bar) and, when a file is flagged, its reason (two
 *  lines at most); each line 18 px (upload.module.css) after a 4 px gap, and 4 px to spare so that no line is cut */
const LINE = 22;
const infoHeight = (lines: number) => lines * LINE + 4;
const MAX_HEIGHT = 260;

/** Chosen photos before and during their upload: a preview each, removable one by one, with its own progress bar.
 *  Only the rows near the visible part exist in the DOM: a memory card of 1,000 photos costs a screenful of tiles. */
export function PendingFiles({ files, sent, uploading, onRemove }: PendingFilesProps) {
  const { t } = useTranslation(TURBINE_NS);
  const { fileSize } = useFormatters();
  const limitMb = megabytes(useUploadLimits().photo_bytes);
  // two reason lines under every tile once one is flagged (a tile is 84 px wide: "Fotoğraf değil" wraps): rows keep one
  // height
  const lines = files.some((photo) => photo.problem) ? 4 : 2;
  const { ref, virtualizer, columns, rowHeight, rows } = useGridRows({
    count: files.length,
    minTile: MIN_TILE,
    gap: GAP,
    rowHeight: (tileWidth) => tileWidth + infoHeight(lines) + GAP,
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
                    data-name={photo.name}
                    data-problem={photo.problem ?? undefined}
                  >
                    <div className={classes.pendingThumb} data-flagged={photo.problem ? true : undefined}>
                      {isPointCloudName(photo.name) ? (
                        <CubeIcon size={22} />
                      ) : index < PREVIEW_LIMIT && !photo.problem ? (
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
                    <FileName name={photo.name} className={classes.pendingLine} />
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
                      <Text size="xs" c="dimmed" className={classes.pendingLine}>
                        {fileSize(photo.size)}
                      </Text>
                    )}
                    {photo.problem && (
                      <Text
                        size="xs"
                        className={classes.pendingProblem}
                        title={t('upload.problemLabel', {
                          name: photo.name,
                          reason: t(`upload.problem.${photo.problem}`, { limit: limitMb }),
                        })}
                        data-testid="pending-problem"
                      >
                        {t(`upload.problem.${photo.problem}`, { limit: limitMb })}
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
