import { Alert, Container, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { User } from '@windscope/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../api/companies.ts';
import { useUsers } from '../../api/users.ts';
import { AppHeader } from '../../ui/app-header/app-header.tsx';
import { AlertCircleIcon } from '../../ui/app-icons.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RequirePermission } from '../auth/require-permission.tsx';
import { useListPageActions } from '../management/header-actions.tsx';
import '../management/management-styles.ts';
import { LoadErrorBanner } from '../management/load-error-banner.tsx';
import { SearchField } from '../management/search-field.tsx';
import { type EntityDialogs, useEntityDialogs } from '../management/use-entity-dialogs.ts';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { USERS_NS } from './i18n.ts';
import { PasswordModal } from './password-modal.tsx';
import { UserFormModal } from './user-form-modal.tsx';
import { searchUsers } from './user-search.ts';
import { type UserAction, UsersTable } from './users-table.tsx';

type Dialogs = EntityDialogs<User, UserAction>;

/** /dashboard/users (spec §2): superadmin sees everyone, managers their company; other roles go back to /dashboard. */
export function UsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.users'));
  const { t: tp } = useTranslation(USERS_NS);
  const dialogs = useEntityDialogs<User, UserAction>();
  const actions = useListPageActions({ addLabel: tp('header.add'), addTestId: 'add-user', permission: 'user.create', onAdd: dialogs.add });
  return (
    <RequirePermission action="user.list" otherwise="redirect">
      <AppHeader title={t('pages.users')} actions={actions} />
      <UsersContent dialogs={dialogs} />
    </RequirePermission>
  );
}

function UsersContent({ dialogs }: { dialogs: Dialogs }) {
  const { t } = useTranslation(USERS_NS);
  const { t: tc } = useTranslation();
  const users = useUsers();
  const companies = useCompanies();
  const [query, setQuery] = useState('');
  const [banner, setBanner] = useState<Error | null>(null);
  const found = useMemo(() => searchUsers(users.data ?? [], query, (user) => tc(`roles.${user.role}`)), [users.data, query, tc]);

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="nowrap" gap="lg">
          <div>
            <Text c="dimmed">{t('intro')}</Text>
            {users.data && (
              <Text size="sm" fw={600} mt={4} data-testid="user-count">
                {t('table.count', { count: found.length })}
              </Text>
            )}
          </div>
          <div style={{ width: 420 }}>
            <SearchField
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              value={query}
              onChange={setQuery}
              testId="user-search"
            />
          </div>
        </Group>
        {banner && (
          <Alert
            color="red"
            variant="light"
            radius="lg"
            title={t('delete.error')}
            icon={<AlertCircleIcon size={18} />}
            role="alert"
            data-testid="users-error"
            withCloseButton
            closeButtonLabel={tc('common.close')}
            onClose={() => setBanner(null)}
          >
            {banner.message}
          </Alert>
        )}
        {users.isError && (
          <LoadErrorBanner
            title={t('errors.load')}
            error={users.error}
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
            testId="users-load-error"
          />
        )}
        {users.isPending && <Skeleton height={320} radius="lg" />}
        {users.data && found.length === 0 && (
          <Paper withBorder radius="lg" p="xl" data-testid="no-users">
            <Text c="dimmed" ta="center">
              {query.trim() ? t('empty.filtered') : t('empty.none')}
            </Text>
          </Paper>
        )}
        {found.length > 0 && <UsersTable users={found} onAction={dialogs.show} />}
      </Stack>
      <UserFormModal
        opened={dialogs.open === 'add' || dialogs.open === 'edit'}
        onClose={dialogs.close}
        user={dialogs.target}
        companies={companies.data ?? []}
        companiesFailed={companies.isError}
      />
      <PasswordModal opened={dialogs.open === 'password'} onClose={dialogs.close} user={dialogs.target} />
      <DeleteUserDialog opened={dialogs.open === 'delete'} onClose={dialogs.close} user={dialogs.target} onError={setBanner} />
    </Container>
  );
}
