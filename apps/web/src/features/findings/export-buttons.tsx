import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { downloadFindingsExport, type ExportFormat } from '../../api/findings.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { FINDINGS_NS } from './findings-i18n.ts';

/** "CSV" and "XLSX" downloads of the findings of one turbine, or of every turbine the user sees (`'all'`), each busy while
 *  its file is made; a failure says why in a toast. */
export function FindingsExportButtons({
  turbineId,
  testIdPrefix = 'findings-export',
}: {
  turbineId: number | 'all';
  testIdPrefix?: string;
}) {
  const { t } = useTranslation(FINDINGS_NS);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const exportAs = async (fileFormat: ExportFormat) => {
    setExporting(fileFormat);
    try {
      await downloadFindingsExport(turbineId, fileFormat);
    } catch (error) {
      toast.error(t('exportError'), isApiError(error) && error.status > 0 ? error.message : undefined);
    } finally {
      setExporting(null);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {(['csv', 'xlsx'] as const).map((fileFormat) => (
        <Button
          key={fileFormat}
          variant="default"
          size="xs"
          loading={exporting === fileFormat}
          onClick={() => void exportAs(fileFormat)}
          data-testid={`${testIdPrefix}-${fileFormat}`}
        >
          {t(fileFormat === 'csv' ? 'exportCsv' : 'exportXlsx')}
        </Button>
      ))}
    </Group>
  );
}
