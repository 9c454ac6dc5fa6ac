import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind } from '@windscope/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditFilters, downloadAuditExport } from '../../api/audit.ts';
import { useFormatters } from '../../i18n/format.ts';
import { DateField } from '../../ui/form/date-field.tsx';
import { toast } from '../../ui/toast/toast.tsx';
import { AUDIT_NS } from './i18n.ts';

/** The log's filters, applied together on "Filter" (typing does not reload the list at each letter); the CSV holds the
 *  rows of the filters applied. */
export function AuditFilterBar({ filters, onApply }: { filters: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation(AUDIT_NS);
  const { language } = useFormatters();
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const [exporting, setExporting] = useState(false);
  const set = (patch: AuditFilters) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, actor: draft.actor?.trim() || undefined, target: draft.target?.trim() || undefined });
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditExport(filters);
    } catch {
      toast.error(t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} aria-label={t('filters.label')} data-testid="audit-filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('filters.actor')}
          placeholder={t('filters.actorPlaceholder')}
          value={draft.actor ?? ''}
          onChange={(event) => set({ actor: event.currentTarget.value })}
          maxLength={200}
          w={200}
          data-testid="audit-filter-actor"
        />
        <Select
          label={t('filters.kind')}
          placeholder={t('filters.anyKind')}
          data={AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind][language] }))}
          value={draft.kind ?? null}
          onChange={(value) => set({ kind: (value as AuditKind | null) ?? undefined })}
          clearable
          searchable
          w={230}
          data-testid="audit-filter-kind"
        />
        <TextInput
          label={t('filters.target')}
          placeholder={t('filters.targetPlaceholder')}
          value={draft.target ?? ''}
          onChange={(event) => set({ target: event.currentTarget.value })}
          maxLength={200}
          w={170}
          data-testid="audit-filter-target"
        />
        <DateField label={t('filters.from')} value={draft.from ?? ''} onChange={(from) => set({ from: from || undefined })} w={150} />
        <DateField label={t('filters.to')} value={draft.to ?? ''} onChange={(to) => set({ to: to || undefined })} w={150} />
        <Button type="submit" data-testid="audit-apply">
          {t('filters.apply')}
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          {t('filters.clear')}
        </Button>
        <Button variant="light" ml="auto" loading={exporting} onClick={() => void exportCsv()} data-testid="audit-export">
          {t('export')}
        </Button>
      </Group>
    </Paper>
  );
}
