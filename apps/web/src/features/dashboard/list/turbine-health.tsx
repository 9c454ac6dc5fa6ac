import type { TurbineHealth } from '@windscope/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { FINDINGS_NS } from '../../findings/findings-i18n.ts';
import { SeverityChip } from '../../findings/severity-chip.tsx';
import { DASHBOARD_NS } from '../i18n.ts';
import classes from './turbine-list.module.css';
import { TurbineTrend } from './turbine-trend.tsx';

/** A turbine's health (DECISIONS §12) on its card and row: the worst open severity as the findings' severity chip
 *  ("4 · High", its colour and its words), then open and overdue counts; "No open findings" when there are none.
 *  Everything is written out, so nothing rests on colour alone; the hidden prefix names it for screen readers. */
export const TurbineHealthSummary = memo(function TurbineHealthSummary({ health }: { health: TurbineHealth }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { t: tf } = useTranslation(FINDINGS_NS);
  const worst = health.worst_open_severity;
  return (
    <span
      className={classes.health}
      data-testid="turbine-health"
      data-worst={worst ?? 'none'}
      data-open={health.open}
      data-overdue={health.overdue}
    >
      <span className={classes.visuallyHidden}>{t('health.label')}</span>
      {worst === null ? (
        <span className={classes.healthNone}>{t('health.none')}</span>
      ) : (
        <>
          <SeverityChip severity={worst} />
          <span className={classes.healthCount}>{tf('openCount', { count: health.open })}</span>
          <span className={health.overdue > 0 ? classes.healthOverdue : classes.healthCount}>
            {tf('overdueCount', { count: health.overdue })}
          </span>
        </>
      )}
      <TurbineTrend health={health} />
    </span>
  );
});
