import { ActionIcon, Button, Menu, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AppHeader } from '../../../ui/app-header/app-header.tsx';
import { useCan } from '../../auth/use-auth.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { BuildingIcon, CommentIcon, ListIcon, MenuIcon, UsersIcon } from '../turbine-icons.tsx';

/** Below these widths the header buttons fold into a menu (spec §2: "on small screens the buttons collapse into a
 *  menu"): first the navigation buttons, then the comments toggle too. */
export const HEADER_NAV_MENU_QUERY = '(max-width: 1499px)';
export const HEADER_ALL_MENU_QUERY = '(max-width: 1099px)';

export interface TurbineHeaderProps {
  companyName: string | null;
  commentsOpen: boolean;
  /** null while there is no turbine to comment on */
  onToggleComments: (() => void) | null;
}

/** Spec §2: logo, company name, turbine-management title; comments toggle, turbine list, partner management and
 *  user settings (DECISIONS §1: partners for superadmin, users for superadmin and managers); TR/EN and logout come
 *  with the shell's AppHeader. */
export function TurbineHeader({ companyName, commentsOpen, onToggleComments }: TurbineHeaderProps) {
  const { t } = useTranslation(TURBINE_NS);
  const navInMenu = useMediaQuery(HEADER_NAV_MENU_QUERY) ?? false;
  const allInMenu = useMediaQuery(HEADER_ALL_MENU_QUERY) ?? false;
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

  const navLinks = [
    { to: paths.dashboard, label: t('header.turbineList'), Icon: ListIcon, show: true, testId: 'header-turbine-list' },
    { to: paths.companies, label: t('header.partners'), Icon: BuildingIcon, show: showPartners, testId: 'header-partners' },
    { to: paths.users, label: t('header.userSettings'), Icon: UsersIcon, show: showUsers, testId: 'header-users' },
  ].filter((link) => link.show);

  const commentsButton = (
    <Button
      variant={commentsOpen ? 'filled' : 'light'}
      leftSection={<CommentIcon size={16} />}
      disabled={!onToggleComments}
      onClick={() => onToggleComments?.()}
      aria-pressed={commentsOpen}
      data-testid="comments-toggle"
    >
      {t('header.comments')}
    </Button>
  );

  const menu = (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('header.menu')} data-testid="header-menu">
          <MenuIcon size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {allInMenu && (
          <Menu.Item
            leftSection={<CommentIcon size={16} />}
            disabled={!onToggleComments}
            onClick={() => onToggleComments?.()}
            data-testid="comments-toggle"
          >
            {commentsOpen ? t('header.commentsClose') : t('header.comments')}
          </Menu.Item>
        )}
        {navLinks.map(({ to, label, Icon, testId }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} />} data-testid={testId}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );

  const actions = (
    <>
      {!allInMenu && commentsButton}
      {navInMenu
        ? menu
        : navLinks.map(({ to, label, Icon, testId }) => (
            <Button key={to} component={Link} to={to} variant="default" leftSection={<Icon size={16} />} data-testid={testId}>
              {label}
            </Button>
          ))}
    </>
  );

  return <AppHeader title={title} actions={actions} />;
}
