import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { registerCatalog } from '../../../i18n/register-catalog.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { CtaBand, ctaBandAction } from '../shared/cta-band.tsx';
import { ArrowRightIcon } from '../shared/marketing-icons.tsx';
import { Hero } from './hero.tsx';
import en from './home.en.json';
import classes from './home.module.css';
import tr from './home.tr.json';
import { PartnersStrip } from './partners-strip.tsx';
import { RovSection } from './rov-section.tsx';
import { TechnologySection } from './technology-section.tsx';

registerCatalog('home', { tr, en });

const STATS = ['turbines', 'projects', 'uptime', 'support'] as const;

/** Spec §1 marketing figures: 500+ turbines, 50+ projects, 99.9% uptime, 7/24 support. */
function Stats() {
  const { t } = useTranslation('home');
  return (
    <section className={classes.statsWrap} aria-labelledby="stats-title">
      <h2 id="stats-title" className={classes.visuallyHidden}>
        {t('stats.title')}
      </h2>
      <dl className={classes.stats} data-testid="home-stats">
        {STATS.map((stat) => (
          <div key={stat} className={classes.stat}>
            <dt className={classes.statLabel}>{t(`stats.${stat}.label`)}</dt>
            <dd className={classes.statValue}>{t(`stats.${stat}.value`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function CallToAction() {
  const { t } = useTranslation('home');
  return (
    <CtaBand id="cta-title" title={t('cta.title')} text={t('cta.text')}>
      <Link to={paths.contact} className={ctaBandAction}>
        {t('cta.button')}
        <ArrowRightIcon size={18} />
      </Link>
    </CtaBand>
  );
}

/** The home page (spec §1, §2): hero slideshow, stats, technology, ROV services, partners, call to action. */
export function HomePage() {
  usePageTitle();
  return (
    <>
      <Hero />
      <Stats />
      <TechnologySection />
      <RovSection />
      <PartnersStrip />
      <CallToAction />
    </>
  );
}
