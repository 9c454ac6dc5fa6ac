import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import headerClasses from '../viewer-common/header-buttons.module.css';
import { CommentIcon } from '../viewer-common/viewer-icons.tsx';
import './register-comments-catalog.ts';

/** The header button that opens and closes the comments panel. */
export function CommentsButton({ opened, onToggle }: { opened: boolean; onToggle: () => void }) {
  const { t } = useTranslation('comments');
  return (
    <Button
      variant={opened ? 'filled' : 'light'}
      leftSection={<CommentIcon size={16} />}
      aria-pressed={opened}
      aria-expanded={opened}
      onClick={onToggle}
      aria-label={t('open')}
      className={headerClasses.button}
      data-testid="comments-toggle"
    >
      <span className={headerClasses.label}>{t('open')}</span>
    </Button>
  );
}
