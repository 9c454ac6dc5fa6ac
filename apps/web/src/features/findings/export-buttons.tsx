import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { downloadFindingsExport, type ExportFormat, type FindingsExportTarget } from '../../api/findings.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { DownloadIcon } from '../turbine/turbine-icons.tsx';
import { FINDINGS_NS } from './findings-i18n.ts';

const FORMATS = ['csv', 'xlsx'] as const satisfies readonly ExportFormat[];

/** One "Export" menu with two clearly named choices (issue 24 item 2): what the screen shows (the server applies the
 *  same filters and names them in the file) and every finding, each as CSV or XLSX. The button is busy while a file
 *  is made; a failure says why in a toast. */
export function FindingsExportMenu({
  shown,
  all,
  shownLabel,
  allLabel,
  testIdPrefix = 'findings-export',
}: {
  shown: FindingsExportTarget;
  all: FindingsExportTarget;
  /** e.g. "Shown findings (2)" */
  shownLabel: string;
  /** e.g. "All findings of this turbine (23)" */
  allLabel: string;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation(FINDINGS_NS);
  const [exporting, setExporting] = useState(false);
  const exportAs = async (target: FindingsExportTarget, fileFormat: ExportFormat) => {
    setExporting(true);
    try {
      await downloadFindingsExport(target, fileFormat);
    } catch (error) {
      toast.error(t('exportError'), isApiError(error) && error.status > 0 ? error.message : undefined);
    } finally {
      setExporting(false);
    }
  };
  const items = (which: 'shown' | 'all', target: FindingsExportTarget, label: string) =>
    FORMATS.map((fileFormat) => (
      <Menu.Item
        key={`${which}-${fileFormat}`}
        onClick={() => void exportAs(target, fileFormat)}
        data-testid={`${testIdPrefix}-${which}-${fileFormat}`}
      >
        {t('export.item', { what: label, format: fileFormat.toUpperCase() })}
      </Menu.Item>
    ));
  return (
    // no focus placeholder: a focusable role="presentation" div inside role="menu" is what axe calls a child not allowed
    <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default" size="xs" loading={exporting} leftSection={<DownloadIcon size={14} />} data-testid={testIdPrefix}>
          {t('export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid={`${testIdPrefix}-menu`}>
        {/* items that name what they export in full: a role="menu" holds menu items only (axe aria-required-children) */}
        {items('shown', shown, shownLabel)}
        {items('all', all, allLabel)}
      </Menu.Dropdown>
    </Menu>
  );
}
