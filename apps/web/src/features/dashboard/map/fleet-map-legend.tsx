import { useTranslation } from 'react-i18next';
import { useFindingLabels } from '../../findings/labels.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import type { SeverityPalette } from './fleet-map-data.ts';
import classes from './fleet-map.module.css';

/** What the colours mean: grey for no open findings, then the severity scale's words. */
export function FleetMapLegend({ palette }: { palette: SeverityPalette }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const labels = useFindingLabels();
  return (
    <ul className={classes.legend} aria-label={t('map.legend')} data-testid="map-legend">
      <li>
        <strong>{t('map.legend')}</strong>
      </li>
      <li>
        <span className={classes.dot} style={{ background: palette[0] }} aria-hidden="true" />
        {t('map.legendNone')}
      </li>
      {([1, 2, 3, 4, 5] as const).map((severity) => (
        <li key={severity}>
          <span className={classes.dot} style={{ background: palette[severity] }} aria-hidden="true" />
          {`${severity} · ${labels.severity(severity)}`}
        </li>
      ))}
    </ul>
  );
}
