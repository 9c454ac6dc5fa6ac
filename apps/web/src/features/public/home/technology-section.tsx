import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import section from '../shared/section.module.css';
import { PanoramaIcon, PulseIcon, SparkIcon } from '../shared/marketing-icons.tsx';
import classes from './home.module.css';

const CHIPS = ['imaging', 'ai', 'realtime', 'drone', 'rov', 'predictive', 'reports'] as const;

const FEATURES: { key: 'imaging' | 'ai' | 'monitoring'; icon: ReactNode }[] = [
  { key: 'imaging', icon: <PanoramaIcon size={26} /> },
  { key: 'ai', icon: <SparkIcon size={26} /> },
  { key: 'monitoring', icon: <PulseIcon size={26} /> },
];

/** Spec §1: the technology chips (360° imaging, AI-assisted analysis, real-time monitoring…) and what they do. */
export function TechnologySection() {
  const { t } = useTranslation('home');
  return (
    <section className={`${section.section} ${classes.technology}`} aria-labelledby="technology-title">
      <div className={section.container}>
        <div className={`${section.header} ${section.centered}`}>
          <span className={section.eyebrow}>{t('technology.eyebrow')}</span>
          <h2 id="technology-title" className={section.title}>
            {t('technology.title')}
          </h2>
          <p className={section.lead}>{t('technology.subtitle')}</p>
        </div>
        <ul className={classes.chips} aria-label={t('technology.chipsLabel')} data-testid="technology-chips">
          {CHIPS.map((chip) => (
            <li key={chip} className={classes.chip}>
              {t(`technology.chips.${chip}`)}
            </li>
          ))}
        </ul>
        <div className={section.grid3}>
          {FEATURES.map((feature) => (
            <article key={feature.key} className={section.card}>
              <div className={section.iconTile} aria-hidden="true">
                {feature.icon}
              </div>
              <h3 className={section.cardTitle}>{t(`technology.features.${feature.key}.title`)}</h3>
              <p className={section.cardText}>{t(`technology.features.${feature.key}.text`)}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
