import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { TURBINE_ASSET_LABELS } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/format.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import { ASSET_COLUMNS, type AssetColumn } from './turbine-columns.ts';

/** The list view's "Columns" button: a group of check boxes, one per asset column (issue 27 item 1). */
export function ColumnChooser({ chosen, onChange }: { chosen: readonly AssetColumn[]; onChange: (columns: string[]) => void }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { language } = useFormatters();
  return (
    <Popover position="bottom-end" shadow="md" radius="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" size="sm" data-testid="column-chooser">
          {chosen.length ? t('columns.buttonCount', { count: chosen.length }) : t('columns.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="column-chooser-dropdown">
        <Checkbox.Group label={t('columns.legend')} value={[...chosen]} onChange={onChange}>
          <Stack gap={8} mt="xs">
            {ASSET_COLUMNS.map((column) => (
              <Checkbox key={column} value={column} label={TURBINE_ASSET_LABELS[column][language]} data-testid={`column-${column}`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="xs" c="dimmed" mt="sm" maw={240}>
          {t('columns.remembered')}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
