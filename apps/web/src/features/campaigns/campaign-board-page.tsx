import { Anchor, Badge, Box, Button, Container, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  CAMPAIGN_STATES,
  type CampaignBoard,
  type CampaignBoardRow,
  type CampaignMethodStatus,
  type CampaignState,
  turbineDisplayName,
} from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useCampaignBoard } from '../../api/campaigns.ts';
import { paths } from '../../app/paths.ts';
import { campaignPaths } from './paths.ts';
import { useFormatters } from '../../i18n/format.ts';
import { AppHeader, type HeaderAction } from '../../ui/app-header/app-header.tsx';
import { ArrowLeftIcon } from '../../ui/app-icons.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { StatusScreen } from '../../ui/status-screen.tsx';
import { useCan } from '../auth/use-auth.ts';
import { ReportGenerate } from '../turbine/reports/report-generate.tsx';
import { findingsReviewPath } from '../findings/labels.ts';
import { EditIcon, TrashIcon } from '../management/icons.tsx';
import { LoadErrorBanner } from '../management/load-error-banner.tsx';
import { CampaignFormModal } from './campaign-form-modal.tsx';
import { DeleteCampaignDialog } from './campaigns-page.tsx';
import stacked from '../../ui/stacked-table.module.css';
import classes from './campaign-board.module.css';
import './campaigns-styles.ts';
import { CAMPAIGNS_NS } from './i18n.ts';
import { STATE_COLOR, stateStep, useCampaignLabels } from './labels.ts';
import { WaiverDialog } from './waiver-dialog.tsx';

const parseId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

/** /dashboard/campaigns/{id} (issue 17): one row per turbine with its state derived by the server, per-method columns,
 *  missing cells, drafts, the year's report, and the waivers. */
export function CampaignBoardPage() {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const id = parseId(useParams().id);
  const board = useCampaignBoard(id ?? 0);
  const campaign = board.data?.campaign;
  usePageTitle(campaign?.name ?? t('title'));
  const navigate = useNavigate();
  const resource = { companyId: campaign?.company_id };
  const canEdit = useCan('campaign.update', resource) && campaign !== undefined;
  const canDelete = useCan('campaign.delete', resource) && campaign !== undefined;
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const actions: HeaderAction[] = [
    { id: 'back-to-campaigns', label: t('backToList'), icon: <ArrowLeftIcon size={16} />, to: campaignPaths.list },
  ];
  if (canEdit)
    actions.push({ id: 'edit-campaign', label: t('board.edit'), icon: <EditIcon size={16} />, onClick: () => setDialog('edit') });
  if (canDelete)
    actions.push({ id: 'delete-campaign', label: t('board.delete'), icon: <TrashIcon size={16} />, onClick: () => setDialog('delete') });

  let body: React.ReactNode;
  if (id === null || (board.error && isApiError(board.error) && board.error.status === 404)) {
    body = (
      <StatusScreen
        code="404"
        title={t('notFound')}
        message={board.error?.message ?? t('notFound')}
        onRetry={false}
        homeTo={campaignPaths.list}
        homeLabel={t('backToList')}
      />
    );
  } else if (board.isError) {
    body = (
      <LoadErrorBanner
        title={t('boardLoadError')}
        error={board.error}
        onRetry={() => void board.refetch()}
        retrying={board.isFetching}
        testId="campaign-board-error"
      />
    );
  } else if (!board.data) body = <Skeleton height={320} radius="lg" />;
  else body = <Board board={board.data} />;

  return (
    <>
      <AppHeader title={campaign?.name ?? t('title')} actions={actions} />
      <Container fluid px="xl" py="lg" data-testid="campaign-board">
        {body}
      </Container>
      {campaign && (
        <>
          <CampaignFormModal opened={dialog === 'edit'} onClose={() => setDialog(null)} campaign={campaign} />
          <DeleteCampaignDialog
            opened={dialog === 'delete'}
            onClose={() => setDialog(null)}
            campaign={campaign}
            onDeleted={() => void navigate(campaignPaths.list)}
          />
        </>
      )}
    </>
  );
}

