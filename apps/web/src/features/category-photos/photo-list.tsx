import { Checkbox, Text, UnstyledButton } from '@mantine/core';
import { COMPARE_LIMIT, formatMegabytes, type Photo } from '@windscope/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ThumbnailImage } from '../../ui/thumbnail-image.tsx';
import { photoDisplayName } from '../viewer-common/photo-order.ts';
import classes from './category-photos.module.css';

export interface PhotoListProps {
  color: string;
  photos: readonly Photo[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  compareMode: boolean;
  compareIds: readonly number[];
  onCompareToggle: (id: number) => void;
}

/** Thumbnails with name, blade, year and size in MB with one decimal (spec §2, §9). */
export function PhotoList({ color, photos, selectedId, onSelect, compareMode, compareIds, onCompareToggle }: PhotoListProps) {
  const { t } = useTranslation('photos');
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selectedId !== null) listRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  return (
    <div className={classes.list} ref={listRef} role="list" aria-label={t('listLabel')} data-testid="photo-list">
      {photos.map((photo) => {
        const name = photoDisplayName(photo);
        const chosen = compareIds.includes(photo.id);
        return (
          <div role="listitem" key={photo.id} className={classes.listRow}>
            {compareMode && (
              <Checkbox
                className={classes.compareBox}
                color={color}
                checked={chosen}
                disabled={!chosen && compareIds.length >= COMPARE_LIMIT}
                onChange={() => onCompareToggle(photo.id)}
                aria-label={t('compareSelect', { name })}
                data-testid="compare-checkbox"
              />
            )}
            <UnstyledButton
              className={classes.item}
              aria-current={photo.id === selectedId}
              data-selected={photo.id === selectedId}
              data-testid="photo-item"
              data-photo-id={photo.id}
              onClick={() => onSelect(photo.id)}
            >
              <ThumbnailImage src={photo.urls.thumbnail ?? photo.urls.original} className={classes.thumb} />
              <div className={classes.itemText}>
                <Text size="sm" fw={600} truncate data-testid="photo-item-name">
                  {name}
                </Text>
                <Text size="xs" c="dimmed" data-testid="photo-item-meta">
                  {t('meta', { blade: photo.blade ?? t('noBlade'), year: photo.year, size: formatMegabytes(photo.size, 1) })}
                </Text>
              </div>
            </UnstyledButton>
          </div>
        );
      })}
    </div>
  );
}
