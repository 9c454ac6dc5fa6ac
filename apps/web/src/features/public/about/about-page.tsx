import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { registerCatalog } from '../../../i18n/register-catalog.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { ScenePicture } from '../illustrations/scene-picture.tsx';
import { CtaBand, ctaBandAction } from '../shared/cta-band.tsx';
import { ArrowRightIcon } from '../shared/marketing-icons.tsx';
import { PageHero } from '../shared/page-hero.tsx';
import { AwardIcon, BulbIcon, EyeIcon, GaugeIcon, LeafIcon, TargetIcon } from '../shared/page-icons.tsx';
import section from '../shared/section.module.css';
import en from './about.en.json';
import classes from './about-page.module.css';
import tr from './about.tr.json';

registerCatalog('about', { tr, en });

const FACTS = ['founded', 'turbines', 'projects'] as const;

/** Spec §1: the four values. */
const VALUES: { key: 'sustainability' | 'innovation' | 'efficiency' | 'quality'; icon: ReactNode }[] = [
  { key: 'sustainability', icon: <LeafIcon size={26} /> },
  { key: 'innovation', icon: <BulbIcon size={26} /> },
  { key: 'efficiency', icon: <GaugeIcon size={26} /> },
  { key: 'quality', icon: <AwardIcon size={26} /> },
];

/** About (spec §2): story, mission, vision, the four values and a link to contact. */
export function AboutPage() {
  const { t } = useTranslation('about');
  usePageTitle(t('hero.eyebrow'));
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />

      <section className={section.section} aria-labelledby="story-title" data-testid="about-story">
        <div className={`${section.container} ${classes.story}`}>
          <div>
            <span className={section.eyebrow}>{t('story.eyebrow')}</span>
            <h2 id="story-title" className={section.title}>
              {t('story.title')}
            </h2>
            <p className={section.lead}>{t('story.p1')}</p>
            <p className={section.lead}>{t('story.p2')}</p>
            <p className={section.lead}>{t('story.p3')}</p>
            <dl className={classes.facts}>
              {FACTS.map((fact) => (
                <div key={fact}>
                  <dt>{t(`story.facts.${fact}.label`)}</dt>
                  <dd>{t(`story.facts.${fact}.value`)}</dd>
                </div>
              ))}
            </dl>
          </div>
          <ScenePicture name="blade" alt={t('story.pictureAlt')} className={classes.picture} width={1600} height={1200} />
        </div>
      </section>

      <section className={`${section.section} ${section.alt}`} aria-label={`${t('mission.title')} · ${t('vision.title')}`}>
        <div className={`${section.container} ${classes.pair}`}>
          <article className={section.card} data-testid="about-mission">
            <div className={section.iconTile} aria-hidden="true">
              <TargetIcon size={26} />
            </div>
            <h2 className={section.cardTitle}>{t('mission.title')}</h2>
            <p className={section.cardText}>{t('mission.text')}</p>
          </article>
          <article className={section.card} data-testid="about-vision">
            <div className={section.iconTile} aria-hidden="true">
              <EyeIcon size={26} />
            </div>
            <h2 className={section.cardTitle}>{t('vision.title')}</h2>
            <p className={section.cardText}>{t('vision.text')}</p>
          </article>
        </div>
      </section>

      <section className={section.section} aria-labelledby="values-title">
        <div className={section.container}>
          <div className={`${section.header} ${section.centered}`}>
            <span className={section.eyebrow}>{t('values.eyebrow')}</span>
            <h2 id="values-title" className={section.title}>
              {t('values.title')}
            </h2>
          </div>
          <div className={section.grid4} data-testid="about-values">
            {VALUES.map((value) => (
              <article key={value.key} className={section.card}>
                <div className={section.iconTile} aria-hidden="true">
                  {value.icon}
                </div>
                <h3 className={section.cardTitle}>{t(`values.${value.key}.title`)}</h3>
                <p className={section.cardText}>{t(`values.${value.key}.text`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <CtaBand id="about-cta" title={t('cta.title')} text={t('cta.text')}>
        <Link to={paths.contact} className={ctaBandAction} data-testid="about-contact-link">
          {t('cta.button')}
          <ArrowRightIcon size={18} />
        </Link>
      </CtaBand>
    </>
  );
}
