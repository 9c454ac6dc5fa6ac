import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import { useTranslation } from 'react-i18next';
import { registerCatalog } from '../../../i18n/register-catalog.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { PageHero } from '../shared/page-hero.tsx';
import section from '../shared/section.module.css';
import { ContactForm } from './contact-form.tsx';
import { ContactInfo } from './contact-info.tsx';
import en from './contact.en.json';
import classes from './contact-page.module.css';
import tr from './contact.tr.json';

registerCatalog('contact', { tr, en });

/** Contact (spec §2, DECISIONS §4): the form, sent for real, beside the company's phone, address and hours. */
export function ContactPage() {
  const { t } = useTranslation('contact');
  usePageTitle(t('hero.eyebrow'));
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <section className={`${section.section} ${classes.section}`}>
        <div className={`${section.container} ${classes.layout}`}>
          <div className={section.card}>
            <ContactForm />
          </div>
          <ContactInfo />
        </div>
      </section>
    </>
  );
}
