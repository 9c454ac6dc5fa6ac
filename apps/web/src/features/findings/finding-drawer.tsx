import { DateField } from '../../ui/form/date-field.tsx';
import { Alert, Button, Divider, Drawer, Group, Image, Loader, SimpleGrid, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { allowedTransitions, can, FINDING_TRANSITIONS, type FindingDetail, type FindingStatus, findingResource } from '@windscope/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useChangeFindingStatus, useDeleteFinding, useFinding } from '../../api/findings.ts';
import { useFormatters } from '../../i18n/format.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { actorOf, useCurrentUser } from '../auth/use-auth.ts';
import { compareLinkOfFinding, comparePath } from '../compare/compare-path.ts';
import { FINDINGS_NS } from './findings-i18n.ts';
import './findings-styles.ts';
import { type EditSession, startEdit } from './finding-edit-values.ts';
import { FindingEditForm } from './finding-edit-form.tsx';
import { FindingHistory } from './finding-history.tsx';
import { FindingLinkSection } from './finding-link-section.tsx';
import { useFindingLabels } from './labels.ts';
import { SeverityChip } from './severity-chip.tsx';

// recharts (via @mantine/charts) only when the timeline tab is opened
const FindingTimeline = lazy(() => import('./finding-timeline.tsx').then((m) => ({ default: m.FindingTimeline })));

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function Evidence({ finding }: { finding: FindingDetail }) {
  const { t } = useTranslation(FINDINGS_NS);
  const sorted = [...finding.observations].sort((a, b) => a.year - b.year || a.created_at.localeCompare(b.created_at));
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="finding-evidence">
      {sorted.map((o) => (
        <Stack key={o.id} gap={2} data-testid="finding-crop" data-year={o.year}>
          {o.crop_url ? (
            <Image
              src={o.crop_url}
              alt={t('detail.cropAlt', { name: o.photo.original_name, year: o.year })}
              radius="sm"
              h={110}
              fit="cover"
            />
          ) : (
            <Text size="xs" c="dimmed">
              {t('detail.noCrop')}
            </Text>
          )}
          <Text size="xs" fw={700}>
            {o.year}
            {o.kind === 'repair' ? ` · ${t('detail.repairEvidence')}` : ''}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The status buttons the user may press: the contract's allowedTransitions() (the same can() the server applies). */
function Actions({ turbineId, finding, onDeleted }: { turbineId: number; finding: FindingDetail; onDeleted: () => void }) {
  const { t } = useTranslation(FINDINGS_NS);
  const labels = useFindingLabels();
  const actor = actorOf(useCurrentUser());
  const resource = findingResource(actor?.companyId ?? 0, finding);
  const targets = allowedTransitions(actor, resource);
  const mayDelete = can(actor, 'finding.delete', resource);
  const [reason, setReason] = useState('');
  const [dueDate, setDueDate] = useState('');
  const change = useChangeFindingStatus(turbineId, finding.id);
  const remove = useDeleteFinding(turbineId);
  const needsReason = targets.some((to) => FINDING_TRANSITIONS[finding.status][to]?.reason);
  const plans = targets.some((to) => to === 'monitoring' || to === 'repair_planned');

  const move = (to: FindingStatus) => {
    if (FINDING_TRANSITIONS[finding.status][to]?.reason && !reason.trim()) {
      toast.error(t('detail.reasonRequired'));
      return;
    }
    change.mutate(
      { to, version: finding.version, reason: reason.trim() || undefined, due_date: dueDate || undefined },
      {
        onSuccess: () => {
          toast.success(t('detail.changed'));
          setReason('');
        },
        onError: (error) => toast.error(t('detail.changeError'), isApiError(error) && error.status > 0 ? error.message : undefined),
      },
    );
  };

  if (targets.length === 0 && !mayDelete)
    return (
      <Text size="sm" c="dimmed" data-testid="finding-no-actions">
        {t('detail.noActions')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="finding-actions">
      {needsReason && (
        <Textarea label={t('detail.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} />
      )}
      {plans && <DateField label={t('detail.dueDate')} value={dueDate} onChange={setDueDate} data-testid="finding-due-date" />}
      <Group gap="xs">
        {targets.map((to) => (
          <Button key={to} size="xs" loading={change.isPending} onClick={() => move(to)} data-testid={`finding-to-${to}`}>
            {t('detail.moveTo', { status: labels.status(to) })}
          </Button>
        ))}
        {mayDelete && (
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={remove.isPending}
            data-testid="finding-delete"
            onClick={() =>
              remove.mutate(finding.id, {
                onSuccess: () => {
                  toast.success(t('detail.deleted'));
                  onDeleted();
                },
                onError: (error) => toast.error(t('detail.changeError'), isApiError(error) && error.status > 0 ? error.message : undefined),
              })
            }
          >
            {t('detail.delete')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** One finding: evidence crops in year order, its fields, the actions the user may take, its history. */
export function FindingDrawer({
  turbineId,
  findingId,
  onClose,
  onOpen,
}: {
  turbineId: number;
  findingId: number | null;
  onClose: () => void;
  /** after a link the drawer shows the earlier finding (the later one is gone) */
  onOpen?: (findingId: number) => void;
}) {
  const { t } = useTranslation(FINDINGS_NS);
  const [tab, setTab] = useState<string | null>('details');
  const labels = useFindingLabels();
  const format = useFormatters();
  const query = useFinding(turbineId, findingId);
  const f = query.data;
  const actor = actorOf(useCurrentUser());
  // the edit lives here, not in the tab, so the timeline tab and back keep what was typed; another finding ends it
  const [session, setSession] = useState<EditSession | null>(null);
  const editing = session !== null && session.findingId === findingId ? session : null;
  const mayEdit = f !== undefined && can(actor, 'finding.update', findingResource(actor?.companyId ?? 0, f));
  return (
    <Drawer
      opened={findingId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} size="h4">
          {t('detail.title', { id: findingId ?? '' })}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('detail.close') }}
      data-testid="finding-drawer"
    >
      {query.isPending ? (
        <Loader size="sm" />
      ) : query.error || !f ? (
        <Alert color="red" variant="light">
          {t('loadError')}
        </Alert>
      ) : (
        <Stack gap="md" data-testid="finding-detail" data-status={f.status}>
          <Group gap="xs">
            <SeverityChip severity={f.severity} />
            <Text fw={700}>{labels.type(f.type)}</Text>
            <Text size="sm" data-testid="finding-status">
              {labels.status(f.status)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {`${labels.severityMeaning(f.severity)} — ${labels.severityAction(f.severity)}`}
          </Text>
          <Group gap="xs">
            <Button
              component={Link}
              to={comparePath(turbineId, compareLinkOfFinding(f))}
              size="xs"
              variant="light"
              title={t('detail.compareYearsHint')}
              data-testid="finding-compare-years"
            >
              {t('detail.compareYears')}
            </Button>
          </Group>
          <FindingLinkSection turbineId={turbineId} finding={f} onLinked={(id) => (onOpen ? onOpen(id) : onClose())} />
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="details" data-testid="finding-tab-details">
                {t('detail.tabDetails')}
              </Tabs.Tab>
              <Tabs.Tab value="timeline" data-testid="finding-tab-timeline">
                {t('timeline.tab')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="timeline" pt="sm">
              <Suspense fallback={<Loader size="sm" />}>
                <FindingTimeline finding={f} />
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="details" pt="sm">
              <Stack gap="md">
                <Title order={3} size="h5">
                  {t('detail.evidence')}
                </Title>
                <Evidence finding={f} />
                <Divider />
                <Group justify="space-between" gap="xs">
                  <Title order={3} size="h5">
                    {editing ? t('edit.title') : t('detail.fields')}
                  </Title>
                  {mayEdit && !editing && (
                    <Button size="xs" variant="light" onClick={() => setSession(startEdit(f))} data-testid="finding-edit">
                      {t('edit.button')}
                    </Button>
                  )}
                </Group>
                {editing ? (
                  <FindingEditForm
                    turbineId={turbineId}
                    session={editing}
                    onSession={(next) => setSession((current) => (current ? next(current) : current))}
                    onDone={() => setSession(null)}
                    loadFinding={async () => (await query.refetch()).data}
                  />
                ) : (
                  <>
                    <SimpleGrid cols={2} spacing="xs" data-testid="finding-fields">
                      <Field label={t('columns.blade')} value={f.blade} />
                      <Field
                        label={t('columns.surface')}
                        value={f.room ? `${labels.surface(f.surface)} · ${t('room', { room: f.room })}` : labels.surface(f.surface)}
                      />
                      <Field
                        label={t('columns.position')}
                        value={f.distance_from_root_m == null ? '—' : t('positionMetres', { value: format.number(f.distance_from_root_m) })}
                      />
                      <Field label={t('detail.depth')} value={f.depth_class ? labels.depth(f.depth_class) : '—'} />
                      <Field
                        label={t('detail.size')}
                        testId="finding-size"
                        value={
                          f.length_mm == null && f.width_mm == null
                            ? '—'
                            : t('detail.sizeValue', { length: f.length_mm ?? '—', width: f.width_mm ?? '—' })
                        }
                      />
                      <Field
                        label={t('columns.due')}
                        value={f.due_date ? format.date(`${f.due_date}T00:00:00Z`) + (f.overdue ? ` · ${t('overdue')}` : '') : '—'}
                      />
                      <Field label={t('detail.author')} value={f.created_by_name ?? '—'} />
                      <Field label={t('columns.lastSeen')} value={String(f.last_seen_year)} />
                    </SimpleGrid>
                    {f.notes && <Field label={t('detail.notes')} value={f.notes} />}
                  </>
                )}
                <Divider />
                <Title order={3} size="h5">
                  {t('detail.actions')}
                </Title>
                <Actions turbineId={turbineId} finding={f} onDeleted={onClose} />
                <Divider />
                <Title order={3} size="h5">
                  {t('detail.history')}
                </Title>
                <FindingHistory events={f.events} />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Drawer>
  );
}
