import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { companyEmailHref, companyPhoneHref } from '../../../config/company.ts';
import { registerCatalog } from '../../../i18n/register-catalog.ts';
import { MailIcon, PhoneIcon } from '../../../ui/icons.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { CtaBand, ctaBandAction } from '../shared/cta-band.tsx';
import { PageHero } from '../shared/page-hero.tsx';
import { ChatIcon, ClockIcon, HeadsetIcon, RemoteIcon } from '../shared/page-icons.tsx';
import section from '../shared/section.module.css';
import en from './support.en.json';
import classes from './support-page.module.css';
import tr from './support.tr.json';

registerCatalog('support', { tr, en });

/** Spec §2: phone 24/7; e-mail within 4 hours; live chat 09:00-18:00 within 5 minutes; remote support within 30 minutes. */
const CHANNELS: { key: 'phone' | 'email' | 'chat' | 'remote'; icon: ReactNode }[] = [
  { key: 'phone', icon: <HeadsetIcon size={26} /> },
  { key: 'email', icon: <MailIcon size={26} /> },
  { key: 'chat', icon: <ChatIcon size={26} /> },
  { key: 'remote', icon: <RemoteIcon size={26} /> },
];

const STEPS = ['report', 'diagnose', 'repair', 'followUp'] as const;

/** Technical support (spec §2): the four channels, the four-step maintenance process, call and e-mail buttons. */
export function SupportPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('hero.eyebrow'));
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />

      <section className={section.section} aria-labelledby="channels-title">
        <div className={section.container}>
          <div className={section.header}>
            <span className={section.eyebrow}>{t('channels.eyebrow')}</span>
            <h2 id="channels-title" className={section.title}>
              {t('channels.title')}
            </h2>
          </div>
          <div className={section.grid4} data-testid="support-channels">
            {CHANNELS.map((channel) => (
              <article key={channel.key} className={`${section.card} ${classes.channel}`}>
                <div className={classes.channelTop}>
                  <div className={section.iconTile} aria-hidden="true">
                    {channel.icon}
                  </div>
                  <span className={classes.availability}>{t(`channels.${channel.key}.availability`)}</span>
                </div>
                <h3 className={section.cardTitle}>{t(`channels.${channel.key}.title`)}</h3>
                <p className={`${section.cardText} ${classes.channelText}`}>{t(`channels.${channel.key}.text`)}</p>
                <p className={classes.response}>
                  <ClockIcon size={16} aria-hidden="true" />
                  <span>{t('channels.responseLabel')}</span>
                  <strong>{t(`channels.${channel.key}.response`)}</strong>
                </p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className={`${section.section} ${section.alt}`} aria-labelledby="process-title">
        <div className={section.container}>
          <div className={`${section.header} ${section.centered}`}>
            <span className={section.eyebrow}>{t('process.eyebrow')}</span>
            <h2 id="process-title" className={section.title}>
              {t('process.title')}
            </h2>
          </div>
          <ol className={classes.steps} data-testid="maintenance-steps">
            {STEPS.map((step, i) => (
              <li key={step} className={classes.step}>
                <span className={classes.stepNumber} aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className={section.cardTitle}>{t(`process.steps.${step}.title`)}</h3>
                <p className={section.cardText}>{t(`process.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <CtaBand id="support-cta" spaced title={t('cta.title')} text={t('cta.text')}>
        <a href={companyPhoneHref} className={ctaBandAction} data-testid="support-call">
          <PhoneIcon size={18} />
          {t('cta.call')}
        </a>
        <a href={companyEmailHref} className={`${ctaBandAction} ${classes.secondaryAction}`} data-testid="support-email">
          <MailIcon size={18} />
          {t('cta.email')}
        </a>
      </CtaBand>
    </>
  );
}
