import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** The first tab stop of every layout: jumps to its `<main id="main">`, hidden until focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className={classes.skip} data-testid="skip-link">
      {t('common.skipToContent')}
    </a>
  );
}
