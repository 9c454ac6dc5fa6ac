import { Alert, Group, Loader, Table, Text } from '@mantine/core';
import { BLADES, type Blade, type Coverage, PHOTO_CATEGORIES, type PhotoCategory } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useCoverage } from './coverage.ts';
import classes from './uploads.module.css';
import { UPLOADS_NS } from './uploads-i18n.ts';

function Cell({ count }: { count: number }) {
  const { t } = useTranslation(UPLOADS_NS);
  if (count > 0)
    return (
      <Table.Td className={classes.covered} data-count={count}>
        {t('coverage.count', { count })}
      </Table.Td>
    );
  // empty: said in words and marked by a pattern, not by colour alone
  return (
    <Table.Td className={classes.empty} data-count={0} data-empty="true">
      {t('coverage.none')}
    </Table.Td>
  );
}

/** Blade × source and blade × room (360°) with their photo counts; empty cells say "None". */
export function CoverageTables({ coverage, testId }: { coverage: Coverage; testId: string }) {
  const { t } = useTranslation(UPLOADS_NS);
  const rooms = Array.from({ length: coverage.rooms }, (_, i) => i + 1);
  return (
    <div data-testid={testId}>
      <Text size="sm" fw={600} mb={6} data-testid={`${testId}-summary`}>
        {coverage.empty.length === 0 ? t('coverage.complete') : t('coverage.emptySummary', { count: coverage.empty.length })}
      </Text>
      <BladeTable
        caption={t('coverage.sourcesCaption', { year: coverage.year })}
        columns={PHOTO_CATEGORIES.map((category) => ({ key: category, label: t(`source.${category}`) }))}
        count={(blade, category) => coverage.sources[category as PhotoCategory][blade]}
      />
      {rooms.length > 0 && (
        <BladeTable
          caption={t('coverage.roomsCaption', { year: coverage.year })}
          columns={rooms.map((room) => ({ key: String(room), label: t('coverage.room', { room }) }))}
          count={(blade, room) => coverage.interior[blade][Number(room) - 1] ?? 0}
          mt="sm"
        />
      )}
    </div>
  );
}

/** One coverage table: a row per blade, a column per source or room, each cell its photo count. */
function BladeTable({
  caption,
  columns,
  count,
  mt,
}: {
  caption: string;
  columns: { key: string; label: string }[];
  count: (blade: Blade, column: string) => number;
  mt?: string;
}) {
  const { t } = useTranslation(UPLOADS_NS);
  return (
    // a table wider than the dialog scrolls: its viewport takes keyboard focus so the arrow keys can scroll it
    <Table.ScrollContainer
      minWidth={360}
      mt={mt}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}
    >
      <Table withTableBorder withColumnBorders className={classes.coverageTable}>
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('coverage.blade')}</Table.Th>
            {columns.map((column) => (
              <Table.Th scope="col" key={column.key}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {BLADES.map((blade) => (
            <Table.Tr key={blade}>
              <Table.Th scope="row">{t('coverage.bladeName', { blade })}</Table.Th>
              {columns.map((column) => (
                <Cell key={column.key} count={count(blade, column.key)} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Loads and shows a turbine's coverage for a year. */
export function CoverageMatrix({ turbineId, year, testId }: { turbineId: number; year: number; testId: string }) {
  const { t } = useTranslation(UPLOADS_NS);
  const query = useCoverage(turbineId, year);
  if (query.isPending)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('coverage.loading')}</Text>
      </Group>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light">
        {t('coverage.error')}
      </Alert>
    );
  return <CoverageTables coverage={query.data} testId={testId} />;
}
