import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { type Report, stripStoredPrefix } from '@windscope/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFreshDownload } from '../../../api/file-links.ts';
import { useFormatters } from '../../../i18n/format.ts';
import { useCan } from '../../auth/use-auth.ts';
import { SHARE_NS } from '../../share-links/i18n.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { DownloadIcon, FileIcon, ShareIcon, TrashIcon } from '../turbine-icons.tsx';

/** The name shown and used for the download: the original name, without a stored "number-number-" prefix. */
export function reportName(report: Report): string {
  return stripStoredPrefix(report.original_filename);
}

function ReportRow({
  report,
  onDelete,
  onShare,
}: {
  report: Report;
  onDelete: (report: Report) => void;
  onShare?: (report: Report) => void;
}) {
  const { t } = useTranslation(TURBINE_NS);
  const { t: ts } = useTranslation(SHARE_NS);
  const client = useQueryClient();
  const download = useFreshDownload();
  /** the report's URL in the refreshed list (DECISIONS §17: file URLs live 15 minutes) */
  const freshUrl = () =>
    client
      .getQueriesData<Report[]>({ queryKey: ['reports'] })
      .flatMap(([, data]) => (Array.isArray(data) ? data : []))
      .find((r) => r.id === report.id)?.report_url;
  const { date, fileSize } = useFormatters();
  const canDelete = useCan('report.delete', { ownerId: report.uploaded_by });
  const name = reportName(report);
  const uploader = [report.first_name, report.last_name].filter(Boolean).join(' ');
  return (
    <Table.Tr data-testid="report-row" data-report-name={name}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <FileIcon size={16} />
          <Text size="sm" fw={600} maw={360} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {report.generated && (
            <Tooltip label={t('reports.generatedHint')}>
              <Badge variant="light" color="teal" size="sm" data-testid="report-generated">
                {t('reports.generated')}
              </Badge>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{report.year}</Table.Td>
      <Table.Td>{fileSize(report.file_size_bytes, 2)}</Table.Td>
      <Table.Td>{date(report.uploaded_at)}</Table.Td>
      <Table.Td>{uploader || '—'}</Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('reports.download')}>
            <ActionIcon
              component="a"
              href={report.report_url}
              download={name}
              onClick={(event) => download(event, report.report_url, freshUrl, name)}
              variant="subtle"
              aria-label={t('reports.downloadLabel', { name })}
              data-testid="report-download"
            >
              <DownloadIcon size={16} />
            </ActionIcon>
          </Tooltip>
          {onShare && (
            <Tooltip label={ts('action.shareReport')}>
              <ActionIcon
                variant="subtle"
                onClick={() => onShare(report)}
                aria-label={ts('action.shareReportLabel', { name })}
                data-testid="report-share"
              >
                <ShareIcon size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip label={t('reports.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => onDelete(report)}
                aria-label={t('reports.deleteLabel', { name })}
                data-testid="report-delete"
              >
                <TrashIcon size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function ReportList({
  reports,
  onDelete,
  onShare,
}: {
  reports: readonly Report[];
  onDelete: (report: Report) => void;
  /** a manager's "Share" of a report revision (DECISIONS §17) */
  onShare?: (report: Report) => void;
}) {
  const { t } = useTranslation(TURBINE_NS);
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="report-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.columns.name')}</Table.Th>
            <Table.Th>{t('reports.columns.year')}</Table.Th>
            <Table.Th>{t('reports.columns.size')}</Table.Th>
            <Table.Th>{t('reports.columns.date')}</Table.Th>
            <Table.Th>{t('reports.columns.uploader')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('reports.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.map((report) => (
            <ReportRow key={report.id} report={report} onDelete={onDelete} onShare={onShare} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
