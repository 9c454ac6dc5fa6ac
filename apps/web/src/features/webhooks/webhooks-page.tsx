import { Badge, Button, Code, Container, Group, Modal, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_ERROR_KIND_LABELS,
  WEBHOOK_EVENT_LABELS,
  type Webhook,
  type WebhookDeliveryStatus,
} from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useDeleteWebhook, useRotateWebhookSecret, useSendWebhookTest, useWebhookDeliveries, useWebhooks } from '../../api/webhooks.ts';
import { useFormatters } from '../../i18n/format.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyNote, RowActions } from '../../ui/row-actions.tsx';
import { toast } from '../../ui/toast/toast.tsx';
import { GuardedPage } from '../management/guarded-page.tsx';
import { useCurrentUser } from '../auth/use-auth.ts';
import './webhooks-styles.ts';
import { PlusIcon } from '../management/icons.tsx';
import { LoadErrorBanner } from '../management/load-error-banner.tsx';
import { WEBHOOKS_NS } from './i18n.ts';
import { ShownSecret, WebhookFormDialog } from './webhook-dialogs.tsx';

/** /dashboard/webhooks (DECISIONS §17): a manager's company's webhooks (the superadmin's: every company's): add, edit,
 *  switch off, a new secret (shown once), a test event, the delivery log. Others see the unauthorized notice. */
export function WebhooksPage() {
  const { t } = useTranslation();
  return (
    <GuardedPage title={t('pages.webhooks')} action="webhook.manage">
      <WebhooksContent />
    </GuardedPage>
  );
}

const errorText = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

function WebhooksContent() {
  const { t } = useTranslation(WEBHOOKS_NS);
  const hooks = useWebhooks();
  const [form, setForm] = useState<{ editing: Webhook | null } | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendWebhookTest();

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
          <Text c="dimmed" maw={760}>
            {t('intro')}
          </Text>
          <Button
            leftSection={<PlusIcon size={16} />}
            onClick={() => setForm({ editing: null })}
            data-testid="webhook-add"
            style={{ flexShrink: 0 }}
          >
            {t('add')}
          </Button>
        </Group>
        {hooks.isError && (
          <LoadErrorBanner
            title={t('loadError')}
            error={hooks.error}
            onRetry={() => void hooks.refetch()}
            retrying={hooks.isFetching}
            testId="webhooks-error"
          />
        )}
        {hooks.isPending && <Skeleton height={200} radius="lg" />}
        {hooks.data && hooks.data.length === 0 && <EmptyNote testId="webhooks-empty">{t('empty')}</EmptyNote>}
        {hooks.data && hooks.data.length > 0 && (
          <WebhookTable
            hooks={hooks.data}
            onEdit={(hook) => setForm({ editing: hook })}
            onLog={setLogOf}
            onDelete={setDeleting}
            onRotate={setRotating}
            onTest={(hook) =>
              test.mutate(hook.id, {
                onSuccess: (answer) => toast.success(answer.message ?? t('testQueued')),
                onError: (error) => toast.error(errorText(error, t('testFailed'))),
              })
            }
          />
        )}
      </Stack>
      <WebhookFormDialog opened={form !== null} editing={form?.editing ?? null} onClose={() => setForm(null)} />
      <DeliveryLog hook={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { url: deleting?.url ?? '' })}
        confirmLabel={t('actions.delete')}
        danger
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (answer) => {
              toast.success(answer.message ?? t('deleted'));
              setDeleting(null);
            },
            onError: (error) => {
              toast.error(errorText(error, t('deleteFailed')));
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        opened={rotating !== null}
        title={t('rotateTitle')}
        message={t('rotateMessage', { url: rotating?.url ?? '' })}
        confirmLabel={t('actions.rotate')}
        loading={rotate.isPending}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (answer) => {
              setRotating(null);
              setSecret(answer.secret);
            },
            onError: (error) => {
              toast.error(errorText(error, t('rotateFailed')));
              setRotating(null);
            },
          })
        }
        onClose={() => setRotating(null)}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Container>
  );
}

function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const { t: tc } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={t('secret.title')}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
      closeOnClickOutside={false}
    >
      {secret && <ShownSecret secret={secret} onDone={onClose} />}
    </Modal>
  );
}

function StatusBadge({ hook }: { hook: Webhook }) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const { dateTime } = useFormatters();
  if (!hook.active && hook.disabled_at)
    return (
      <Badge color="red" variant="light" maw="100%" title={t('status.disabled', { at: dateTime(hook.disabled_at) })}>
        {t('status.disabled', { at: dateTime(hook.disabled_at) })}
      </Badge>
    );
  if (!hook.active)
    return (
      <Badge color="gray" variant="light">
        {t('status.inactive')}
      </Badge>
    );
  if (hook.failing_since)
    return (
      <Badge color="orange" variant="light" maw="100%" title={t('status.failing', { since: dateTime(hook.failing_since) })}>
        {t('status.failing', { since: dateTime(hook.failing_since) })}
      </Badge>
    );
  return (
    <Badge color="teal" variant="light">
      {t('status.active')}
    </Badge>
  );
}

