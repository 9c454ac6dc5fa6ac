import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@windscope/contract';
import type { ReactNode } from 'react';
import { i18n } from '../../i18n/i18n.ts';
import { toastDemand } from './toast-demand.ts';
import { CheckIcon } from '../icons.tsx';
import { AlertCircleIcon, AlertTriangleIcon, InfoIcon } from '../app-icons.tsx';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  title: string;
  message?: ReactNode;
  /** Spec: closes itself after 3000 ms; `false` keeps it until closed, a number sets the delay. */
  autoClose?: boolean | number;
  /** Reuse an id to replace a toast instead of stacking a second one. */
  id?: string;
}

const LOOK: Record<ToastType, { color: string; icon: ReactNode }> = {
  success: { color: 'teal', icon: <CheckIcon size={16} /> },
  error: { color: 'red', icon: <AlertCircleIcon size={16} /> },
  warning: { color: 'orange', icon: <AlertTriangleIcon size={16} /> },
  info: { color: 'wind', icon: <InfoIcon size={16} /> },
};

/** Shows a toast (spec §2 Toast): top-right, close button or Escape, auto-close after TOAST_DURATION_MS. Returns its id. */
export function showToast(type: ToastType, { title, message, autoClose = true, id }: ToastOptions): string {
  toastDemand.want();
  return notifications.show({
    id,
    title,
    message: message ?? null,
    color: LOOK[type].color,
    icon: LOOK[type].icon,
    autoClose: autoClose === true ? TOAST_DURATION_MS : autoClose,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    role: type === 'error' || type === 'warning' ? 'alert' : 'status',
    'data-toast-type': type,
  });
}

export const toast = {
  success: (title: string, message?: ReactNode, options?: Omit<ToastOptions, 'title' | 'message'>) =>
    showToast('success', { ...options, title, message }),
  error: (title: string, message?: ReactNode, options?: Omit<ToastOptions, 'title' | 'message'>) =>
    showToast('error', { ...options, title, message }),
  warning: (title: string, message?: ReactNode, options?: Omit<ToastOptions, 'title' | 'message'>) =>
    showToast('warning', { ...options, title, message }),
  info: (title: string, message?: ReactNode, options?: Omit<ToastOptions, 'title' | 'message'>) =>
    showToast('info', { ...options, title, message }),
  hide: (id: string) => notifications.hide(id),
  clear: () => notifications.clean(),
};
