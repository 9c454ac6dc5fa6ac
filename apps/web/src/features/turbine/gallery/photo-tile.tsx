import type { Photo } from '@windscope/contract';
import { memo } from 'react';
import { PhotoThumbnail } from '../../viewer-common/photo-thumbnail.tsx';
import { TrashIcon } from '../turbine-icons.tsx';
import classes from './gallery.module.css';
import { type PhotoType, photoType } from './photo-filters.ts';

/** The words of one tile, worked out once per render of the grid. */
export interface TileText {
  type: string;
  /** blade and room (empty for a photo without them) */
  place: string;
  /** year and size: a line of their own, so that a long place never hides them */
  details: string;
  open: string;
  select: string;
  remove: string;
}

export interface PhotoTileProps {
  photo: Photo;
  index: number;
  text: TileText;
  selected: boolean;
  selectDisabled: boolean;
  canDelete: boolean;
  onOpen: (index: number) => void;
  onToggleSelect: (id: number) => void;
  onDelete: (photo: Photo) => void;
}

const TYPE_CLASS: Record<PhotoType, string | undefined> = {
  blade: classes.typeBlade,
  drone: classes.typeDrone,
  operator: classes.typeOperator,
  robot: classes.typeRobot,
};

/** One thumbnail of the all-photos grid: opens the viewer, ticks for comparison, deletes when allowed.
 *  Plain elements only: thousands of these mount and unmount while the grid scrolls. */
export const PhotoTile = memo(function PhotoTile({
  photo,
  index,
  text,
  selected,
  selectDisabled,
  canDelete,
  onOpen,
  onToggleSelect,
  onDelete,
}: PhotoTileProps) {
  return (
    <div className={classes.tile} data-selected={selected || undefined} data-testid="photo-tile" data-photo-name={photo.originalName}>
      <button type="button" className={classes.thumb} onClick={() => onOpen(index)} aria-label={text.open}>
        <PhotoThumbnail photo={photo} testId="photo-thumbnail" iconSize={36} decorative />
      </button>
      <label className={classes.check} data-disabled={selectDisabled || undefined}>
        <input
          type="checkbox"
          checked={selected}
          disabled={selectDisabled}
          onChange={() => onToggleSelect(photo.id)}
          aria-label={text.select}
          data-testid="compare-checkbox"
        />
      </label>
      <span className={`${classes.typeBadge} ${TYPE_CLASS[photoType(photo)] ?? ''}`}>{text.type}</span>
      <div className={classes.info}>
        <span className={classes.name} title={photo.originalName}>
          {photo.originalName}
        </span>
        {text.place && (
          <span className={classes.meta} title={text.place}>
            {text.place}
          </span>
        )}
        <span className={classes.meta} data-testid="photo-tile-details">
          {text.details}
        </span>
      </div>
      {canDelete && (
        <button
          type="button"
          className={classes.delete}
          onClick={() => onDelete(photo)}
          aria-label={text.remove}
          data-testid="photo-delete"
        >
          <TrashIcon size={14} />
        </button>
      )}
    </div>
  );
});
