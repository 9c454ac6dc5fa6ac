import { Button, type ButtonProps, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RowAction {
  label: string;
  onClick: () => void;
  testId: string;
  /** the button's accessible name when the label alone does not say which row (e.g. "Revoke: Insurer") */
  ariaLabel?: string;
  /** or the id of the row's name, which describes the button */
  describedBy?: string;
  variant?: ButtonProps['variant'];
  color?: ButtonProps['color'];
  disabled?: boolean;
  /** left out of the row (an action its state does not allow) */
  hidden?: boolean;
}

/** A table row's small action buttons (share links, webhooks, API tokens), in one row that wraps when it must. */
export function RowActions({ actions, justify }: { actions: RowAction[]; justify?: 'flex-end' }) {
  return (
    <Group gap={6} justify={justify}>
      {actions
        .filter((a) => !a.hidden)
        .map((a) => (
          <Button
            key={a.testId}
            size="xs"
            variant={a.variant ?? 'light'}
            color={a.color}
            onClick={a.onClick}
            disabled={a.disabled}
            aria-label={a.ariaLabel}
            aria-describedby={a.describedBy}
            data-testid={a.testId}
          >
            {a.label}
          </Button>
        ))}
    </Group>
  );
}

/** What an empty list shows: one dimmed sentence, framed like the table it stands for (or bare inside a section). */
export function EmptyNote({ children, testId, bare }: { children: ReactNode; testId: string; bare?: boolean }) {
  if (bare)
    return (
      <Text c="dimmed" data-testid={testId}>
        {children}
      </Text>
    );
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Paper>
  );
}
