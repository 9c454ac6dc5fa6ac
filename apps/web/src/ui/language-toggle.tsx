import { useHydrated } from './use-hydrated.ts';
import type { Language } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n.ts';
import { isLanguage, SUPPORTED_LANGUAGES } from '../i18n/detect-language.ts';
import classes from './language-toggle.module.css';

/** TR | EN switch; the choice is saved and wins over the browser language next time. */
export function LanguageToggle({ inverted = false }: { inverted?: boolean }) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'tr';
  const hydrated = useHydrated();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={classes.root}
      data-inverted={inverted || undefined}
      data-testid="language-toggle"
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={classes.option}
          aria-pressed={language === current}
          title={t(`language.${language}`)}
          onClick={() => void changeLanguage(language)}
          // on a prerendered page a click before the app has taken over would do nothing: it waits instead
          disabled={!hydrated}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
