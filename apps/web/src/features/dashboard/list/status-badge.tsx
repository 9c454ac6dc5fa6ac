import type { TurbineStatus } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_NS } from '../i18n.ts';
import classes from './turbine-list.module.css';

/** The turbine status with its label in the current language (spec §4); colours per status in the CSS module. */
export function StatusBadge({ status }: { status: TurbineStatus }) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <span className={classes.badge} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
