import { Checkbox, Text, UnstyledButton } from '@mantine/core';
import { COMPARE_LIMIT, type Photo } from '@windscope/contract';
import { useFormatters } from '../../i18n/format.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { photoDisplayName } from '../viewer-common/photo-order.ts';
import { PhotoThumbnail } from '../viewer-common/photo-thumbnail.tsx';
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
  const { fileSize } = useFormatters();
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
              <PhotoThumbnail photo={photo} className={classes.thumb} iconSize={20} />
              <div className={classes.itemText}>
                <Text size="sm" fw={600} truncate data-testid="photo-item-name">
                  {name}
                </Text>
                <Text size="xs" c="dimmed" data-testid="photo-item-meta">
                  {t('meta', { blade: photo.blade ?? t('noBlade'), year: photo.year, size: fileSize(photo.size) })}
                </Text>
              </div>
            </UnstyledButton>
          </div>
        );
      })}
    </div>
  );
}
