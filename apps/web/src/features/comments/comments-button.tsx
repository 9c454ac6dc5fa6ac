import { useTranslation } from 'react-i18next';
import type { HeaderAction } from '../../ui/app-header/app-header.tsx';
import { CommentIcon } from '../viewer-common/viewer-icons.tsx';
import './register-comments-catalog.ts';

/** The header control that opens and closes the comments panel. */
export function useCommentsAction(opened: boolean, onToggle: () => void): HeaderAction {
  const { t } = useTranslation('comments');
  return {
    id: 'comments-toggle',
    label: t('open'),
    icon: <CommentIcon size={16} />,
    variant: opened ? 'filled' : 'light',
    pressed: opened,
    expanded: opened,
    onClick: onToggle,
  };
}
