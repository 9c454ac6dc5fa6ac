import { Alert, Group, Loader, Skeleton, Table, Text } from '@mantine/core';
import { BLADES, type Blade, type Coverage, PHOTO_CATEGORIES, type PhotoCategory } from '@windscope/contract';
import { Fragment, type ReactNode } from 'react';
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
        cell={(blade, category) => <Cell count={coverage.sources[category as PhotoCategory][blade]} />}
      />
      {rooms.length > 0 && (
        <BladeTable
          caption={t('coverage.roomsCaption', { year: coverage.year })}
          columns={rooms.map((room) => ({ key: String(room), label: t('coverage.room', { room }) }))}
          cell={(blade, room) => <Cell count={coverage.interior[blade][Number(room) - 1] ?? 0} />}
          mt="sm"
        />
      )}
    </div>
  );
}

/** The tables' shape while the counts load: the same rows and columns with grey bars in the cells, so that nothing
 *  below moves when the counts arrive (the section is ~530 px tall; a one-line loader in its place shifted the photo
 *  grid under the pointer). Hidden from assistive technology; the loader line above it says what is happening. */
function CoverageSkeleton({ rooms, year }: { rooms: number; year: number }) {
  const { t } = useTranslation(UPLOADS_NS);
  const bar = () => (
    <Table.Td>
      <Skeleton height={10} width="70%" />
    </Table.Td>
  );
  return (
    <div data-testid="coverage-loading">
      <Group gap="xs" mb={6}>
        <Loader size="xs" />
        <Text size="sm" fw={600}>
          {t('coverage.loading')}
        </Text>
      </Group>
      <div aria-hidden="true">
        <BladeTable
          caption={t('coverage.sourcesCaption', { year })}
          columns={PHOTO_CATEGORIES.map((category) => ({ key: category, label: t(`source.${category}`) }))}
          cell={bar}
          focusable={false}
        />
        {rooms > 0 && (
          <BladeTable
            caption={t('coverage.roomsCaption', { year })}
            columns={Array.from({ length: rooms }, (_, i) => ({ key: String(i + 1), label: t('coverage.room', { room: i + 1 }) }))}
            cell={bar}
            focusable={false}
            mt="sm"
          />
        )}
      </div>
    </div>
  );
}

/** One coverage table: a row per blade, a column per source or room, each cell what `cell` gives. */
function BladeTable({
  caption,
  columns,
  cell,
  mt,
  focusable = true,
}: {
  caption: string;
  columns: { key: string; label: string }[];
  cell: (blade: Blade, column: string) => ReactNode;
  mt?: string;
  /** false for the loading shape: no tab stop in a hidden table */
  focusable?: boolean;
}) {
  const { t } = useTranslation(UPLOADS_NS);
  return (
    // a table wider than the dialog scrolls: its viewport takes keyboard focus so the arrow keys can scroll it
    <Table.ScrollContainer
      minWidth={360}
      mt={mt}
      scrollAreaProps={{ viewportProps: focusable ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {} }}
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
                <Fragment key={column.key}>{cell(blade, column.key)}</Fragment>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Loads and shows a turbine's coverage for a year. With the turbine's room count known, the loading state takes the
 *  tables' own shape. */
export function CoverageMatrix({ turbineId, year, testId, rooms }: { turbineId: number; year: number; testId: string; rooms?: number }) {
  const { t } = useTranslation(UPLOADS_NS);
  const query = useCoverage(turbineId, year);
  if (query.isPending) {
    if (rooms !== undefined) return <CoverageSkeleton rooms={rooms} year={year} />;
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('coverage.loading')}</Text>
      </Group>
    );
  }
  if (query.isError)
    return (
      <Alert color="red" variant="light">
        {t('coverage.error')}
      </Alert>
    );
  return <CoverageTables coverage={query.data} testId={testId} />;
}
