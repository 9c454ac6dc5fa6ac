import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { AppHeader, type HeaderAction } from '../../../ui/app-header/app-header.tsx';
import { useCan } from '../../auth/use-auth.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { BuildingIcon, CommentIcon, ListIcon, UsersIcon } from '../turbine-icons.tsx';

export interface TurbineHeaderProps {
  companyName: string | null;
  commentsOpen: boolean;
  /** null while there is no turbine to comment on */
  onToggleComments: (() => void) | null;
}

/** Spec §2: logo, company name, turbine-management title; comments toggle, turbine list, partner management and
 *  user settings (DECISIONS §1: partners for superadmin, users for superadmin and managers); TR/EN and logout come
 *  with the shell's AppHeader, which folds what does not fit into its menu ("on small screens the buttons collapse
 *  into a menu"). */
export function TurbineHeader({ companyName, commentsOpen, onToggleComments }: TurbineHeaderProps) {
  const { t } = useTranslation(TURBINE_NS);
  const showPartners = useCan('company.list');
  const showUsers = useCan('user.list');

  const title = (
    <>
      {t('header.title')}
      {companyName && (
        <Text component="span" c="dimmed" fw={500} fz="sm" ml="xs">
          {companyName}
        </Text>
      )}
    </>
  );

  const actions: HeaderAction[] = [
    {
      id: 'comments-toggle',
      label: t('header.comments'),
      menuLabel: commentsOpen ? t('header.commentsClose') : t('header.comments'),
      icon: <CommentIcon size={16} />,
      variant: commentsOpen ? 'filled' : 'light',
      pressed: commentsOpen,
      disabled: !onToggleComments,
      onClick: () => onToggleComments?.(),
    },
    { id: 'header-turbine-list', label: t('header.turbineList'), shortIcon: <ListIcon size={16} />, to: paths.dashboard },
  ];
  // where the row is short (1280 px, English) the links stay as named icons instead of folding into the menu
  if (showPartners)
    actions.push({ id: 'header-partners', label: t('header.partners'), shortIcon: <BuildingIcon size={16} />, to: paths.companies });
  if (showUsers) actions.push({ id: 'header-users', label: t('header.userSettings'), shortIcon: <UsersIcon size={16} />, to: paths.users });

  return <AppHeader title={title} actions={actions} />;
}
