import { Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiTokens } from '../../api/api-tokens.ts';
import { paths } from '../../app/paths.ts';
import { AppHeader } from '../../ui/app-header/app-header.tsx';
import { ArrowLeftIcon } from '../../ui/app-icons.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { EmptyNote } from '../../ui/row-actions.tsx';
import { RequirePermission } from '../auth/require-permission.tsx';
import '../management/management-styles.ts';
import { PlusIcon } from '../management/icons.tsx';
import { LoadErrorBanner } from '../management/load-error-banner.tsx';
import { CreateTokenDialog } from './create-token-dialog.tsx';
import { ACCOUNT_NS } from './i18n.ts';
import { TokenTable } from './token-table.tsx';

/** /dashboard/account: the signed-in user's own settings. Its section: personal API tokens (DECISIONS §17). */
export function AccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.account'));
  return (
    <>
      <AppHeader
        title={t('pages.account')}
        actions={[{ id: 'back-to-dashboard', label: t('common.backToDashboard'), icon: <ArrowLeftIcon size={16} />, to: paths.dashboard }]}
      />
      <RequirePermission action="apiToken.manage" otherwise="redirect">
        <ApiTokensSection />
      </RequirePermission>
    </>
  );
}

function ApiTokensSection() {
  const { t } = useTranslation(ACCOUNT_NS);
  const list = useApiTokens();
  const [creating, setCreating] = useState(false);
  return (
    <Container size="xl" py="lg">
      <Stack gap="md" component="section" aria-labelledby="api-tokens-title">
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Stack gap={4}>
            <Title order={2} size="h3" id="api-tokens-title">
              {t('tokens.title')}
            </Title>
            <Text c="dimmed" size="sm" maw={820}>
              {t('tokens.intro')}
            </Text>
          </Stack>
          <Button
            leftSection={<PlusIcon size={16} />}
            onClick={() => setCreating(true)}
            data-testid="create-api-token"
            style={{ flexShrink: 0 }}
          >
            {t('tokens.create')}
          </Button>
        </Group>
        {list.isError && (
          <LoadErrorBanner
            title={t('tokens.loadError')}
            error={list.error}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
            testId="api-tokens-error"
          />
        )}
        {list.isPending && <Skeleton height={160} radius="lg" />}
        {list.data && list.data.length === 0 && <EmptyNote testId="no-api-tokens">{t('tokens.empty')}</EmptyNote>}
        {list.data && list.data.length > 0 && <TokenTable tokens={list.data} />}
      </Stack>
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
    </Container>
  );
}
