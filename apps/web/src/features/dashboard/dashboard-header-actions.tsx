import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Can } from '../auth/can.tsx';
import { PlusIcon } from '../management/icons.tsx';
import { DASHBOARD_NS } from './i18n.ts';

/** Header buttons by role (DECISIONS §1): add turbine (superadmin, managers), partners (superadmin), users (superadmin, managers). */
export function DashboardHeaderActions({ onAddTurbine }: { onAddTurbine: () => void }) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <>
      <Can action="turbine.create">
        <Button px="sm" leftSection={<PlusIcon size={16} />} onClick={onAddTurbine} data-testid="add-turbine">
          {t('header.addTurbine')}
        </Button>
      </Can>
      <Can action="company.list">
        <Button component={Link} to={paths.companies} variant="default" px="sm" data-testid="nav-companies">
          {t('header.partners')}
        </Button>
      </Can>
      <Can action="user.list">
        <Button component={Link} to={paths.users} variant="default" px="sm" data-testid="nav-users">
          {t('header.users')}
        </Button>
      </Can>
    </>
  );
}
