import { PARTNER_STRIP } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PauseIcon, PlayIcon } from '../shared/marketing-icons.tsx';
import section from '../shared/section.module.css';
import { PARTNERS } from './partners.ts';
import classes from './partners-strip.module.css';

const COPIES = Array.from({ length: PARTNER_STRIP.repeats }, (_, copy) => copy);

/** Spec §2: title, subtitle and a strip of the seven partner logos, repeated 8 times, one loop every 30 s.
 *  It pauses on hover or with its button, and stands still (one copy, wrapped) when motion is reduced. */
export function PartnersStrip() {
  const { t } = useTranslation('home');
  const [paused, setPaused] = useState(false);
  return (
    <section className={`${section.section} ${classes.partners}`} aria-labelledby="partners-title">
      <div className={`${section.header} ${section.centered} ${classes.head}`}>
        <span className={section.eyebrow}>{t('partners.eyebrow')}</span>
        <h2 id="partners-title" className={section.title}>
          {t('partners.title')}
        </h2>
        <p className={section.lead}>{t('partners.subtitle')}</p>
      </div>
      <div className={classes.viewport}>
        <ul
          className={classes.track}
          aria-label={t('partners.listLabel')}
          data-paused={paused || undefined}
          data-testid="partner-strip"
          style={{ animationDuration: `${PARTNER_STRIP.loopSeconds}s` }}
        >
          {COPIES.flatMap((copy) =>
            PARTNERS.map((partner) => (
              <li key={`${copy}-${partner.id}`} className={classes.item} aria-hidden={copy > 0 || undefined} data-copy={copy}>
                <img
                  src={partner.logo}
                  alt={copy > 0 ? '' : t('partners.logo', { name: partner.name, kind: t(`partners.kind.${partner.kind}`) })}
                  width={partner.width}
                  height={48}
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                />
              </li>
            )),
          )}
        </ul>
      </div>
      <div className={classes.controls}>
        <button type="button" className={classes.toggle} onClick={() => setPaused((value) => !value)} aria-pressed={paused}>
          {paused ? <PlayIcon size={14} /> : <PauseIcon size={14} />}
          {paused ? t('partners.play') : t('partners.pause')}
        </button>
      </div>
    </section>
  );
}
