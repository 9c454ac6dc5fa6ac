import type { Turbine } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { CameraIcon, EditIcon, PanoramaIcon, TrashIcon } from '../../management/icons.tsx';
import { turbineDisplayName } from '../filters/turbine-filters.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import classes from './turbine-list.module.css';

/** What a card or a row can do with its turbine; the page decides who may edit or delete (superadmin, via can()). */
export interface TurbineItemHandlers {
  onEdit?: (turbine: Turbine) => void;
  onDelete?: (turbine: Turbine) => void;
}

/** Photos (turbine detail) and 360° view: labelled buttons on cards, icons in the list. */
export function OpenButtons({ turbine, iconsOnly = false }: { turbine: Turbine; iconsOnly?: boolean }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const photos = t('card.openPhotos');
  const panorama = t('card.open360');
  if (iconsOnly) {
    return (
      <span className={classes.buttons}>
        <Link
          to={paths.turbine(turbine.id)}
          className={`${classes.iconLink} ${classes.light}`}
          aria-label={photos}
          title={photos}
          data-testid="open-photos"
        >
          <CameraIcon size={17} />
        </Link>
        <Link
          to={paths.panorama(turbine.id)}
          className={`${classes.iconLink} ${classes.default}`}
          aria-label={panorama}
          title={panorama}
          data-testid="open-360"
        >
          <PanoramaIcon size={17} />
        </Link>
      </span>
    );
  }
  return (
    <span className={classes.buttons}>
      <Link to={paths.turbine(turbine.id)} className={`${classes.button} ${classes.light}`} data-testid="open-photos">
        <CameraIcon size={16} />
        {photos}
      </Link>
      <Link to={paths.panorama(turbine.id)} className={`${classes.button} ${classes.default}`} data-testid="open-360">
        <PanoramaIcon size={16} />
        {panorama}
      </Link>
    </span>
  );
}

/** Edit and delete icons; rendered only when the page passes the handlers. */
export function EditDeleteIcons({ turbine, onEdit, onDelete }: { turbine: Turbine } & TurbineItemHandlers) {
  const { t } = useTranslation(DASHBOARD_NS);
  if (!onEdit && !onDelete) return null;
  const name = turbineDisplayName(turbine);
  return (
    <span className={classes.buttons}>
      {onEdit && (
        <button
          type="button"
          className={classes.iconButton}
          aria-label={t('card.edit', { turbine: name })}
          title={t('card.edit', { turbine: name })}
          onClick={() => onEdit(turbine)}
          data-testid="edit-turbine"
        >
          <EditIcon size={17} />
        </button>
      )}
      {onDelete && (
        <button
          type="button"
          className={classes.iconButton}
          data-danger
          aria-label={t('card.delete', { turbine: name })}
          title={t('card.delete', { turbine: name })}
          onClick={() => onDelete(turbine)}
          data-testid="delete-turbine"
        >
          <TrashIcon size={17} />
        </button>
      )}
    </span>
  );
}
