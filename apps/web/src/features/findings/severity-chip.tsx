import { Badge } from '@mantine/core';
import { severityColor, useFindingLabels } from './labels.ts';

/** "3 · Medium", coloured by severity. */
export function SeverityChip({ severity }: { severity: number }) {
  const labels = useFindingLabels();
  return (
    <Badge color={severityColor(severity)} variant="light" radius="sm" data-testid="severity-chip" data-severity={severity}>
      {`${severity} · ${labels.severity(severity)}`}
    </Badge>
  );
}
