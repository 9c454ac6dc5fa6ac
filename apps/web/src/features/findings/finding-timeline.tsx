import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import { LineChart } from '@mantine/charts';
import { Group, Image, Loader, ScrollArea, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { type FindingDetail, findingGrowth } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { FINDINGS_NS } from './findings-i18n.ts';
import { perYear } from './timeline-data.ts';

/** Crops are drawn at one scale: the same factor of their own pixels for all (the smallest that fits the tallest crop in
 *  CROP_HEIGHT), so a damage that grew looks bigger, as long as the photos were taken alike. */
const CROP_HEIGHT = 140;

/** A finding's story: its crops in year order at one scale, severity and length per year (Mantine's charts),
 *  growth in mm per year (the contract's findingGrowth), first and last seen. Loaded on demand (recharts). */
export function FindingTimeline({ finding }: { finding: FindingDetail }) {
  const { t } = useTranslation(FINDINGS_NS);
  const format = useFormatters();
  const sightings = finding.observations
    .filter((o) => o.kind === 'sighting')
    .sort((a, b) => a.year - b.year || a.created_at.localeCompare(b.created_at) || a.id - b.id);
  const [sizes, setSizes] = useState<Record<number, { w: number; h: number }>>({});
  const known = Object.values(sizes);
  const scale = known.length ? Math.min(1, ...known.map((s) => CROP_HEIGHT / s.h)) : 0;
  const growth = findingGrowth(finding.observations);
  const data = perYear(finding.observations).map((p) => ({
    year: String(p.year),
    severity: p.severity,
    ...(p.length === null ? {} : { length: p.length }),
  }));
  const hasLength = data.some((d) => 'length' in d);
  return (
    <Stack gap="sm" data-testid="finding-timeline">
      <SimpleGrid cols={2} spacing="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t('timeline.firstSeen')}
          </Text>
          <Text size="sm" fw={700} data-testid="timeline-first-seen">
            {finding.first_seen_year}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('timeline.lastSeen')}
          </Text>
          <Text size="sm" fw={700} data-testid="timeline-last-seen">
            {finding.last_seen_year}
          </Text>
        </div>
      </SimpleGrid>
      <Text size="sm" data-testid="timeline-growth">
        {growth === null
          ? t('timeline.noSize')
          : growth.mm_per_year === null
            ? t('timeline.oneYear', { length: format.number(growth.last_length_mm), year: growth.last_year })
            : t('timeline.growth', {
                rate: `${growth.mm_per_year > 0 ? '+' : ''}${format.number(Math.round(growth.mm_per_year * 10) / 10)}`,
                from: format.number(growth.first_length_mm),
                to: format.number(growth.last_length_mm),
                first: growth.first_year,
                last: growth.last_year,
              })}
      </Text>
      {sightings.some((o) => o.crop_url) && known.length === 0 && <Loader size="xs" aria-label={t('timeline.loadingCrops')} />}
      <ScrollArea type="auto" offsetScrollbars>
        <Group gap="sm" wrap="nowrap" align="flex-end" data-testid="timeline-crops">
          {sightings.map((o) => {
            const size = sizes[o.id];
            return (
              <Stack key={o.id} gap={2} align="center" data-testid="timeline-crop" data-year={o.year}>
                {o.crop_url ? (
                  <UnstyledButton
                    component="a"
                    href={o.crop_url}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={t('timeline.openCrop', { year: o.year })}
                  >
                    <Image
                      src={o.crop_url}
                      alt={t('detail.cropAlt', { name: o.photo.original_name, year: o.year })}
                      radius="sm"
                      w={size && scale ? Math.round(size.w * scale) : undefined}
                      h={size && scale ? Math.round(size.h * scale) : CROP_HEIGHT}
                      fit="contain"
                      onLoad={(e) => {
                        const img = e.currentTarget;
                        setSizes((s) => (s[o.id] ? s : { ...s, [o.id]: { w: img.naturalWidth, h: img.naturalHeight } }));
                      }}
                    />
                  </UnstyledButton>
                ) : (
                  <Text size="xs" c="dimmed" w={100}>
                    {t('detail.noCrop')}
                  </Text>
                )}
                <Text size="xs" fw={700}>
                  {o.year}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('timeline.cropCaption', { severity: o.severity, length: o.length_mm == null ? '—' : format.number(o.length_mm) })}
                </Text>
              </Stack>
            );
          })}
        </Group>
      </ScrollArea>
      <div role="img" aria-label={t('timeline.chartLabel')} data-testid="timeline-chart">
        <LineChart
          h={180}
          data={data}
          dataKey="year"
          withLegend
          withRightYAxis={hasLength}
          yAxisProps={{ domain: [0, 5], ticks: [1, 2, 3, 4, 5], allowDecimals: false, width: 30 }}
          rightYAxisProps={{ width: 50 }}
          rightYAxisLabel={hasLength ? t('timeline.lengthAxis') : undefined}
          series={[
            { name: 'severity', label: t('timeline.severity'), color: 'red.7' },
            ...(hasLength ? [{ name: 'length', label: t('timeline.length'), color: 'blue.7', yAxisId: 'right' }] : []),
          ]}
          connectNulls
          curveType="linear"
        />
      </div>
    </Stack>
  );
}
