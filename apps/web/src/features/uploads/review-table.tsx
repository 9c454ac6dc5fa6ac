import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { BLADES, type Blade, PHOTO_CATEGORIES, roomChoices, UPLOAD_ROOM_CHOICES, yearChoices } from '@windscope/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { uploadManager } from './manager-instance.ts';
import { takenYearOffers } from './placement.ts';
import type { Origin, PhotoSource, QueueItem } from './queue.ts';
import { FileName } from '../../ui/file-name.tsx';
import classes from './uploads.module.css';
import { UPLOADS_NS } from './uploads-i18n.ts';

/** a row's height: two lines (name and size; value and where it came from) and 4 px padding */
const ROW_HEIGHT = 46;

const ORIGIN_KEY = { photo: 'review.fromPhoto', name: 'review.fromName', default: 'review.fromDefault', user: 'review.fromUser' } as const;

export function sourceValue(source: PhotoSource): string {
  return source.kind === 'room' ? `room:${source.room}` : source.category;
}

function sourceFrom(value: string): PhotoSource {
  if (value.startsWith('room:')) return { kind: 'room', room: Number(value.slice(5)) };
  return { kind: 'category', category: value as (typeof PHOTO_CATEGORIES)[number] };
}

function OriginNote({ origin }: { origin: Origin }) {
  const { t } = useTranslation(UPLOADS_NS);
  return (
    <span className={`${classes.origin} ${origin === 'photo' || origin === 'name' ? classes.originPhoto : ''}`} data-origin={origin}>
      {t(ORIGIN_KEY[origin])}
    </span>
  );
}

/** A turbine's chosen photos before they are sent: suggested year, blade and source per photo (and where each came
 *  from), bulk correction of the selected rows, then Start. */
