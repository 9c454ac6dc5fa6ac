import { useTranslation } from 'react-i18next';
import { COMPANY, companyAddressLine, companyEmailHref, companyPhoneHref } from '../../../config/company.ts';
import { registerCatalog } from '../../../i18n/register-catalog.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { PageHero } from '../shared/page-hero.tsx';
import section from '../shared/section.module.css';
import en from './privacy.en.json';
import classes from './privacy-page.module.css';
import tr from './privacy.tr.json';

registerCatalog('privacy', { tr, en });

/** Spec §2: the policy's sections, in order. */
const SECTIONS = ['intro', 'controller', 'collection', 'usage', 'sharing', 'security', 'retention', 'rights', 'contact'] as const;
type SectionKey = (typeof SECTIONS)[number];

/** Spec §2: customer data service period + 10 years, communication 3 years, logs 1 year, marketing consent + 1 year. */
const RETENTION_ROWS = ['customer', 'communication', 'logs', 'marketing'] as const;

function Retention() {
  const { t } = useTranslation('privacy');
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table} data-testid="privacy-retention">
        <thead>
          <tr>
            <th scope="col">{t('sections.retention.category')}</th>
            <th scope="col">{t('sections.retention.period')}</th>
          </tr>
        </thead>
        <tbody>
          {RETENTION_ROWS.map((row) => (
            <tr key={row}>
              <th scope="row">{t(`sections.retention.rows.${row}.label`)}</th>
              <td>{t(`sections.retention.rows.${row}.period`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ContactDetails() {
  const { t } = useTranslation('privacy');
  return (
    <dl className={classes.contact}>
      <div>
        <dt>{t('sections.contact.email')}</dt>
        <dd>
          <a href={companyEmailHref}>{COMPANY.email}</a>
        </dd>
      </div>
      <div>
        <dt>{t('sections.contact.phone')}</dt>
        <dd>
          <a href={companyPhoneHref}>{COMPANY.phoneDisplay}</a>
        </dd>
      </div>
      <div>
        <dt>{t('sections.contact.address')}</dt>
        <dd>{companyAddressLine}</dd>
      </div>
    </dl>
  );
}

function PolicySection({ id }: { id: SectionKey }) {
  const { t } = useTranslation('privacy');
  const paragraphs: readonly string[] = t(`sections.${id}.paragraphs`, { returnObjects: true });
  const items: readonly string[] =
    id === 'collection' || id === 'usage' || id === 'sharing' || id === 'security' || id === 'rights'
      ? t(`sections.${id}.items`, { returnObjects: true })
      : [];
  return (
    <section id={`privacy-${id}`} className={classes.section} aria-labelledby={`privacy-${id}-title`}>
      <h2 id={`privacy-${id}-title`} className={classes.sectionTitle}>
        {t(`sections.${id}.title`)}
      </h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {id === 'retention' && <Retention />}
      {id === 'contact' && <ContactDetails />}
    </section>
  );
}

/** Privacy policy (spec §2): introduction, data controller, collection, usage, sharing, security, retention, rights, contact. */
export function PrivacyPage() {
  const { t } = useTranslation('privacy');
  usePageTitle(t('hero.eyebrow'));
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')}>
        <p className={classes.updated}>{t('hero.updated')}</p>
      </PageHero>
      <div className={`${section.section} ${section.container} ${classes.layout}`}>
        <nav className={classes.toc} aria-label={t('toc')}>
          <p className={classes.tocTitle}>{t('toc')}</p>
          <ol>
            {SECTIONS.map((id) => (
              <li key={id}>
                <a href={`#privacy-${id}`}>{t(`sections.${id}.title`)}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className={classes.policy} data-testid="privacy-policy">
          {SECTIONS.map((id) => (
            <PolicySection key={id} id={id} />
          ))}
        </article>
      </div>
    </>
  );
}
