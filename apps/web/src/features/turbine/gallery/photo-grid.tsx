import type { Photo } from '@windscope/contract';
import { can } from '@windscope/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGridRows } from '../../../ui/use-grid-rows.ts';
import { actorOf, useCurrentUser } from '../../auth/use-auth.ts';
import { isCompareDisabled } from '../compare/compare-selection.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import classes from './gallery.module.css';
import { usePhotoLabels } from './photo-labels.ts';
import { PhotoTile, type TileText } from './photo-tile.tsx';

const MIN_TILE = 190;
const GAP = 12;
/** name, place, year and size: three lines (gallery.module.css .info) */
const INFO_HEIGHT = 68;
const MAX_HEIGHT = 760;

export interface PhotoGridProps {
  photos: readonly Photo[];
  selected: readonly number[];
  onOpen: (index: number) => void;
  onToggleSelect: (id: number) => void;
  onDelete: (photo: Photo) => void;
}

/** Thumbnails in rows; only the rows near the viewport exist in the DOM, so 10,000 photos scroll smoothly. */
export function PhotoGrid({ photos, selected, onOpen, onToggleSelect, onDelete }: PhotoGridProps) {
  const { t, i18n } = useTranslation(TURBINE_NS);
  const labels = usePhotoLabels();
  const actor = actorOf(useCurrentUser());
  // one text object per photo and language, so that a tile re-renders only when its own state changes
  const language = i18n.resolvedLanguage;
  const texts = useMemo(() => ({ photos, language, byId: new Map<number, TileText>() }), [photos, language]).byId;
  const textOf = (photo: Photo): TileText => {
    let text = texts.get(photo.id);
    if (!text) {
      text = {
        type: labels.type(photo),
        place: labels.place(photo),
        details: `${photo.year} · ${labels.size(photo)}`,
        open: t('gallery.open', { name: photo.originalName }),
        select: t('gallery.select', { name: photo.originalName }),
        remove: t('gallery.deleteLabel', { name: photo.originalName }),
      };
      texts.set(photo.id, text);
    }
    return text;
  };
  const { ref, virtualizer, columns, rowHeight, rows } = useGridRows({
    count: photos.length,
    minTile: MIN_TILE,
    gap: GAP,
    rowHeight: (tileWidth) => tileWidth * 0.75 + INFO_HEIGHT + GAP,
    initialHeight: MAX_HEIGHT,
  });

  return (
    <div
      ref={ref}
      className={classes.scroller}
      style={{ height: Math.min(MAX_HEIGHT, Math.max(rowHeight, rows * rowHeight)) }}
      data-testid="photo-grid"
      data-count={photos.length}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const start = row.index * columns;
          return (
            <div
              key={row.key}
              className={classes.row}
              style={{ transform: `translateY(${row.start}px)`, height: rowHeight - GAP, gridTemplateColumns: `repeat(${columns}, 1fr)` }}
            >
              {photos.slice(start, start + columns).map((photo, i) => (
                <PhotoTile
                  key={photo.id}
                  photo={photo}
                  index={start + i}
                  text={textOf(photo)}
                  canDelete={can(actor, 'photo.delete', { ownerId: photo.uploaded_by })}
                  selected={selected.includes(photo.id)}
                  selectDisabled={isCompareDisabled(selected, photo.id)}
                  onOpen={onOpen}
                  onToggleSelect={onToggleSelect}
                  onDelete={onDelete}
                />
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
