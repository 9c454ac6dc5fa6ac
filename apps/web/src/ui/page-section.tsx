import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block of a page (the turbine page's blades, categories, findings, photos, reports): a bordered `<section>`
 *  named by its heading, a one-line explanation under it, the section's own controls beside them, then its content.
 *  `after` holds what lives outside the column (dialogs, drawers). */
export function PageSection({
  titleId,
  title,
  subtitle,
  testId,
  actions,
  actionsAlign = 'flex-start',
  after,
  children,
}: {
  titleId: string;
  title: ReactNode;
  subtitle: ReactNode;
  testId: string;
  actions?: ReactNode;
  actionsAlign?: 'flex-start' | 'flex-end';
  after?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Stack gap={2}>
      <Title order={2} size="h4" id={titleId}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {subtitle}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="md">
        {actions ? (
          <Group justify="space-between" align={actionsAlign}>
            {heading}
            {actions}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
      {after}
    </Paper>
  );
}
