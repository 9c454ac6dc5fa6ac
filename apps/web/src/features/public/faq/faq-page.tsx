import { useHydrated } from '../../../ui/use-hydrated.ts';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { registerCatalog } from '../../../i18n/register-catalog.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useTypedBeforeHydration } from '../../../ui/typed-before-hydration.ts';
import { CtaBand, ctaBandAction } from '../shared/cta-band.tsx';
import { ArrowRightIcon } from '../shared/marketing-icons.tsx';
import { PageHero } from '../shared/page-hero.tsx';
import { ChevronDownIcon, SearchIcon } from '../shared/page-icons.tsx';
import section from '../shared/section.module.css';
import en from './faq.en.json';
import { FAQ_CATEGORIES, FAQ_ITEMS, type FaqCategory, filterFaq, type ShownFaqItem } from './faq-items.ts';
import classes from './faq-page.module.css';
import tr from './faq.tr.json';

registerCatalog('faq', { tr, en });

function FaqEntry({ item }: { item: ShownFaqItem }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const answerId = useId();
  return (
    <li className={classes.entry} data-open={open || undefined}>
      <h3 className={classes.question}>
        <button type="button" aria-expanded={open} aria-controls={answerId} onClick={() => setOpen((value) => !value)} disabled={!hydrated}>
          <span>{item.question}</span>
          <ChevronDownIcon size={20} className={classes.chevron} />
        </button>
      </h3>
      <div id={answerId} className={classes.answer} hidden={!open}>
        <p>{item.answer}</p>
      </div>
    </li>
  );
}

/** FAQ (spec §2): twelve questions in six categories; text search over question and answer, a category filter,
 *  expandable answers and a clear-filters button on an empty result. */
export function FaqPage() {
  const hydrated = useHydrated();
  const { t, i18n } = useTranslation('faq');
  usePageTitle(t('hero.title'));
  const [query, setQuery] = useState('');
  // the prerendered page's search takes typing before the app has arrived: the list is filtered by what it holds once the
  // app has the page (the filters and answers wait for the app: a click before it would be lost)
  const search = useRef<HTMLDivElement>(null);
  useTypedBeforeHydration(search, ['q'], (typed) => setQuery(typed.q ?? ''));
  const [category, setCategory] = useState<FaqCategory | 'all'>('all');
  const language = i18n.resolvedLanguage ?? 'tr';

  const items = useMemo<ShownFaqItem[]>(
    () =>
      FAQ_ITEMS.map((item) => ({
        id: item.id,
        category: item.category,
        question: t(`items.${item.id}.question`),
        answer: t(`items.${item.id}.answer`),
      })),
    [t],
  );
  const shown = filterFaq(items, query, category, language);
  const clear = () => {
    setQuery('');
    setCategory('all');
  };

  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')}>
        <div className={classes.search} ref={search}>
          <SearchIcon size={20} className={classes.searchIcon} />
          <input
            type="search"
            name="q"
            className={classes.searchInput}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            data-testid="faq-search"
          />
        </div>
      </PageHero>

      <section className={section.section}>
        <div className={`${section.container} ${classes.body}`}>
          <div className={classes.filters} role="group" aria-label={t('filter.label')} data-testid="faq-filters">
            {(['all', ...FAQ_CATEGORIES] as const).map((key) => (
              <button
                key={key}
                type="button"
                className={classes.filter}
                aria-pressed={category === key}
                onClick={() => setCategory(key)}
                disabled={!hydrated}
              >
                {key === 'all' ? t('filter.all') : t(`categories.${key}`)}
              </button>
            ))}
          </div>

          <p className={classes.count} aria-live="polite" data-testid="faq-count">
            {t('results', { count: shown.length })}
          </p>

          {shown.length === 0 ? (
            <div className={classes.empty} data-testid="faq-empty">
              <SearchIcon size={32} />
              <h2>{t('empty.title')}</h2>
              <p>{t('empty.text')}</p>
              <button type="button" className={classes.clear} onClick={clear}>
                {t('empty.clear')}
              </button>
            </div>
          ) : (
            FAQ_CATEGORIES.filter((key) => shown.some((item) => item.category === key)).map((key) => (
              <section key={key} className={classes.group} aria-labelledby={`faq-${key}`}>
                <h2 id={`faq-${key}`} className={classes.groupTitle}>
                  {t(`categories.${key}`)}
                </h2>
                <ul className={classes.list}>
                  {shown
                    .filter((item) => item.category === key)
                    .map((item) => (
                      <FaqEntry key={item.id} item={item} />
                    ))}
                </ul>
              </section>
            ))
          )}
        </div>
      </section>

      <CtaBand id="faq-cta" title={t('contact.title')} text={t('contact.text')}>
        <Link to={paths.contact} className={ctaBandAction}>
          {t('contact.button')}
          <ArrowRightIcon size={18} />
        </Link>
      </CtaBand>
    </>
  );
}
