import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths.ts';
import { campaignPaths } from '../campaigns/paths.ts';
import type { HeaderAction } from '../../ui/app-header/app-header.tsx';
import { useCan } from '../auth/use-auth.ts';
import { BuildingIcon, ClockIcon, LinkIcon, ListIcon, MailOutlineIcon, PlusIcon, UsersIcon, WebhookIcon } from '../management/icons.tsx';
import { shareLinkPaths } from '../share-links/paths.ts';
import { DASHBOARD_NS } from './i18n.ts';

/** Header controls by role (DECISIONS §1): add turbine (superadmin, managers), inspection campaigns (everyone), partners (superadmin), users (superadmin, managers), the e-mail outbox (superadmin), the audit log, the webhooks and the share links (superadmin, managers). */
export function useDashboardHeaderActions(onAddTurbine: () => void): HeaderAction[] {
  const { t } = useTranslation(DASHBOARD_NS);
  const canAdd = useCan('turbine.create');
  const showPartners = useCan('company.list');
  const showUsers = useCan('user.list');
  const showCampaigns = useCan('campaign.read');
  const showMail = useCan('mail.read');
  const showAudit = useCan('audit.read');
  const showWebhooks = useCan('webhook.manage');
  const showShareLinks = useCan('shareLink.manage');
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
    // where the row is short (1280 px) the links stay as named icons instead of folding into the menu
    if (showCampaigns)
      actions.push({ id: 'nav-campaigns', label: t('header.campaigns'), shortIcon: <ListIcon size={16} />, to: campaignPaths.list });
    if (showPartners)
      actions.push({ id: 'nav-companies', label: t('header.partners'), shortIcon: <BuildingIcon size={16} />, to: paths.companies });
    if (showUsers) actions.push({ id: 'nav-users', label: t('header.users'), shortIcon: <UsersIcon size={16} />, to: paths.users });
    if (showMail)
      actions.push({
        id: 'nav-mail-outbox',
        label: t('header.mailOutbox'),
        shortIcon: <MailOutlineIcon size={16} />,
        to: paths.mailOutbox,
      });
    if (showAudit) actions.push({ id: 'nav-audit', label: t('header.audit'), shortIcon: <ClockIcon size={16} />, to: paths.audit });
    if (showWebhooks)
      actions.push({ id: 'nav-webhooks', label: t('header.webhooks'), shortIcon: <WebhookIcon size={16} />, to: paths.webhooks });
    if (showShareLinks)
      actions.push({ id: 'nav-share-links', label: t('header.shareLinks'), shortIcon: <LinkIcon size={16} />, to: shareLinkPaths.list });
    return actions;
  }, [t, canAdd, showCampaigns, showPartners, showUsers, showMail, showAudit, showWebhooks, showShareLinks, onAddTurbine]);
}
