import { Alert, Badge, Button, FileInput, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import type { TurbineImportOutcome, TurbineImportResult, TurbineImportRow } from '@windscope/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useCompanies } from '../../api/companies.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { sendTurbineImport } from '../../api/turbine-sheet.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { useCan } from '../auth/use-auth.ts';
import { DASHBOARD_NS } from '../dashboard/i18n.ts';

const OUTCOME_COLORS: Record<TurbineImportOutcome, string> = { new: 'teal', changed: 'blue', unchanged: 'gray', refused: 'red' };
/** Enough rows for a person to read; the counts say how many there are in all. */
const SHOWN_ROWS = 200;

/** Import turbines from CSV/XLSX (issue 27 item 4): choose a file, check it (a dry run answers each row), then import
 *  all of it, or nothing while a row is refused. */
export function TurbineImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { t: tc } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('import.title')}
      size="xl"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      <ImportForm onDone={onClose} />
    </Modal>
  );
}

function ImportForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const choosesCompany = useCan('turbine.changeCompany');
  const companies = useCompanies({ enabled: choosesCompany });
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TurbineImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null);

  const reset = () => {
    setResult(null);
    setError(null);
  };
  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? 'check' : 'apply');
    setError(null);
    try {
      const answer = await sendTurbineImport(file, dryRun, choosesCompany ? companyId : null);
      setResult(answer.result);
      if (!dryRun && answer.result?.applied) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.turbines.all() });
        toast.success(answer.message);
        onDone();
      } else if (!dryRun) setError(answer.message);
    } catch (failure) {
      setResult(null);
      setError(isApiError(failure) ? failure.message : t('import.failed'));
    } finally {
      setBusy(null);
    }
  };
  const counts = result?.counts;
  const canApply = Boolean(counts && counts.refused === 0 && counts.new + counts.changed > 0);
  // refused rows first: they are what needs doing
  const rows = result ? [...result.rows].sort((a, b) => Number(b.outcome === 'refused') - Number(a.outcome === 'refused')) : [];

  return (
    <Stack gap="md" data-testid="turbine-import">
      <Text size="sm">{t('import.intro')}</Text>
      {choosesCompany && (
        <Select<number>
          label={t('form.company')}
          placeholder={t('form.companyPlaceholder')}
          data={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
          value={companyId}
          onChange={(next) => {
            setCompanyId(next);
            reset();
          }}
          searchable
          withAsterisk
          data-testid="turbine-import-company"
        />
      )}
      <FileInput
        label={t('import.file')}
        placeholder={t('import.filePlaceholder')}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={(next) => {
          setFile(next);
          reset();
        }}
        clearable
        clearButtonProps={{ 'aria-label': t('import.clearFile') }}
        data-testid="turbine-import-file"
      />
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="turbine-import-error">
          {error}
        </Alert>
      )}
      {result && counts && (
        <Stack gap="xs" data-testid="turbine-import-result">
          <Group gap="xs">
            {(['new', 'changed', 'unchanged', 'refused'] as const).map((outcome) => (
              <Badge key={outcome} color={OUTCOME_COLORS[outcome]} variant="light" data-testid={`turbine-import-count-${outcome}`}>
                {t(`import.outcome.${outcome}`)}: {counts[outcome]}
              </Badge>
            ))}
          </Group>
          {result.ignored_columns.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('import.ignored', { columns: result.ignored_columns.join(', ') })}
            </Text>
          )}
          <Text size="sm" fw={600} c={counts.refused ? 'var(--mantine-color-error)' : undefined}>
            {counts.refused ? t('import.fixFirst', { count: counts.refused }) : t('import.ready')}
          </Text>
          <Table.ScrollContainer minWidth={560} maxHeight={360} type="native">
            <Table striped withTableBorder stickyHeader fz="sm" data-testid="turbine-import-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.line')}</Table.Th>
                  <Table.Th>{t('card.code')}</Table.Th>
                  <Table.Th>{t('import.result')}</Table.Th>
                  <Table.Th>{t('import.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, SHOWN_ROWS).map((row) => (
                  <ImportRow key={row.line} row={row} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length > SHOWN_ROWS && (
            <Text size="xs" c="dimmed">
              {t('import.more', { count: rows.length - SHOWN_ROWS })}
            </Text>
          )}
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={busy !== null}>
          {tc('common.cancel')}
        </Button>
        <Button
          variant="light"
          onClick={() => void send(true)}
          loading={busy === 'check'}
          disabled={!file || (choosesCompany && companyId === null) || busy !== null}
          data-testid="turbine-import-check"
        >
          {t('import.check')}
        </Button>
        <Button
          onClick={() => void send(false)}
          loading={busy === 'apply'}
          disabled={!canApply || busy !== null}
          data-testid="turbine-import-apply"
        >
          {t('import.apply', { count: (counts?.new ?? 0) + (counts?.changed ?? 0) })}
        </Button>
      </Group>
    </Stack>
  );
}

function ImportRow({ row }: { row: TurbineImportRow }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const details =
    row.outcome === 'refused'
      ? row.errors.map((e) => `${e.field}: ${e.message}`).join(' · ')
      : row.outcome === 'changed'
        ? row.changes.join(', ')
        : '';
  return (
    <Table.Tr data-outcome={row.outcome}>
      <Table.Td>{row.line}</Table.Td>
      <Table.Td>{row.code}</Table.Td>
      <Table.Td>
        <Badge color={OUTCOME_COLORS[row.outcome]} variant="light">
          {t(`import.outcome.${row.outcome}`)}
        </Badge>
      </Table.Td>
      <Table.Td c={row.outcome === 'refused' ? 'var(--mantine-color-error)' : undefined}>{details}</Table.Td>
    </Table.Tr>
  );
}
