import { ActionIcon, Indicator, Loader, Popover } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadNotifications } from '../../api/notifications.ts';
import { BellIcon } from '../../ui/app-icons.tsx';
import { useCan } from '../auth/use-auth.ts';
import { NOTIFICATIONS_NS } from './i18n.ts';

/** The list, its labels and the e-mail switch: their own chunk, loaded when the bell is first opened. */
const NotificationList = lazy(() => import('./notification-list.tsx').then((module) => ({ default: module.NotificationList })));

/** Issue 16: the management header's bell, for those who receive escalation notifications (managers, superadmins): the
 *  unread count (asked every 30 s and on focus) on the bell, the list in a popover. */
export function NotificationBell() {
  const may = useCan('notification.read');
  return may ? <Bell /> : null;
}

function Bell() {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  const [opened, setOpened] = useState(false);
  const unread = useUnreadNotifications(true);
  const count = unread.data ?? 0;
  const label = count > 0 ? t('bellUnread', { count }) : t('bell');
  return (
    // the count sits on the bell, outside the popover's target (which takes the button's ARIA attributes)
    <Indicator
      label={count > 99 ? '99+' : count}
      disabled={count === 0}
      color="red.9"
      size={18}
      offset={4}
      withBorder
      data-testid="notification-count"
      data-count={count}
    >
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={400} shadow="md" withinPortal trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon variant="default" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)} data-testid="notification-bell">
            <BellIcon size={18} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-label={t('bell')}>
          {opened && (
            <Suspense fallback={<Loader size="sm" m="md" />}>
              <NotificationList onClose={() => setOpened(false)} />
            </Suspense>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
