import type { Turbine } from '@windscope/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPinIcon } from '../../../ui/icons.tsx';
import { BuildingIcon, CameraIcon, DoorIcon } from '../../management/icons.tsx';
import { displayCity } from '../../management/text.ts';
import { turbineDisplayName } from '../filters/turbine-filters.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import { StatusBadge } from './status-badge.tsx';
import { TurbineHealthSummary } from './turbine-health.tsx';
import { EditDeleteIcons, OpenButtons, type TurbineItemHandlers } from './turbine-actions.tsx';
import classes from './turbine-list.module.css';

/** One turbine in the grid: name, status, city and code, location, company, health, rooms, photos, open buttons. */
export const TurbineCard = memo(function TurbineCard({ turbine, onEdit, onDelete }: { turbine: Turbine } & TurbineItemHandlers) {
  const { t } = useTranslation(DASHBOARD_NS);
  const name = turbineDisplayName(turbine);
  return (
    <article className={classes.card} data-testid="turbine-card" data-turbine-id={turbine.id}>
      <div className={classes.head}>
        <h3 className={classes.name} title={name} data-testid="turbine-name">
          {name}
        </h3>
        <StatusBadge status={turbine.status} />
      </div>
      <div className={classes.meta}>
        <span>{displayCity(turbine.city)}</span>
        <span className={classes.code}>{turbine.code}</span>
      </div>
      <div className={classes.meta}>
        <MapPinIcon size={15} />
        <span>{turbine.location}</span>
      </div>
      <div className={classes.meta}>
        <BuildingIcon size={15} />
        <span data-testid="turbine-company">{turbine.company_name ?? '—'}</span>
      </div>
      <div className={classes.meta}>
        <TurbineHealthSummary health={turbine.health} />
      </div>
      <div className={classes.stats}>
        <div className={classes.meta}>
          <DoorIcon size={15} />
          <span>{t('card.roomCount', { count: turbine.rooms })}</span>
        </div>
        <div className={classes.meta}>
          <CameraIcon size={15} />
          <span>{t('card.photoCount', { count: turbine.photo_count })}</span>
        </div>
      </div>
      <div className={classes.footer}>
        <OpenButtons turbine={turbine} />
        <EditDeleteIcons turbine={turbine} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </article>
  );
});
