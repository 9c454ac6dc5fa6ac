import { Divider, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { type Report, yearChoices } from '@windscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { toast } from '../../../ui/toast/toast.tsx';
import { useCan } from '../../auth/use-auth.ts';
import { afterReportsChanged, deleteReportRequest, useReports } from '../api/turbine-api.ts';
import { EscapeLayerMarker, useEscapeLayer } from '../dialogs/escape-stack.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { FileIcon } from '../turbine-icons.tsx';
import { ShareDialog } from '../../share-links/share-dialog.tsx';
import { ReportGenerate } from './report-generate.tsx';
import { ReportList, reportName } from './report-list.tsx';
import { ReportUpload } from './report-upload.tsx';
import classes from './reports.module.css';
import { PageSection } from '../../../ui/page-section.tsx';

/** Spec §2 item 8: PDF upload, the reports with a year filter, download under the original name, delete. */
/** A list that failed to load, and when (so that a dismissed banner comes back for the next failure). */
export interface LoadError {
  message: string;
  at: number;
}

export function ReportsSection({
  turbineId,
  companyId,
  onLoadError,
}: {
  turbineId: number;
  companyId: number;
  onLoadError: (error: LoadError | null) => void;
}) {
  const { t } = useTranslation(TURBINE_NS);
  const queryClient = useQueryClient();
  const canUpload = useCan('report.upload');
  const canGenerate = useCan('report.generate');
  const years = useMemo(() => yearChoices(), []);
  const [year, setYear] = useState<number | null>(null);
  const reports = useReports(turbineId, year);
  const [target, setTarget] = useState<Report | null>(null);
  // a report revision shared by a manager (DECISIONS §17)
  const canShare = useCan('shareLink.manage', { companyId });
  const [sharing, setSharing] = useState<Report | null>(null);

  const failedAt = reports.error ? reports.errorUpdatedAt : 0;
  useEffect(() => {
    onLoadError(failedAt ? { message: t('reports.loadError'), at: failedAt } : null);
  }, [failedAt, onLoadError, t]);

  const remove = useMutation({
    mutationFn: (report: Report) => deleteReportRequest(turbineId, report.id),
    onSuccess: async (answer) => {
      toast.success(answer.message || t('reports.deleted'));
      setTarget(null);
      await afterReportsChanged(queryClient, turbineId);
    },
    onError: (error) => toast.error(t('reports.deleteError'), isApiError(error) && error.status > 0 ? error.message : undefined),
  });
  const closeConfirm = () => {
    if (!remove.isPending) setTarget(null);
  };
  useEscapeLayer(target !== null, closeConfirm);

  return (
    <PageSection
      titleId="reports-title"
      title={t('reports.title')}
      subtitle={t('reports.subtitle')}
      testId="reports-section"
      after={
        <>
          {canShare && (
            <ShareDialog
              target={{ turbineId, report: sharing ? { id: sharing.id, name: reportName(sharing) } : null }}
              opened={sharing !== null}
              onClose={() => setSharing(null)}
            />
          )}
          <ConfirmDialog
            opened={target !== null}
            title={t('reports.deleteTitle')}
            message={t('reports.deleteMessage', { name: target ? reportName(target) : '' })}
            confirmLabel={t('delete.confirm')}
            danger
            loading={remove.isPending}
            onConfirm={() => target && remove.mutate(target)}
            onClose={closeConfirm}
          >
            <EscapeLayerMarker />
          </ConfirmDialog>
        </>
      }
    >
      {canGenerate && (
        <>
          <ReportGenerate turbineId={turbineId} />
          <Divider />
        </>
      )}
      {canUpload && (
        <>
          <ReportUpload turbineId={turbineId} />
          <Divider />
        </>
      )}
      <Group justify="space-between" align="flex-end">
        <Text fw={600}>{t('reports.existing')}</Text>
        <Select
          label={t('reports.yearFilter')}
          data={[{ value: 'all', label: t('gallery.yearAll') }, ...years.map((y) => ({ value: String(y), label: String(y) }))]}
          value={year === null ? 'all' : String(year)}
          onChange={(value) => setYear(value && value !== 'all' ? Number(value) : null)}
          allowDeselect={false}
          w={150}
          data-testid="report-year-filter"
        />
      </Group>
      {reports.isPending ? (
        <Stack gap="xs">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : (reports.data ?? []).length === 0 ? (
        <Group gap="xs" justify="center" className={classes.empty} data-testid="reports-empty">
          <FileIcon size={18} />
          <Text c="dimmed">{t('reports.empty')}</Text>
        </Group>
      ) : (
        <ReportList reports={reports.data ?? []} onDelete={setTarget} onShare={canShare ? setSharing : undefined} />
      )}
    </PageSection>
  );
}
