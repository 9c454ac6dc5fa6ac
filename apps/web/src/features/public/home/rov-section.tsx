import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { CheckIcon } from '../../../ui/icons.tsx';
import { ScenePicture } from '../illustrations/scene-picture.tsx';
import { ArrowRightIcon } from '../shared/marketing-icons.tsx';
import section from '../shared/section.module.css';
import classes from './home.module.css';

const ITEMS = ['foundation', 'scour', 'cable', 'cleaning'] as const;

/** Spec §1: the company's underwater-robot (ROV) services. */
export function RovSection() {
  const { t } = useTranslation('home');
  return (
    <section className={`${section.section} ${section.alt}`} aria-labelledby="rov-title" data-testid="rov-services">
      <div className={`${section.container} ${classes.split}`}>
        <ScenePicture
          name="rovFoundation"
          alt={t('hero.slide.rovFoundation.alt')}
          className={classes.picture}
          loading="lazy"
          width={1600}
          height={1100}
        />
        <div>
          <span className={section.eyebrow}>{t('rov.eyebrow')}</span>
          <h2 id="rov-title" className={section.title}>
            {t('rov.title')}
          </h2>
          <p className={section.lead}>{t('rov.text')}</p>
          <ul className={classes.checklist}>
            {ITEMS.map((item) => (
              <li key={item}>
                <span className={classes.check} aria-hidden="true">
                  <CheckIcon size={14} strokeWidth={3} />
                </span>
                {t(`rov.items.${item}`)}
              </li>
            ))}
          </ul>
          <Link to={paths.contact} className={classes.textLink}>
            {t('rov.cta')}
            <ArrowRightIcon size={16} />
          </Link>
        </div>
      </div>
    </section>
  );
}