function WebhookTable(props: {
  hooks: Webhook[];
  onEdit: (hook: Webhook) => void;
  onLog: (hook: Webhook) => void;
  onDelete: (hook: Webhook) => void;
  onRotate: (hook: Webhook) => void;
  onTest: (hook: Webhook) => void;
}) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const { language } = useFormatters();
  const superadmin = useCurrentUser()?.role === 'superadmin';
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table layout="fixed" verticalSpacing="sm" horizontalSpacing="sm" aria-label={t('tableLabel')} data-testid="webhook-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.address')}</Table.Th>
            <Table.Th w="22%">{t('columns.events')}</Table.Th>
            <Table.Th w={120}>{t('columns.status')}</Table.Th>
            <Table.Th w={230}>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.hooks.map((hook) => (
            <Table.Tr key={hook.id} data-testid="webhook-row" data-id={hook.id}>
              <Table.Td>
                <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }} id={`webhook-url-${hook.id}`}>
                  {hook.url}
                </Text>
                {superadmin && (
                  <Text size="xs" c="dimmed">
                    {hook.company_name}
                  </Text>
                )}
                <Code fz="xs">{t('secretHint', { hint: hook.secret_hint })}</Code>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {hook.events.map((type) => (
                    <Badge key={type} variant="outline" size="sm" maw="100%" tt="none">
                      {WEBHOOK_EVENT_LABELS[type][language]}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <StatusBadge hook={hook} />
              </Table.Td>
              <Table.Td>
                <RowActions
                  actions={[
                    { label: t('actions.deliveries'), onClick: () => props.onLog(hook), testId: 'webhook-log' },
                    { label: t('actions.test'), onClick: () => props.onTest(hook), testId: 'webhook-test', disabled: !hook.active },
                    { label: t('actions.edit'), onClick: () => props.onEdit(hook), testId: 'webhook-edit', variant: 'default' },
                    { label: t('actions.rotate'), onClick: () => props.onRotate(hook), testId: 'webhook-rotate', variant: 'default' },
                    { label: t('actions.delete'), onClick: () => props.onDelete(hook), testId: 'webhook-delete', color: 'red' },
                  ].map((a) => ({ ...a, describedBy: `webhook-url-${hook.id}` }))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = {
  pending: 'yellow',
  sending: 'blue',
  delivered: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

/** A hook's latest deliveries: when, what, how it ended, attempts, the receiver's status code, time taken, last error. */
function DeliveryLog({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const { t: tc } = useTranslation();
  const { dateTime, language } = useFormatters();
  const log = useWebhookDeliveries(hook?.id ?? null);
  const none = t('log.none');
  return (
    <Modal
      opened={hook !== null}
      onClose={onClose}
      title={t('log.title')}
      centered
      radius="lg"
      size={960}
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      <Stack gap="sm" data-testid="webhook-deliveries">
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {t('log.subtitle', { url: hook?.url ?? '' })}
        </Text>
        {log.isError && (
          <LoadErrorBanner title={t('log.loadError')} error={log.error} onRetry={() => void log.refetch()} retrying={log.isFetching} />
        )}
        {log.isPending && <Skeleton height={160} radius="md" />}
        {log.data && log.data.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {t('log.empty')}
          </Text>
        )}
        {log.data && log.data.length > 0 && (
          // wider than the dialog at 769 px: its viewport takes keyboard focus so the arrow keys can scroll it
          <Table.ScrollContainer
            minWidth={640}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('log.tableLabel') } }}
          >
            <Table verticalSpacing="xs" horizontalSpacing="sm" aria-label={t('log.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('log.time')}</Table.Th>
                  <Table.Th>{t('log.event')}</Table.Th>
                  <Table.Th>{t('log.status')}</Table.Th>
                  <Table.Th>{t('log.attempts')}</Table.Th>
                  <Table.Th>{t('log.code')}</Table.Th>
                  <Table.Th>{t('log.latency')}</Table.Th>
                  <Table.Th>{t('log.error')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.map((delivery) => (
                  <Table.Tr key={delivery.id} data-testid="webhook-delivery-row" data-status={delivery.status}>
                    <Table.Td>
                      <Text size="sm">{dateTime(delivery.last_attempt_at ?? delivery.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {delivery.event_type in WEBHOOK_EVENT_LABELS
                          ? WEBHOOK_EVENT_LABELS[delivery.event_type as keyof typeof WEBHOOK_EVENT_LABELS][language]
                          : delivery.event_type}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[delivery.status]} variant="light">
                        {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status][language]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{delivery.attempts}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{delivery.last_status_code ?? none}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {delivery.last_latency_ms === null ? none : t('log.latencyMs', { ms: delivery.last_latency_ms })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {delivery.last_error_kind ? WEBHOOK_ERROR_KIND_LABELS[delivery.last_error_kind][language] : none}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Modal>
  );
}
