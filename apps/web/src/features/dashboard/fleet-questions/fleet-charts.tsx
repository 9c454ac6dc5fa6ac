import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Button, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type Turbine, turbineFilterQueryOf } from '@windscope/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDistanceBands } from '../../../api/fleet-findings.ts';
import { useFormatters } from '../../../i18n/format.ts';
import { LoadErrorBanner } from '../../management/load-error-banner.tsx';
import type { TurbineFilters } from '../filters/turbine-filters.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import { FLEET_FIELDS, type FleetField, openFindingsBy } from './fleet-breakdown.ts';
import { fleetFindingsHref } from './fleet-links.ts';
import classes from './fleet-charts.module.css';

/** Bars drawn per field chart; the table beside it lists every value. */
const MOST_BARS = 12;

/** A bar of a chart and the row of its table: its name, count and the fleet findings list it opens (none: no link). */
interface Bar {
  label: string;
  /** a model / blade type chart's value; null: the turbines without one */
  value?: string | null;
  open: number;
  turbines?: number;
  href: string | null;
}

export interface FleetChartsProps {
  turbines: readonly Turbine[];
  filters: TurbineFilters;
  companyId: number | null;
}

/** The dashboard's "fleet questions" view (issue 27 item 3, view=charts): open findings of the listed turbines by model,
 *  by blade type and by distance from the root, each bar (and each row of the chart's table) opening the fleet findings
 *  list with the dashboard's filters and the bar's value. Its own chunk (recharts): loaded only with this view. */
export default function FleetCharts({ turbines, filters, companyId }: FleetChartsProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const query = useMemo(() => turbineFilterQueryOf(filters, companyId), [filters, companyId]);
  const bands = useDistanceBands(query);
  const distanceBars = useMemo<Bar[] | undefined>(
    () =>
      bands.data?.bands.map((band) => ({
        label: `${band.from}–${band.to}`,
        open: band.count,
        href: band.count > 0 ? fleetFindingsHref(filters, companyId, { band }) : null,
      })),
    [bands.data, filters, companyId],
  );
  return (
    <Stack gap="md" data-testid="fleet-charts">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {FLEET_FIELDS.map((field) => (
          <FieldChart key={field.key} field={field} turbines={turbines} filters={filters} companyId={companyId} />
        ))}
      </SimpleGrid>
      {bands.isError ? (
        <LoadErrorBanner
          title={t('fleet.distance.loadError')}
          error={bands.error}
          onRetry={() => void bands.refetch()}
          retrying={bands.isFetching}
          testId="fleet-distance-error"
        />
      ) : distanceBars ? (
        <ChartCard
          testId="fleet-chart-distance"
          title={t('fleet.distance.title')}
          description={
            bands.data?.without_distance
              ? t('fleet.distance.withoutDistance', { count: bands.data.without_distance })
              : t('fleet.distance.description')
          }
          categoryHeading={t('fleet.distance.band')}
          bars={distanceBars}
          orientation="horizontal"
          empty={t('fleet.distance.empty')}
        />
      ) : (
        <Skeleton height={320} radius="lg" />
      )}
    </Stack>
  );
}

function FieldChart({ field, turbines, filters, companyId }: { field: FleetField } & FleetChartsProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const bars = useMemo<Bar[]>(
    () =>
      openFindingsBy(turbines, field).map((group) => ({
        label: group.value ?? t(`fleet.${field.key}.none`),
        open: group.open,
        turbines: group.turbines,
        value: group.value,
        href:
          group.value === null
            ? fleetFindingsHref(filters, companyId, { missing: field.key })
            : fleetFindingsHref({ ...filters, [field.filter]: group.value }, companyId),
      })),
    [turbines, field, filters, companyId, t],
  );
  // only turbines without a value: no chart, the message saying how to add one
  const known = bars.some((bar) => bar.value !== null);
  return (
    <ChartCard
      testId={`fleet-chart-${field.key}`}
      title={t(`fleet.${field.key}.title`)}
      description={t('fleet.fieldDescription', { count: turbines.length })}
      categoryHeading={t(`fleet.${field.key}.heading`)}
      bars={known ? bars : []}
      orientation="vertical"
      empty={t(`fleet.${field.key}.empty`)}
    />
  );
}

