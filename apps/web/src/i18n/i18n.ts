import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@windscope/contract';
import { DEFAULT_LANGUAGE, detectLanguage, isLanguage, SUPPORTED_LANGUAGES, saveLanguage } from './detect-language.ts';
import en from './en.json';
import tr from './tr.json';

export const resources = { tr: { translation: tr }, en: { translation: en } } as const;

/** The app's single i18next instance; components use `useTranslation()`, plain modules use `i18n.t`. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: SUPPORTED_LANGUAGES,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function reflectLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
reflectLanguage(i18n.language);
i18n.on('languageChanged', reflectLanguage);

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/** Switch and remember the choice (the saved preference wins over the browser language next time). */
export async function changeLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  await i18n.changeLanguage(language);
}
