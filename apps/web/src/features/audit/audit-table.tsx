import { Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AUDIT_KIND_LABELS, type AuditEntry, type AuditKind } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useCan } from '../auth/use-auth.ts';
import { useFormatters } from '../../i18n/format.ts';
import { AUDIT_NS } from './i18n.ts';

/** Mantine's `lg` breakpoint: below it the address moves under the user and the company column goes. */
const WIDE = '(min-width: 75em)';
const COLORS: Partial<Record<AuditKind, string>> = {
  sign_in_failed: 'red',
  company_deleted: 'red',
  user_deleted: 'red',
  turbine_deleted: 'red',
  photo_deleted: 'orange',
  report_deleted: 'orange',
  original_downloaded: 'gray',
  report_downloaded: 'gray',
};

/** A fixed layout that fits from 769 px up: long addresses and names are cut, with the whole text as a title. */
export function AuditTable({ rows }: { rows: AuditEntry[] }) {
  const { t } = useTranslation(AUDIT_NS);
  const wide = useMediaQuery(WIDE) ?? false;
  // only the superadmin reads several companies' rows: the company column is theirs
  const showCompany = useCan('company.list') && wide;
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table layout="fixed" verticalSpacing="xs" horizontalSpacing="sm" data-testid="audit-table" aria-label={t('tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={wide ? 170 : 130}>{t('columns.time')}</Table.Th>
            <Table.Th w={wide ? 220 : 170}>{t('columns.event')}</Table.Th>
            <Table.Th>{t('columns.actor')}</Table.Th>
            {showCompany && <Table.Th w={180}>{t('columns.company')}</Table.Th>}
            <Table.Th>{t('columns.target')}</Table.Th>
            {wide && <Table.Th w={140}>{t('columns.address')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <AuditRow key={row.id} row={row} wide={wide} showCompany={showCompany} />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function AuditRow({ row, wide, showCompany }: { row: AuditEntry; wide: boolean; showCompany: boolean }) {
  const { t } = useTranslation(AUDIT_NS);
  const { dateTime, language } = useFormatters();
  const failed = row.kind === 'sign_in_failed';
  const actor = failed ? t('typedAddress', { email: row.actor_email ?? '' }) : (row.actor_email ?? t('unknownActor'));
  const target = row.target_type ? `${t(`targetTypes.${row.target_type}`)}: ${row.target_label ?? `#${row.target_id}`}` : '—';
  return (
    <Table.Tr data-testid="audit-row" data-kind={row.kind}>
      <Table.Td>
        <Text size="sm">{dateTime(row.at)}</Text>
      </Table.Td>
      <Table.Td>
        <Badge color={COLORS[row.kind] ?? 'blue'} variant="light" maw="100%" title={AUDIT_KIND_LABELS[row.kind][language]}>
          {AUDIT_KIND_LABELS[row.kind][language]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" truncate="end" title={actor} c={row.actor_email ? undefined : 'dimmed'}>
            {actor}
          </Text>
          {!wide && row.ip && (
            <Text size="xs" c="dimmed" truncate="end">
              {row.ip}
            </Text>
          )}
        </Stack>
      </Table.Td>
      {showCompany && (
        <Table.Td>
          <Text size="sm" truncate="end" title={row.company_name ?? undefined}>
            {row.company_name ?? '—'}
          </Text>
        </Table.Td>
      )}
      <Table.Td>
        <Text size="sm" truncate="end" title={target}>
          {target}
        </Text>
      </Table.Td>
      {wide && (
        <Table.Td>
          <Text size="sm" truncate="end" title={row.user_agent ?? undefined}>
            {row.ip ?? '—'}
          </Text>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
