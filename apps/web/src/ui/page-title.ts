import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Where the prerender (no document: prerender/render-page.tsx) finds the title the page asked for. */
export const prerenderTitle: { value?: string } = {};

/** Sets the browser tab title to "{title} · Windscope" (just "Windscope" without a title). */
export function usePageTitle(title?: string) {
  const { t } = useTranslation();
  const full = title ? t('common.pageTitle', { title }) : t('common.brand');
  if (typeof document === 'undefined') prerenderTitle.value = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
