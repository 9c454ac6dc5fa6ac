import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to "{title} · Windscope" (just "Windscope" without a title). */
export function usePageTitle(title?: string) {
  const { t } = useTranslation();
  const full = title ? t('common.pageTitle', { title }) : t('common.brand');
  useEffect(() => {
    document.title = full;
  }, [full]);
}
