import { Button, Menu } from '@mantine/core';
import type { TurbineFilterQuery } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { downloadTurbinesExport, type SheetFormat } from '../../api/turbine-sheet.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { useCan } from '../auth/use-auth.ts';
import { DASHBOARD_NS } from '../dashboard/i18n.ts';
import { DownloadIcon } from '../turbine/turbine-icons.tsx';
import { TurbineImportDialog } from './turbine-import-dialog.tsx';

/** "Turbine list": the listed turbines with their asset data as CSV or XLSX, and (for who may add turbines) their import. */
export function TurbineSheetMenu({ filters }: { filters: Partial<TurbineFilterQuery> }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const canImport = useCan('turbine.create');
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const exportAs = async (format: SheetFormat) => {
    setExporting(true);
    try {
      await downloadTurbinesExport(filters, format);
    } catch (error) {
      toast.error(t('import.exportFailed'), isApiError(error) && error.status > 0 ? error.message : undefined);
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button variant="default" loading={exporting} leftSection={<DownloadIcon size={14} />} data-testid="turbine-sheet">
            {t('import.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="turbine-sheet-menu">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Menu.Item key={format} onClick={() => void exportAs(format)} data-testid={`turbine-export-${format}`}>
              {t('import.exportItem', { format: format.toUpperCase() })}
            </Menu.Item>
          ))}
          {canImport && (
            <Menu.Item onClick={() => setImporting(true)} data-testid="turbine-import-open">
              {t('import.open')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {canImport && <TurbineImportDialog opened={importing} onClose={() => setImporting(false)} />}
    </>
  );
}