interface ChartCardProps {
  testId: string;
  title: string;
  description: string;
  categoryHeading: string;
  bars: Bar[];
  /** vertical: a bar per row (names of any length); horizontal: the distance axis left to right */
  orientation: 'vertical' | 'horizontal';
  empty: string;
}

/** One chart with its text alternative: the same numbers as a table of links, shown on demand. */
function ChartCard({ testId, title, description, categoryHeading, bars, orientation, empty }: ChartCardProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const format = useFormatters();
  const navigate = useNavigate();
  const [tableShown, setTableShown] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const drawn = orientation === 'vertical' ? bars.slice(0, MOST_BARS) : bars;
  const hidden = bars.length - drawn.length;
  const total = bars.reduce((sum, bar) => sum + bar.open, 0);
  const height = orientation === 'vertical' ? 48 + drawn.length * 34 : 300;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {bars.length === 0 || total === 0 ? (
          <Text size="sm" data-testid={`${testId}-empty`}>
            {bars.length === 0 ? empty : t('fleet.noOpen')}
          </Text>
        ) : (
          <>
            <div role="img" aria-label={t('fleet.chartLabel', { title, count: total })} className={classes.chart}>
              <BarChart
                h={height}
                data={drawn}
                dataKey="label"
                orientation={orientation}
                series={[{ name: 'open', label: t('fleet.openFindings'), color: 'var(--ws-fleet-bar)' }]}
                valueFormatter={(value) => format.number(value)}
                withBarValueLabel
                gridAxis={orientation === 'vertical' ? 'y' : 'x'}
                textColor="var(--ws-fleet-text)"
                yAxisProps={orientation === 'vertical' ? { width: 130, interval: 0 } : { allowDecimals: false, width: 40 }}
                xAxisProps={orientation === 'vertical' ? { allowDecimals: false } : { interval: 0 }}
                xAxisLabel={orientation === 'horizontal' ? t('fleet.distance.axis') : undefined}
                maxBarWidth={orientation === 'vertical' ? 24 : 48}
                barProps={{
                  cursor: 'pointer',
                  onClick: (entry: { payload?: Bar }) => {
                    if (entry.payload?.href) navigate(entry.payload.href);
                  },
                }}
              />
            </div>
            {hidden > 0 && (
              <Text size="sm" c="dimmed">
                {t('fleet.moreInTable', { count: hidden })}
              </Text>
            )}
          </>
        )}
        {bars.length > 0 && total > 0 && (
          <div>
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={tableShown}
              aria-controls={tableId}
              onClick={() => setTableShown((shown) => !shown)}
              data-testid={`${testId}-table-toggle`}
            >
              {tableShown ? t('fleet.hideTable') : t('fleet.showTable')}
            </Button>
            {tableShown && (
              <Table id={tableId} mt="xs" striped withTableBorder data-testid={`${testId}-table`}>
                <Table.Caption>{title}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{categoryHeading}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('fleet.openFindings')}
                    </Table.Th>
                    {bars[0]?.turbines !== undefined && (
                      <Table.Th scope="col" ta="right">
                        {t('fleet.turbines')}
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {bars.map((bar) => (
                    <Table.Tr key={bar.label}>
                      <Table.Th scope="row" fw={400}>
                        {bar.href ? (
                          <Anchor component={Link} to={bar.href}>
                            {bar.label}
                          </Anchor>
                        ) : (
                          bar.label
                        )}
                      </Table.Th>
                      <Table.Td ta="right">{format.number(bar.open)}</Table.Td>
                      {bar.turbines !== undefined && <Table.Td ta="right">{format.number(bar.turbines)}</Table.Td>}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </div>
        )}
      </Stack>
    </Paper>
  );
}
