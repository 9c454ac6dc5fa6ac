import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Divider,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Switch.layer.css';
import type { Notification } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  useMarkNotificationRead,
  useNotificationList,
  useNotificationSettings,
  useSaveNotificationSettings,
} from '../../api/notifications.ts';
import { paths } from '../../app/paths.ts';
import { useFormatters } from '../../i18n/format.ts';
import { useFindingLabels } from '../findings/labels.ts';
import { NOTIFICATIONS_NS } from './i18n.ts';
import { notificationText } from './notification-text.ts';

const CheckIcon = () => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
    <path d="M20 6 9 17l-5-5" />
  </svg>
);

/** The bell's popover (issue 16): the newest notifications, each opening its finding (and marked read), mark one or all
 *  read, and the user's own e-mail switch. */
export function NotificationList({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  const list = useNotificationList(true);
  const mark = useMarkNotificationRead();
  const navigate = useNavigate();
  const unread = list.data?.unread_count ?? 0;
  const open = (n: Notification) => {
    if (!n.read) mark.mutate(n.id);
    onClose();
    void navigate(`${paths.turbine(n.turbine_id)}?finding=${n.finding_id}`);
  };
  return (
    <Stack gap={0} data-testid="notification-list">
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Text fw={700} component="h2" fz="md" m={0}>
          {t('title')}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={unread === 0}
          loading={mark.isPending && mark.variables === 'all'}
          onClick={() => mark.mutate('all')}
          data-testid="notification-read-all"
        >
          {t('markAllRead')}
        </Button>
      </Group>
      <Divider />
      {list.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" m="md" variant="light">
          {t('loadError')}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" size="sm" p="md" data-testid="notification-empty">
          {t('empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto">
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {list.data.items.map((n) => (
              <NotificationItem key={n.id} n={n} onOpen={() => open(n)} onRead={() => mark.mutate(n.id)} />
            ))}
          </Box>
        </ScrollArea.Autosize>
      )}
      <Divider />
      <EmailSwitch />
    </Stack>
  );
}

function NotificationItem({ n, onOpen, onRead }: { n: Notification; onOpen: () => void; onRead: () => void }) {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  const { date, dateTime } = useFormatters();
  const labels = useFindingLabels();
  const sev = (s: number) => `${s} · ${labels.severity(s)}`;
  const text = notificationText(
    n,
    (key, values) =>
      t(key, {
        ...values,
        ...(typeof values.after === 'number' ? { after: sev(values.after) } : {}),
        ...(typeof values.before === 'number' ? { before: sev(values.before) } : {}),
      }),
    (iso) => date(`${iso}T12:00:00Z`),
  );
  return (
    <Box
      component="li"
      px="md"
      py="xs"
      data-testid="notification-item"
      data-read={n.read}
      data-finding={n.finding_id}
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: n.read ? undefined : 'var(--mantine-color-wind-light)',
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={onOpen} style={{ flex: 1 }} data-testid="notification-open">
          <Text size="sm" fw={n.read ? 400 : 700}>
            {!n.read && <VisuallyHidden>{`${t('unread')}: `}</VisuallyHidden>}
            {text}
          </Text>
          {(n.unreviewed || n.resolved) && (
            <Text size="xs" fw={700} c={n.resolved ? 'dimmed' : undefined} data-testid="notification-state">
              {t(n.resolved ? 'resolved' : 'unreviewed')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {`${n.actor_name ?? t('system')} · ${dateTime(n.created_at)}`}
          </Text>
        </UnstyledButton>
        {!n.read && (
          <Tooltip label={t('markRead')}>
            <ActionIcon variant="subtle" size="md" aria-label={t('markRead')} onClick={onRead} data-testid="notification-mark-read">
              <CheckIcon />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Box>
  );
}

function EmailSwitch() {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  const settings = useNotificationSettings(true);
  const save = useSaveNotificationSettings();
  return (
    <Box px="md" py="sm">
      <Switch
        label={t('email')}
        description={t('emailHint')}
        checked={save.isPending ? (save.variables?.email ?? true) : (settings.data?.email ?? true)}
        disabled={!settings.data || save.isPending}
        onChange={(event) => save.mutate({ email: event.currentTarget.checked })}
        data-testid="notification-email"
      />
    </Box>
  );
}
