import { SLIDESHOW } from '@windscope/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useFadingSlide, useSlideshow } from '../../../ui/slideshow/use-slideshow.ts';
import { ScenePicture } from '../illustrations/scene-picture.tsx';
import type { SceneName } from '../illustrations/scenes.ts';
import { ArrowRightIcon } from '../shared/marketing-icons.tsx';
import classes from './hero.module.css';

/** Spec §2: a turbine picture and two ROV pictures. */
export const HERO_SLIDES: SceneName[] = ['blade', 'rovFoundation', 'rovSurvey'];

/** Home hero: a slideshow (every 3000 ms a random other slide, 1.5 s cross-fade, clickable dots) behind the pitch. */
export function Hero({ random }: { random?: () => number }) {
  const { t } = useTranslation('home');
  const { index, goTo } = useSlideshow({ count: HERO_SLIDES.length, intervalMs: SLIDESHOW.intervalMs, order: 'random', random });
  const current = HERO_SLIDES[index] ?? 'blade';
  // only the slide on screen and the one fading out move; the others wait as their still pictures
  const fading = useFadingSlide(index, SLIDESHOW.fadeMs);
  // the first picture is the page's largest paint: the other two load once it is in, or after half an interval
  const [restLoaded, setRestLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setRestLoaded(true), SLIDESHOW.intervalMs / 2);
    return () => clearTimeout(timer);
  }, []);
  const loadRest = () => setRestLoaded(true);
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <div className={classes.slides} data-testid="hero-slideshow" data-slide={index}>
        {HERO_SLIDES.map((name, i) =>
          i > 0 && !restLoaded && i !== index ? null : (
            <ScenePicture
              key={name}
              name={name}
              still={i !== index && i !== fading}
              alt={i === index ? t(`hero.slide.${name}.alt`) : ''}
              aria-hidden={i === index ? undefined : true}
              className={classes.slide}
              data-active={i === index || undefined}
              style={{ transitionDuration: `${SLIDESHOW.fadeMs}ms` }}
              fetchPriority={i === 0 ? 'high' : 'low'}
              onLoad={i === 0 ? loadRest : undefined}
            />
          ),
        )}
      </div>
      <div className={classes.shade} />
      <div className={classes.inner}>
        <div className={classes.copy}>
          <span className={classes.eyebrow}>{t('hero.eyebrow')}</span>
          <h1 id="hero-title" className={classes.title}>
            {t('hero.title')}
          </h1>
          <p className={classes.subtitle}>{t('hero.subtitle')}</p>
          <div className={classes.actions}>
            <Link to={paths.contact} className={classes.primary}>
              {t('hero.primary')}
              <ArrowRightIcon size={18} />
            </Link>
            <Link to={paths.about} className={classes.secondary}>
              {t('hero.secondary')}
            </Link>
          </div>
          <p className={classes.live} data-testid="hero-live">
            <span className={classes.liveDot} aria-hidden="true" />
            {t('hero.live')}
          </p>
        </div>
      </div>
      <div className={classes.footer}>
        <span className={classes.caption} aria-hidden="true">
          {t(`hero.slide.${current}.caption`)}
        </span>
        <div className={classes.dots} role="group" aria-label={t('hero.slides')}>
          {HERO_SLIDES.map((name, i) => (
            <button
              key={name}
              type="button"
              className={classes.dot}
              aria-label={t('hero.goTo', { number: i + 1 })}
              aria-pressed={i === index}
              onClick={() => goTo(i)}
              data-testid="hero-dot"
            />
          ))}
        </div>
      </div>
    </section>
  );
}
