import { type TurbineHealth, turbineTrend } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_NS } from '../i18n.ts';
import { ArrowDownIcon, ArrowRightIcon, ArrowUpIcon } from '../trend-icons.tsx';
import classes from './turbine-list.module.css';

const ICONS = { worse: ArrowUpIcon, same: ArrowRightIcon, better: ArrowDownIcon } as const;

/** Issue 16: this year's worst severity against last year's, as an arrow and in words ("Worse than last year"); "No
 *  earlier data" when last year shows nothing, "No data this year" when only last year does; nothing when neither. */
export function TurbineTrend({ health }: { health: TurbineHealth }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const trend = turbineTrend(health);
  if (trend === 'no_data' && health.worst_last_year == null) return null;
  const Icon = trend === 'worse' || trend === 'same' || trend === 'better' ? ICONS[trend] : null;
  const title =
    health.worst_this_year != null && health.worst_last_year != null
      ? t('trend.title', { now: health.worst_this_year, before: health.worst_last_year })
      : undefined;
  return (
    <span className={`${classes.trend} ${classes[`trend_${trend}`] ?? ''}`} data-testid="turbine-trend" data-trend={trend} title={title}>
      {(trend === 'worse' || trend === 'same' || trend === 'better') && <span className={classes.visuallyHidden}>{t('trend.label')}</span>}
      {Icon && <Icon size={14} />}
      {t(`trend.${trend}`)}
    </span>
  );
}
