import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@windscope/contract';
import { useEffect } from 'react';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

/** An open dialog (Mantine answers Escape in the capture phase, before this bubbling listener, and keeps the
 *  dialog in the page while it fades out): Escape was its, so no toast closes with it. */
const dialogOpen = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

/** Renders toasts (mounted once, in the app providers) and closes the newest one on Escape, unless a dialog is
 *  open: one Escape closes one layer, and the dialog holds the keyboard. */
export function ToastHost() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || dialogOpen()) return;
      const newest = notificationsStore.getState().notifications.at(-1);
      if (newest?.id) notifications.hide(newest.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return <Notifications position="top-right" autoClose={TOAST_DURATION_MS} zIndex={1000} />;
}
