import type { Turbine } from '@windscope/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayCity } from '../../management/text.ts';
import { turbineDisplayName } from '../filters/turbine-filters.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import { StatusBadge } from './status-badge.tsx';
import { EditDeleteIcons, OpenButtons, type TurbineItemHandlers } from './turbine-actions.tsx';
import classes from './turbine-list.module.css';

/** Column titles of the list view; the same grid template as TurbineRow. */
export function TurbineListHead() {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <div className={classes.listHead}>
      <span>{t('card.name')}</span>
      <span>{t('filters.city')}</span>
      <span>{t('card.code')}</span>
      <span>{t('card.location')}</span>
      <span>{t('card.company')}</span>
      <span>{t('card.rooms')}</span>
      <span>{t('card.photos')}</span>
      <span>{t('card.status')}</span>
      <span style={{ textAlign: 'right' }}>{t('card.actions')}</span>
    </div>
  );
}

/** One turbine in the list view. */
export const TurbineRow = memo(function TurbineRow({ turbine, onEdit, onDelete }: { turbine: Turbine } & TurbineItemHandlers) {
  return (
    <div className={classes.row} data-testid="turbine-row" data-turbine-id={turbine.id}>
      <span className={classes.cell}>
        <strong data-testid="turbine-name">{turbineDisplayName(turbine)}</strong>
      </span>
      <span className={classes.cell}>{displayCity(turbine.city)}</span>
      <span className={classes.cell}>
        <span className={classes.code}>{turbine.code}</span>
      </span>
      <span className={classes.cell}>{turbine.location}</span>
      <span className={classes.cell} data-testid="turbine-company">
        {turbine.company_name ?? '—'}
      </span>
      <span className={`${classes.cell} ${classes.number}`}>{turbine.rooms}</span>
      <span className={`${classes.cell} ${classes.number}`}>{turbine.photo_count}</span>
      <span className={classes.cell}>
        <StatusBadge status={turbine.status} />
      </span>
      <span className={classes.actions}>
        <OpenButtons turbine={turbine} iconsOnly />
        <EditDeleteIcons turbine={turbine} onEdit={onEdit} onDelete={onDelete} />
      </span>
    </div>
  );
});
