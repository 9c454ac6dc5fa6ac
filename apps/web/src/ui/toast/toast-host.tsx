import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@windscope/contract';
import { useEffect } from 'react';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

/** Renders toasts (mounted once, in the app providers) and closes the newest one on Escape. */
export function ToastHost() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const newest = notificationsStore.getState().notifications.at(-1);
      if (newest?.id) notifications.hide(newest.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return <Notifications position="top-right" autoClose={TOAST_DURATION_MS} zIndex={1000} />;
}
