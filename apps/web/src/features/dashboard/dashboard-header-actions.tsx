import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths.ts';
import { campaignPaths } from '../campaigns/paths.ts';
import type { HeaderAction } from '../../ui/app-header/app-header.tsx';
import { useCan } from '../auth/use-auth.ts';
import { PlusIcon } from '../management/icons.tsx';
import { DASHBOARD_NS } from './i18n.ts';

/** Header controls by role (DECISIONS §1): add turbine (superadmin, managers), inspection campaigns (everyone), partners (superadmin), users (superadmin, managers), the e-mail outbox (superadmin). */
export function useDashboardHeaderActions(onAddTurbine: () => void): HeaderAction[] {
  const { t } = useTranslation(DASHBOARD_NS);
  const canAdd = useCan('turbine.create');
  const showPartners = useCan('company.list');
  const showUsers = useCan('user.list');
  const showCampaigns = useCan('campaign.read');
  const showMail = useCan('mail.read');
  return useMemo(() => {
    const actions: HeaderAction[] = [];
    if (canAdd)
      actions.push({
        id: 'add-turbine',
        label: t('header.addTurbine'),
        icon: <PlusIcon size={16} />,
        variant: 'filled',
        onClick: onAddTurbine,
      });
    if (showCampaigns) actions.push({ id: 'nav-campaigns', label: t('header.campaigns'), to: campaignPaths.list });
    if (showPartners) actions.push({ id: 'nav-companies', label: t('header.partners'), to: paths.companies });
    if (showUsers) actions.push({ id: 'nav-users', label: t('header.users'), to: paths.users });
    if (showMail) actions.push({ id: 'nav-mail-outbox', label: t('header.mailOutbox'), to: paths.mailOutbox });
    return actions;
  }, [t, canAdd, showCampaigns, showPartners, showUsers, showMail, onAddTurbine]);
}
