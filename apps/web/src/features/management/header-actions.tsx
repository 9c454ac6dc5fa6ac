import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths.ts';
import type { HeaderAction } from '../../ui/app-header/app-header.tsx';
import { ArrowLeftIcon } from '../../ui/app-icons.tsx';
import { useCan } from '../auth/use-auth.ts';
import { PlusIcon } from './icons.tsx';
import type { Action } from '@windscope/contract';

/** The header of a management list page: back to the turbine list, then "add" when the user may create. */
export function useListPageActions({
  addLabel,
  addTestId,
  permission,
  onAdd,
}: {
  addLabel: string;
  addTestId: string;
  permission: Action;
  onAdd: () => void;
}): HeaderAction[] {
  const { t } = useTranslation();
  const canAdd = useCan(permission);
  const back: HeaderAction = {
    id: 'back-to-dashboard',
    label: t('common.backToDashboard'),
    icon: <ArrowLeftIcon size={16} />,
    to: paths.dashboard,
  };
  return canAdd ? [back, { id: addTestId, label: addLabel, icon: <PlusIcon size={16} />, variant: 'filled', onClick: onAdd }] : [back];
}
