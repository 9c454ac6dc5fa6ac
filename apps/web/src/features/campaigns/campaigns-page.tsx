import { ActionIcon, Anchor, Badge, Container, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Campaign } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCampaigns, useDeleteCampaign } from '../../api/campaigns.ts';
import { campaignPaths } from './paths.ts';
import { useFormatters } from '../../i18n/format.ts';
import { AppHeader } from '../../ui/app-header/app-header.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { useCan } from '../auth/use-auth.ts';
import { useListPageActions } from '../management/header-actions.tsx';
import { EditIcon, TrashIcon } from '../management/icons.tsx';
import { LoadErrorBanner } from '../management/load-error-banner.tsx';
import { type EntityDialogs, useEntityDialogs } from '../management/use-entity-dialogs.ts';
import { CampaignBoardPage } from './campaign-board-page.tsx';
import { CampaignFormModal } from './campaign-form-modal.tsx';
import './campaigns-styles.ts';
import { CAMPAIGNS_NS } from './i18n.ts';
import { useCampaignLabels } from './labels.ts';

/** /dashboard/campaigns (issue 17): every campaign the user may see; managers and the superadmin create, edit, delete. */
export function CampaignsPage() {
  const { t } = useTranslation(CAMPAIGNS_NS);
  usePageTitle(t('title'));
  const dialogs = useEntityDialogs<Campaign, 'edit' | 'delete'>();
  const actions = useListPageActions({ addLabel: t('add'), addTestId: 'add-campaign', permission: 'campaign.create', onAdd: dialogs.add });
  return (
    <>
      <AppHeader title={t('title')} actions={actions} />
      <CampaignList dialogs={dialogs} />
    </>
  );
}

function CampaignList({ dialogs }: { dialogs: EntityDialogs<Campaign, 'edit' | 'delete'> }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const campaigns = useCampaigns();
  const canAdd = useCan('campaign.create');
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Text c="dimmed" maw={720}>
          {t('intro')}
        </Text>
        {campaigns.isError && (
          <LoadErrorBanner
            title={t('loadError')}
            error={campaigns.error}
            onRetry={() => void campaigns.refetch()}
            retrying={campaigns.isFetching}
            testId="campaigns-error"
          />
        )}
        {campaigns.isPending && <Skeleton height={180} radius="lg" />}
        {campaigns.data && campaigns.data.length === 0 && (
          <Paper withBorder radius="lg" p="xl" data-testid="no-campaigns">
            <Text c="dimmed" ta="center">
              {canAdd ? t('emptyCanAdd') : t('empty')}
            </Text>
          </Paper>
        )}
        {campaigns.data && campaigns.data.length > 0 && (
          // a table wider than the window scrolls, by the keyboard too (a focusable region)
          <Paper withBorder radius="lg" style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={t('title')}>
            <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover data-testid="campaigns-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.name')}</Table.Th>
                  <Table.Th>{t('list.company')}</Table.Th>
                  <Table.Th>{t('list.year')}</Table.Th>
                  <Table.Th>{t('list.dates')}</Table.Th>
                  <Table.Th>{t('list.methods')}</Table.Th>
                  <Table.Th>{t('list.turbines')}</Table.Th>
                  <Table.Th ta="right">{t('list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {campaigns.data.map((campaign) => (
                  <CampaignRow key={campaign.id} campaign={campaign} dialogs={dialogs} />
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
      <CampaignFormModal opened={dialogs.open === 'add' || dialogs.open === 'edit'} onClose={dialogs.close} campaign={dialogs.target} />
      <DeleteCampaignDialog opened={dialogs.open === 'delete'} onClose={dialogs.close} campaign={dialogs.target} />
    </Container>
  );
}

function CampaignRow({ campaign, dialogs }: { campaign: Campaign; dialogs: EntityDialogs<Campaign, 'edit' | 'delete'> }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const labels = useCampaignLabels();
  const format = useFormatters();
  const resource = { companyId: campaign.company_id };
  const canEdit = useCan('campaign.update', resource);
  const canDelete = useCan('campaign.delete', resource);
  return (
    <Table.Tr data-testid="campaign-row" data-campaign-id={campaign.id}>
      {/* long names break where they must: at 769 px the table stays inside its card, with no sideways scroll (issue 24
          item 20) */}
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Anchor component={Link} to={campaignPaths.board(campaign.id)} fw={600} aria-label={t('list.open', { name: campaign.name })}>
          {campaign.name}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{campaign.company_name}</Table.Td>
      <Table.Td>{campaign.year}</Table.Td>
      <Table.Td>
        <Text size="sm">{t('list.dateRange', { start: format.date(campaign.planned_start), end: format.date(campaign.planned_end) })}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {campaign.methods.map((m) => (
            <Badge key={m} variant="light" color="gray" size="sm">
              {labels.method(m)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>{t('list.turbineCount', { count: campaign.turbine_ids.length })}</Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canEdit && (
            <ActionIcon
              variant="subtle"
              aria-label={t('list.edit', { name: campaign.name })}
              onClick={() => dialogs.show('edit', campaign)}
            >
              <EditIcon size={18} />
            </ActionIcon>
          )}
          {canDelete && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('list.delete', { name: campaign.name })}
              onClick={() => dialogs.show('delete', campaign)}
            >
              <TrashIcon size={18} />
            </ActionIcon>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function DeleteCampaignDialog({
  opened,
  onClose,
  campaign,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  campaign: Campaign | null;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const remove = useDeleteCampaign();
  return (
    <ConfirmDialog
      opened={opened}
      title={t('delete.title')}
      message={t('delete.message', { name: campaign?.name ?? '' })}
      confirmLabel={t('delete.confirm')}
      danger
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!campaign) return;
        remove.mutate(campaign.id, {
          onSuccess: (answer) => {
            toast.success(answer.message ?? t('delete.done'));
            onClose();
            onDeleted?.();
          },
          onError: (error) => toast.error(t('delete.title'), error.message),
        });
      }}
    />
  );
}

/** /dashboard/campaigns/:id? — the list, or a campaign's board when an id is given (one route, one chunk). */
export function CampaignsRoute() {
  return useParams().id === undefined ? <CampaignsPage /> : <CampaignBoardPage />;
}
