import { Badge, Container, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.layer.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './page-title.ts';

/** Stand-in for a screen another engineer is about to build; replace the whole page component. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Container size="md" py={56}>
      <Paper withBorder radius="lg" p="xl" data-testid="page-placeholder">
        <Stack gap="sm" align="flex-start">
          <Badge variant="light">{t('placeholder.badge')}</Badge>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{t('placeholder.message')}</Text>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