function Board({ board }: { board: CampaignBoard }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const labels = useCampaignLabels();
  const format = useFormatters();
  const { campaign, rows } = board;
  const canWaive = useCan('campaign.waive', { companyId: campaign.company_id });
  const canGenerate = useCan('report.generate', { companyId: campaign.company_id });
  const [waiving, setWaiving] = useState<CampaignBoardRow | null>(null);
  const waivingRow = waiving ? (rows.find((r) => r.turbine_id === waiving.turbine_id) ?? waiving) : null;
  return (
    <Stack gap="lg">
      <div>
        <Text c="dimmed" data-testid="campaign-meta">
          {t('board.meta', {
            company: campaign.company_name,
            year: campaign.year,
            start: format.date(campaign.planned_start),
            end: format.date(campaign.planned_end),
          })}
        </Text>
        <Group gap={6} mt={6}>
          {campaign.methods.map((m) => (
            <Badge key={m} variant="light" color="gray">
              {labels.method(m)}
            </Badge>
          ))}
          {campaign.created_by_name && (
            <Text size="sm" c="dimmed">
              {t('board.createdBy', { name: campaign.created_by_name })}
            </Text>
          )}
        </Group>
      </div>
      {canGenerate && campaign.turbine_ids.length > 0 && (
        <section aria-labelledby="campaign-report-title" data-testid="campaign-report">
          <Text id="campaign-report-title" fw={700} mb="xs" component="h2" size="lg">
            {t('board.report')}
          </Text>
          <ReportGenerate campaignId={campaign.id} />
        </section>
      )}
      <section aria-labelledby="campaign-summary-title">
        <Text id="campaign-summary-title" fw={700} mb="xs" component="h2" size="lg">
          {t('board.summary')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="campaign-summary">
          {CAMPAIGN_STATES.map((state) => (
            <SummaryCard key={state} state={state} count={board.reached[state]} total={rows.length} />
          ))}
        </SimpleGrid>
      </section>
      {rows.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center">
            {t('board.empty')}
          </Text>
        </Paper>
      ) : (
        // a table while it fits, each turbine a card of labelled cells when the window is narrower (ui/stacked-table)
        <Paper withBorder radius="lg" className={stacked.box} aria-label={campaign.name} role="region">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover className={stacked.table} data-testid="campaign-board-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('board.turbine')}</Table.Th>
                <Table.Th>{t('board.state')}</Table.Th>
                {campaign.methods.map((m) => (
                  <Table.Th key={m}>{labels.method(m)}</Table.Th>
                ))}
                <Table.Th>{t('board.missing')}</Table.Th>
                <Table.Th>{t('board.drafts')}</Table.Th>
                <Table.Th>{t('board.report')}</Table.Th>
                <Table.Th>{t('board.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <BoardRow key={row.turbine_id} row={row} year={campaign.year} canWaive={canWaive} onWaive={() => setWaiving(row)} />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <WaiverDialog
        opened={waiving !== null}
        onClose={() => setWaiving(null)}
        campaignId={campaign.id}
        row={waivingRow}
        waivers={board.waivers}
        canWaive={canWaive}
      />
    </Stack>
  );
}

function SummaryCard({ state, count, total }: { state: CampaignState; count: number; total: number }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const labels = useCampaignLabels();
  const label = t('board.reachedLabel', { state: labels.state(state), count, total });
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`summary-${state}`} data-count={count}>
      <Text size="sm" fw={600}>
        {labels.state(state)}
      </Text>
      <Text size="xl" fw={700} aria-label={label}>
        {t('board.reached', { count, total })}
      </Text>
      <Progress value={total === 0 ? 0 : (count / total) * 100} color={STATE_COLOR[state]} size="sm" mt={6} aria-label={label} />
    </Paper>
  );
}

function StateCell({ state }: { state: CampaignState }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const labels = useCampaignLabels();
  const step = stateStep(state);
  return (
    <Stack gap={4}>
      <Badge
        title={labels.stateHelp(state)}
        color={STATE_COLOR[state]}
        variant="light"
        data-testid="turbine-state"
        data-state={state}
        style={{ alignSelf: 'flex-start' }}
      >
        {labels.state(state)}
      </Badge>
      <Group gap={3} aria-hidden="true" wrap="nowrap">
        {CAMPAIGN_STATES.map((s, i) => (
          <Box
            key={s}
            w={14}
            h={5}
            style={{
              borderRadius: 3,
              background: i < step ? `var(--mantine-color-${STATE_COLOR[state]}-6)` : 'var(--mantine-color-default-border)',
            }}
          />
        ))}
      </Group>
      <Text size="xs" className={classes.muted}>
        {t('board.stepOf', { step })}
      </Text>
    </Stack>
  );
}

function MethodCell({ status }: { status: CampaignMethodStatus }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  return (
    <Stack gap={2} data-testid={`method-${status.method}`} data-captured={status.captured}>
      <Text size="sm" fw={status.captured ? 600 : 400} className={status.captured ? undefined : classes.muted}>
        {status.waived
          ? t('board.methodWaived')
          : status.photo_count > 0
            ? t('board.photos', { count: status.photo_count })
            : t('board.noPhotos')}
      </Text>
      {!status.waived && (
        <Text size="xs" className={status.missing.length > 0 ? classes.missing : classes.muted}>
          {status.missing.length > 0 ? t('board.missingCells', { count: status.missing.length }) : t('board.complete')}
          {status.waived_cells > 0 ? ` · ${t('board.waivedCells', { count: status.waived_cells })}` : ''}
        </Text>
      )}
    </Stack>
  );
}

function BoardRow({ row, year, canWaive, onWaive }: { row: CampaignBoardRow; year: number; canWaive: boolean; onWaive: () => void }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const labels = useCampaignLabels();
  const format = useFormatters();
  const name = turbineDisplayName(row);
  // data-label: the column's name, shown above the cell when the board is a list of cards
  return (
    <Table.Tr data-testid="board-row" data-turbine-id={row.turbine_id} data-state={row.state}>
      <Table.Td data-label={t('board.turbine')}>
        <Anchor component={Link} to={paths.turbine(row.turbine_id)} fw={600} aria-label={t('board.openTurbineLabel', { turbine: name })}>
          {name}
        </Anchor>
        <Text size="xs" className={classes.muted}>
          {[row.code !== name ? row.code : null, row.site_name].filter(Boolean).join(' · ')}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('board.state')}>
        <StateCell state={row.state} />
      </Table.Td>
      {row.methods.map((m) => (
        <Table.Td key={m.method} data-label={labels.method(m.method)}>
          <MethodCell status={m} />
        </Table.Td>
      ))}
      <Table.Td data-testid="missing-count" data-label={t('board.missing')}>
        {row.missing_count}
      </Table.Td>
      <Table.Td data-testid="drafts-count" data-label={t('board.drafts')}>
        {row.drafts === null ? t('board.hidden') : row.drafts}
      </Table.Td>
      <Table.Td data-testid="report-cell" data-label={t('board.report')}>
        {row.report ? (
          <Stack gap={0} maw={180}>
            <Text size="sm" fw={600}>
              {t('board.reportDate', { date: format.date(row.report.created_at) })}
            </Text>
            <Text size="xs" className={classes.muted} style={{ overflowWrap: 'anywhere' }}>
              {row.report.name}
            </Text>
            {row.report_outdated && (
              <Text size="xs" fw={600} className={classes.missing} data-testid="report-outdated">
                {t('board.reportOutdated', {
                  count: row.report_outdated.changed_findings,
                  date: format.date(row.report_outdated.last_change_at),
                })}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" className={classes.muted}>
            {t('board.noReport')}
          </Text>
        )}
        {/* issue 17 items 2-3: the "Generate report" action of this turbine goes here (data-slot below) */}
        <div data-slot="report-actions" data-turbine-id={row.turbine_id} />
      </Table.Td>
      <Table.Td data-label={t('board.actions')}>
        <Stack gap={6} align="flex-start">
          <Button
            component={Link}
            to={paths.turbine(row.turbine_id)}
            size="compact-sm"
            variant="default"
            aria-label={t('board.openTurbineLabel', { turbine: name })}
          >
            {t('board.openTurbine')}
          </Button>
          <Button
            component={Link}
            to={findingsReviewPath(row.turbine_id, year)}
            size="compact-sm"
            variant="default"
            aria-label={t('board.openReviewLabel', { turbine: name, year })}
          >
            {t('board.openReview')}
          </Button>
          {(canWaive || row.methods.some((m) => m.waived_cells > 0 || m.waived)) && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={onWaive}
              aria-label={t('board.waiveLabel', { turbine: name })}
              data-testid="open-waivers"
            >
              {t('board.waive')}
            </Button>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
