import { ActionIcon, Avatar, Badge, Group, Paper, Table, Text } from '@mantine/core';
import type { Resource, User } from '@windscope/contract';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useCurrentUser } from '../auth/use-auth.ts';
import { EditIcon, KeyIcon, TrashIcon } from '../management/icons.tsx';
import { initialsOf } from '../management/text.ts';
import { USERS_NS } from './i18n.ts';
import { PendingEmailBadge } from './pending-email.tsx';
import { RoleBadge } from './role-badge.tsx';

export type UserAction = 'edit' | 'password' | 'delete';

interface UsersTableProps {
  users: readonly User[];
  onAction: (action: UserAction, user: User) => void;
}

/** User (initials and ID), e-mail, role badge, company or a dash, and the actions this user may take on each row. */
export function UsersTable({ users, onAction }: UsersTableProps) {
  const { t } = useTranslation(USERS_NS);
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      {/* narrow cell padding: at 769 px the superadmin's table (every company, the widest roles) fits its card */}
      <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.user')}</Table.Th>
            <Table.Th>{t('table.email')}</Table.Th>
            <Table.Th>{t('table.role')}</Table.Th>
            <Table.Th>{t('table.company')}</Table.Th>
            <Table.Th ta="right">{t('table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} onAction={onAction} />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

export function targetOf(user: User): Resource {
  return { companyId: user.company_id, targetId: user.id, targetRole: user.role, targetIsProtected: user.is_protected };
}

function UserRow({ user, onAction }: { user: User; onAction: UsersTableProps['onAction'] }) {
  const { t } = useTranslation(USERS_NS);
  const me = useCurrentUser();
  const target = targetOf(user);
  const allowed: Record<UserAction, boolean> = {
    edit: useCan('user.update', target),
    password: useCan('user.changePassword', target),
    delete: useCan('user.delete', target),
  };
  const name = `${user.first_name} ${user.last_name}`;
  const isMe = me?.id === user.id;

  return (
    <Table.Tr data-testid="user-row" data-user-id={user.id} data-email={user.email}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar color="wind" radius="xl" size={38}>
            {initialsOf(user.first_name, user.last_name)}
          </Avatar>
          <div>
            <Group gap={6}>
              {/* a long name breaks where it must (issue 24 item 20: at 769 px the table stays inside its card) */}
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {isMe && (
                <Badge size="xs" variant="outline">
                  {t('table.you')}
                </Badge>
              )}
              {user.is_protected && (
                <Badge size="xs" variant="outline" color="gray">
                  {t('table.protected')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('table.id', { id: user.id })}
            </Text>
          </div>
        </Group>
      </Table.Td>
      <Table.Td>
        {/* breaks after its "@" and dots first (EmailText), inside a part only when that part alone is wider */}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <EmailText email={user.email} />
        </Text>
        <PendingEmailBadge user={user} />
      </Table.Td>
      <Table.Td>
        <RoleBadge role={user.role} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="user-company">
          {user.company_name || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        {/* one fixed slot per action keeps the icons of every row in line */}
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Slot shown={allowed.edit}>
            <RowAction
              label={t('table.edit', { name })}
              onClick={() => onAction('edit', user)}
              testId="edit-user"
              icon={<EditIcon size={17} />}
            />
          </Slot>
          <Slot shown={allowed.password}>
            <RowAction
              label={t('table.password', { name })}
              onClick={() => onAction('password', user)}
              testId="password-user"
              icon={<KeyIcon size={17} />}
            />
          </Slot>
          <Slot shown={allowed.delete}>
            <RowAction
              label={t('table.delete', { name })}
              onClick={() => onAction('delete', user)}
              testId="delete-user"
              icon={<TrashIcon size={17} />}
              danger
            />
          </Slot>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** An address that may break after its "@" and its dots, never inside a word: a long one wraps rather than widening
 *  the table past its card (issue 24 item 20); <wbr> leaves the copied text as it is. */
function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  let offset = 0;
  return parts.map((part) => {
    const key = offset;
    offset += part.length;
    return (
      <Fragment key={key}>
        {key > 0 && <wbr />}
        {part}
      </Fragment>
    );
  });
}

function Slot({ shown, children }: { shown: boolean; children: ReactNode }) {
  return shown ? children : <span style={{ width: 28, flexShrink: 0 }} aria-hidden />;
}

function RowAction({
  label,
  onClick,
  testId,
  icon,
  danger = false,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  icon: ReactNode;
  danger?: boolean;
}) {
  return (
    <ActionIcon variant="subtle" color={danger ? 'red' : 'gray'} aria-label={label} title={label} onClick={onClick} data-testid={testId}>
      {icon}
    </ActionIcon>
  );
}
