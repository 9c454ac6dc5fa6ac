import type { Turbine } from '@windscope/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useFindingLabels } from '../../findings/labels.ts';
import { turbineDisplayName } from '../filters/turbine-filters.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import { type FleetPlaces, mapSeverity, type PlacedTurbine, type SeverityPalette, severityPaletteColor } from './fleet-map-data.ts';
import classes from './fleet-map.module.css';

interface FleetMapListProps {
  places: FleetPlaces;
  palette: SeverityPalette;
  /** the map is drawn: an entry shows its turbine there; otherwise each entry opens the turbine's page */
  interactive: boolean;
  selectedId: number | null;
  onShow: (place: PlacedTurbine) => void;
}

/** The listed turbines beside the map, in the dashboard's order: the map's way in for the keyboard and screen readers
 *  (and without WebGL). Turbines whose coordinates cannot be read come last, under "No position", as links to their page. */
export const FleetMapList = memo(function FleetMapList({ places, palette, interactive, selectedId, onShow }: FleetMapListProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const labels = useFindingLabels();
  // a health's words worked out here, once for the list: an entry has no hooks of its own (2,000 entries are drawn at
  // once, on the way to the map's first frame: bench:web:map)
  const health = (severity: number) => (severity === 0 ? t('map.legendNone') : `${severity} · ${labels.severity(severity)}`);
  return (
    <nav className={classes.side} aria-label={t('map.listLabel')} data-testid="map-list">
      <h2 className={classes.sideTitle}>{t('map.placed', { count: places.placed.length })}</h2>
      <ul className={classes.items}>
        {places.placed.map((place) => (
          <li key={place.turbine.id}>
            {interactive ? (
              <button
                type="button"
                className={classes.item}
                onClick={() => onShow(place)}
                aria-current={selectedId === place.turbine.id ? 'true' : undefined}
                data-testid="map-list-item"
                data-map-list-id={place.turbine.id}
              >
                <Entry turbine={place.turbine} palette={palette} health={health} />
              </button>
            ) : (
              <Link
                to={paths.turbine(place.turbine.id)}
                className={classes.item}
                data-testid="map-list-item"
                data-map-list-id={place.turbine.id}
              >
                <Entry turbine={place.turbine} palette={palette} health={health} />
              </Link>
            )}
          </li>
        ))}
      </ul>
      {places.unplaced.length > 0 && (
        <section aria-labelledby="map-no-position" data-testid="map-no-position">
          <h2 id="map-no-position" className={classes.sideTitle}>
            {t('map.noPosition')}
          </h2>
          <p className={classes.hint}>{t('map.noPositionHint', { count: places.unplaced.length })}</p>
          <ul className={classes.items}>
            {places.unplaced.map((turbine) => (
              <li key={turbine.id}>
                <Link to={paths.turbine(turbine.id)} className={classes.item} data-testid="map-unplaced-item">
                  <Entry turbine={turbine} palette={palette} health={health} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </nav>
  );
});

/** A turbine's dot, name and health in words (nothing rests on colour alone). */
function Entry({ turbine, palette, health }: { turbine: Turbine; palette: SeverityPalette; health: (severity: number) => string }) {
  const severity = mapSeverity(turbine);
  return (
    <>
      <span className={classes.dot} style={{ background: severityPaletteColor(palette, severity) }} aria-hidden="true" />
      <span className={classes.itemName}>{turbineDisplayName(turbine)}</span>
      <span className={classes.itemHealth}>{health(severity)}</span>
    </>
  );
}
