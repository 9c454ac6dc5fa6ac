import { expect, type Locator, type Page } from '@playwright/test';

export type Language = 'tr' | 'en';
export type Theme = 'light' | 'dark';

/** Every public page of the spec's route table, with its h1 in each language. */
export const PUBLIC_PAGES = [
  {
    path: '/',
    name: 'home',
    tr: 'Türbinlerinizi her açıdan görün, arızaları erkenden yakalayın.',
    en: 'See your turbines from every angle, catch faults early.',
  },
  { path: '/about', name: 'about', tr: 'Rüzgarın gücünü görünür kılıyoruz', en: 'We make the power of the wind visible' },
  { path: '/contact', name: 'contact', tr: 'Türbinleriniz hakkında konuşalım', en: "Let's talk about your turbines" },
  {
    path: '/support',
    name: 'support',
    tr: 'Türbinleriniz dönerken biz de yanınızdayız',
    en: 'While your turbines turn, we are at your side',
  },
  { path: '/faq', name: 'faq', tr: 'Sıkça Sorulan Sorular', en: 'Frequently Asked Questions' },
  { path: '/privacy', name: 'privacy', tr: 'Kişisel verilerinizi nasıl koruyoruz', en: 'How we protect your personal data' },
] as const;

/** Opens the site in a language and theme, as a returning visitor who chose them (the app's storage keys). */
export async function useLanguageAndTheme(page: Page, language: Language, theme: Theme = 'light') {
  await page.addInitScript(
    ([lang, scheme]) => {
      localStorage.setItem('windscope.language', lang);
      localStorage.setItem('windscope.theme', scheme);
    },
    [language, theme] as const,
  );
}

/** Waits until React has hydrated the element (its fiber is on the node): a click on a prerendered link before that is
 *  a plain page load, not the app's navigation (with its scroll to the top). */
export async function expectHydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))), {
      message: 'hydrated by React',
    })
    .toBe(true);
}