export function ReviewTable({ turbineId, items }: { turbineId: number; items: readonly QueueItem[] }) {
  const { t } = useTranslation(UPLOADS_NS);
  const { fileSize, dateTime } = useFormatters();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [year, setYear] = useState<string | null>(null);
  const [blade, setBlade] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const name = items[0]?.turbineName ?? '';
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const chosen = ids.filter((id) => selected.has(id));
  const all = chosen.length === ids.length && ids.length > 0;

  // only the rows near the visible part of the table exist in the DOM: a card of 1,000 photos costs a screenful
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => items[index]?.id ?? index,
    overscan: 6,
    initialRect: { width: 900, height: 360 },
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows[0]?.start ?? 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - (rows[rows.length - 1]?.end ?? 0) : 0;

  // the turbine's rooms only (issue 24 item 17): the server refuses a room beyond them
  const rooms = items[0]?.turbineRooms ?? UPLOAD_ROOM_CHOICES;
  const sourceOptions = useMemo(
    () => [
      ...PHOTO_CATEGORIES.map((category) => ({ value: category, label: t(`source.${category}`) })),
      ...roomChoices(rooms).map((room) => ({ value: `room:${room}`, label: t('source.room', { room }) })),
    ],
    [t, rooms],
  );
  // photos taken in another year than the chosen one: their year is offered, never taken by itself (issue 24 item 14)
  const offers = useMemo(() => takenYearOffers(items), [items]);
  const sourceLabel = (value: PhotoSource) =>
    value.kind === 'room' ? t('source.room', { room: value.room }) : t(`source.${value.category}`);

  const apply = () => {
    uploadManager.setPlacement(chosen, {
      ...(year ? { year: Number(year) } : {}),
      ...(blade ? { blade: blade as Blade } : {}),
      ...(source ? { source: sourceFrom(source) } : {}),
    });
    setYear(null);
    setBlade(null);
    setSource(null);
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`review-${turbineId}`} data-testid={`review-${turbineId}`}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={`review-${turbineId}`}>
          {t('review.title', { name, count: items.length })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('review.intro')}
        </Text>
        {offers.ids.length > 0 && (
          <Alert color="yellow" variant="light" p="xs" data-testid="review-taken-years">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">{t('review.takenElsewhere', { count: offers.ids.length, years: offers.years.join(', ') })}</Text>
              <Button
                size="xs"
                variant="light"
                color="yellow"
                onClick={() => uploadManager.acceptTakenYears(offers.ids)}
                data-testid="review-use-taken-all"
              >
                {t('review.useTakenAll', { count: offers.ids.length })}
              </Button>
            </Group>
          </Alert>
        )}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            size="xs"
            w={110}
            label={t('review.bulkYear')}
            data={yearChoices().map(String)}
            value={year}
            onChange={setYear}
            disabled={chosen.length === 0}
            data-testid="bulk-year"
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            size="xs"
            w={110}
            label={t('review.bulkBlade')}
            data={BLADES.map((b) => ({ value: b, label: b }))}
            value={blade}
            onChange={setBlade}
            disabled={chosen.length === 0}
            data-testid="bulk-blade"
          />
          <Select
            size="xs"
            w={170}
            label={t('review.bulkSource')}
            data={sourceOptions}
            value={source}
            onChange={setSource}
            disabled={chosen.length === 0}
            data-testid="bulk-source"
          />
          <Button
            size="xs"
            variant="light"
            onClick={apply}
            disabled={chosen.length === 0 || (!year && !blade && !source)}
            data-testid="bulk-apply"
          >
            {t('review.apply')}
          </Button>
          <Text size="xs" c="dimmed" aria-live="polite">
            {chosen.length > 0 ? t('review.bulkTitle', { count: chosen.length }) : t('review.bulkNone')}
          </Text>
        </Group>
        <div ref={scrollRef} className={classes.reviewScroller} data-testid="review-scroller" data-count={items.length}>
          <Table stickyHeader highlightOnHover verticalSpacing={4} fz="sm" miw={560} aria-rowcount={items.length + 1}>
            <Table.Thead>
              <Table.Tr aria-rowindex={1}>
                <Table.Th w={36}>
                  <Checkbox
                    size="xs"
                    aria-label={t('review.selectAll')}
                    checked={all}
                    indeterminate={chosen.length > 0 && !all}
                    onChange={() => setSelected(all ? new Set() : new Set(ids))}
                  />
                </Table.Th>
                <Table.Th>{t('review.name')}</Table.Th>
                <Table.Th>{t('review.taken')}</Table.Th>
                <Table.Th>{t('review.year')}</Table.Th>
                <Table.Th>{t('review.blade')}</Table.Th>
                <Table.Th>{t('review.source')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {before > 0 && <tr style={{ height: before }} />}
              {rows.map((row) => {
                const item = items[row.index] as QueueItem;
                return (
                  <Table.Tr
                    key={item.id}
                    h={ROW_HEIGHT}
                    aria-rowindex={row.index + 2}
                    className={row.index % 2 === 0 ? classes.stripedRow : undefined}
                    data-testid="review-row"
                    data-name={item.name}
                  >
                    <Table.Td>
                      <Checkbox
                        size="xs"
                        aria-label={t('review.selectRow', { name: item.name })}
                        checked={selected.has(item.id)}
                        onChange={() => toggle(item.id)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" component="div">
                        <FileName name={item.name} className={classes.fileName} />
                      </Text>
                      <Text size="xs" c="dimmed">
                        {fileSize(item.size)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{item.capturedAt ? dateTime(item.capturedAt) : t('review.unknownTime')}</Text>
                    </Table.Td>
                    <Table.Td data-testid="review-year" data-year={item.placement.year}>
                      {item.placement.year}
                      {item.takenYear && item.takenYear.year !== item.placement.year ? (
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="yellow"
                          className={classes.takenYear}
                          aria-label={t('review.useTakenLabel', {
                            name: item.name,
                            year: item.takenYear.year,
                            chosen: item.placement.year,
                          })}
                          onClick={() => uploadManager.acceptTakenYears([item.id])}
                          data-testid="review-use-taken"
                        >
                          {t('review.useTaken', { year: item.takenYear.year })}
                        </Button>
                      ) : (
                        <OriginNote origin={item.origins.year} />
                      )}
                    </Table.Td>
                    <Table.Td data-testid="review-blade">
                      {item.placement.blade}
                      <OriginNote origin={item.origins.blade} />
                    </Table.Td>
                    <Table.Td data-testid="review-source" data-value={sourceValue(item.placement.source)}>
                      {sourceLabel(item.placement.source)}
                      <OriginNote origin={item.origins.source} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {after > 0 && <tr style={{ height: after }} />}
            </Table.Tbody>
          </Table>
        </div>
        <Group justify="space-between">
          <Button
            variant="subtle"
            color="red"
            size="xs"
            disabled={chosen.length === 0}
            onClick={() => {
              uploadManager.remove(chosen);
              setSelected(new Set());
            }}
          >
            {t('review.remove')}
          </Button>
          <Button onClick={() => uploadManager.start(ids)} data-testid={`review-start-${turbineId}`}>
            {t('review.start', { count: items.length })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
