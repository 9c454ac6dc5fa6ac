import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { AlertCircleIcon } from '../../../ui/app-icons.tsx';

/** The error box of the sign-in forms: a heading plus the message (spec §8). */
export function FormError({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" radius="md" title={title} icon={<AlertCircleIcon size={18} />} role="alert" data-testid="form-error">
      {children}
    </Alert>
  );
}
