import type { Language } from '@windscope/contract';
import { SUPPORTED_LANGUAGES } from './detect-language.ts';
import { i18n } from './i18n.ts';

/** Adds a page's own namespace (long copy such as FAQ answers or the privacy policy) when its lazy chunk loads,
 *  so that text never weighs on the home page. Call at the top of the page module:
 *    import en from './faq.en.json'; import tr from './faq.tr.json';
 *    registerCatalog('faq', { tr, en });   ...   const { t } = useTranslation('faq');
 *  Name the files `<namespace>.tr.json` / `<namespace>.en.json`: the catalog test checks every such pair. */
export function registerCatalog(namespace: string, catalogs: Record<Language, object>): void {
  for (const language of SUPPORTED_LANGUAGES) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, catalogs[language], true, false);
  }
}
