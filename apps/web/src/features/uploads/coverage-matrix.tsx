import { Alert, Group, Loader, Table, Text } from '@mantine/core';
import { BLADES, type Coverage, PHOTO_CATEGORIES } from '@windscope/contract';
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
      <Table.ScrollContainer minWidth={360}>
        <Table withTableBorder withColumnBorders className={classes.coverageTable}>
          <caption className={classes.caption}>{t('coverage.sourcesCaption', { year: coverage.year })}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('coverage.blade')}</Table.Th>
              {PHOTO_CATEGORIES.map((category) => (
                <Table.Th scope="col" key={category}>
                  {t(`source.${category}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {BLADES.map((blade) => (
              <Table.Tr key={blade}>
                <Table.Th scope="row">{t('coverage.bladeName', { blade })}</Table.Th>
                {PHOTO_CATEGORIES.map((category) => (
                  <Cell key={category} count={coverage.sources[category][blade]} />
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rooms.length > 0 && (
        <Table.ScrollContainer minWidth={360} mt="sm">
          <Table withTableBorder withColumnBorders className={classes.coverageTable}>
            <caption className={classes.caption}>{t('coverage.roomsCaption', { year: coverage.year })}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('coverage.blade')}</Table.Th>
                {rooms.map((room) => (
                  <Table.Th scope="col" key={room}>
                    {t('coverage.room', { room })}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {BLADES.map((blade) => (
                <Table.Tr key={blade}>
                  <Table.Th scope="row">{t('coverage.bladeName', { blade })}</Table.Th>
                  {rooms.map((room) => (
                    <Cell key={room} count={coverage.interior[blade][room - 1] ?? 0} />
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
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
