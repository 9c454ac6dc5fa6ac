import { Badge, Code, Paper, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ApiToken } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevokeApiToken } from '../../api/api-tokens.ts';
import { isApiError } from '../../api/api-error.ts';
import { useFormatters } from '../../i18n/format.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { toast } from '../../ui/toast/toast.tsx';
import { ACCOUNT_NS } from './i18n.ts';

/** Mantine's `lg` breakpoint: below it the creation date leaves the table (the name keeps its room from 769 px up). */
const WIDE = '(min-width: 75em)';

/** The user's live tokens: name and first characters, access, dates, last use, revoke (after a question). */
export function TokenTable({ tokens }: { tokens: ApiToken[] }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const wide = useMediaQuery(WIDE) ?? false;
  const { date, dateTime } = useFormatters();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useRevokeApiToken();
  const confirm = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? t('tokens.revoked'));
        setRevoking(null);
      },
      onError: (error) => {
        toast.error(isApiError(error) ? error.message : t('tokens.revokeFailed'));
        setRevoking(null);
      },
    });
  };
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table layout="fixed" verticalSpacing="sm" horizontalSpacing="sm" data-testid="api-token-table" aria-label={t('tokens.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tokens.columns.name')}</Table.Th>
            <Table.Th w={130}>{t('tokens.columns.scope')}</Table.Th>
            {wide && <Table.Th w={130}>{t('tokens.columns.created')}</Table.Th>}
            <Table.Th w={120}>{t('tokens.columns.expires')}</Table.Th>
            <Table.Th w={wide ? 180 : 150}>{t('tokens.columns.lastUsed')}</Table.Th>
            <Table.Th w={100}>{t('tokens.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id} data-testid="api-token-row" data-id={token.id}>
              <Table.Td>
                <Text size="sm" fw={500} truncate="end" title={token.name}>
                  {token.name}
                </Text>
                <Code fz="xs">{token.hint}…</Code>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={token.scope === 'read' ? 'blue' : 'orange'} maw="100%">
                  {t(`tokens.scope.${token.scope}`)}
                </Badge>
              </Table.Td>
              {wide && (
                <Table.Td>
                  <Text size="sm">{date(token.created_at)}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{date(token.expires_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={token.last_used_at ? undefined : 'dimmed'} data-testid="api-token-last-used">
                  {token.last_used_at ? dateTime(token.last_used_at) : t('tokens.neverUsed')}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActions
                  actions={[
                    {
                      label: t('tokens.revoke'),
                      onClick: () => setRevoking(token),
                      ariaLabel: t('tokens.revokeLabel', { name: token.name }),
                      color: 'red',
                      testId: 'revoke-api-token',
                    },
                  ]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmDialog
        opened={revoking !== null}
        title={t('tokens.revokeTitle')}
        message={t('tokens.revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('tokens.revoke')}
        danger
        loading={revoke.isPending}
        onConfirm={confirm}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
