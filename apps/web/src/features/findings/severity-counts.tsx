import { Badge, Group } from '@mantine/core';
import { SEVERITIES } from '@windscope/contract';
import type { ReactNode } from 'react';
import { severityColor, useFindingLabels } from './labels.ts';

/** "Critical: 2" per step of the scale, coloured by severity and always spelled out (never colour alone).
 *  `counts[0]` is severity 1. Used by the turbine's findings section and the dashboard's counters. */
export function SeverityCountBadges({
  counts,
  label,
  testIdPrefix,
  size = 'lg',
  children,
}: {
  counts: readonly number[];
  /** names the group for assistive technology */
  label: string;
  /** each badge gets `${testIdPrefix}-${severity}` */
  testIdPrefix: string;
  size?: 'md' | 'lg';
  /** after the badges (the overdue count) */
  children?: ReactNode;
}) {
  const labels = useFindingLabels();
  return (
    <Group gap="xs" aria-label={label} role="group" data-testid={`${testIdPrefix}s`}>
      {SEVERITIES.map((s) => (
        <Badge key={s} color={severityColor(s)} variant="light" size={size} radius="sm" data-testid={`${testIdPrefix}-${s}`}>
          {`${labels.severity(s)}: ${counts[s - 1] ?? 0}`}
        </Badge>
      ))}
      {children}
    </Group>
  );
}
