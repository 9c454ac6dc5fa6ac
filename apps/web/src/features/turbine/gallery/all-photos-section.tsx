import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { COMPARE_LIMIT, type Photo } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { canCompare } from '../compare/compare-selection.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { BroomIcon, CompareIcon, PhotoIcon } from '../turbine-icons.tsx';
import classes from './gallery.module.css';
import { hasActiveFilters, type PhotoFilters } from './photo-filters.ts';
import { PhotoFiltersBar } from './photo-filters-bar.tsx';
import { PhotoGrid } from './photo-grid.tsx';
import { PageSection } from '../../../ui/page-section.tsx';
import type { PhotoSort } from '../../viewer-common/photo-order.ts';

export interface AllPhotosSectionProps {
  visible: readonly Photo[];
  years: readonly number[];
  filters: PhotoFilters;
  onFiltersChange: (filters: PhotoFilters) => void;
  sort: PhotoSort;
  onSortChange: (sort: PhotoSort) => void;
  loading: boolean;
  selected: readonly number[];
  onToggleSelect: (id: number) => void;
  onClearSelection: () => void;
  onCompare: () => void;
  onOpen: (index: number) => void;
  onDelete: (photo: Photo) => void;
  onClearCache: () => void;
  clearingCache: boolean;
}

/** Spec §2 item 7: every photo of the turbine with year, type and text filters, the order (issue 24 item 22), the
 *  "N fotoğraf" count, comparison ticks and the cache-clear action. */
export function AllPhotosSection(props: AllPhotosSectionProps) {
  const { t } = useTranslation(TURBINE_NS);
  const { visible, filters, selected } = props;
  return (
    <PageSection
      titleId="all-photos-title"
      title={t('gallery.title')}
      subtitle={t('gallery.subtitle')}
      testId="all-photos"
      actions={
        <Group gap="sm">
          <Badge size="lg" variant="light" tt="none" data-testid="photo-count">
            {t('gallery.count', { count: visible.length })}
          </Badge>
          <Button
            variant="default"
            size="xs"
            leftSection={<BroomIcon size={14} />}
            onClick={props.onClearCache}
            loading={props.clearingCache}
            data-testid="clear-cache"
          >
            {t('gallery.clearCache')}
          </Button>
        </Group>
      }
    >
      <PhotoFiltersBar
        filters={filters}
        years={props.years}
        onChange={props.onFiltersChange}
        sort={props.sort}
        onSortChange={props.onSortChange}
      />
      <Group className={classes.compareBar} justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('gallery.compareHint', { count: selected.length, limit: COMPARE_LIMIT })}
        </Text>
        <Group gap="xs">
          {selected.length > 0 && (
            <Button variant="subtle" size="xs" onClick={props.onClearSelection}>
              {t('gallery.clearSelection')}
            </Button>
          )}
          <Button
            size="xs"
            leftSection={<CompareIcon size={14} />}
            disabled={!canCompare(selected)}
            onClick={props.onCompare}
            data-testid="compare-button"
          >
            {t('gallery.compare')}
          </Button>
        </Group>
      </Group>
      {props.loading ? (
        <Group gap="sm" grow>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={190} radius="md" />
          ))}
        </Group>
      ) : visible.length === 0 ? (
        <Stack align="center" gap={6} className={classes.empty} data-testid="photos-empty">
          <PhotoIcon size={32} />
          <Text fw={700}>{t('gallery.emptyTitle')}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {hasActiveFilters(filters) ? t('gallery.emptySearch') : t('gallery.emptyNone')}
          </Text>
        </Stack>
      ) : (
        <PhotoGrid
          photos={visible}
          selected={selected}
          onOpen={props.onOpen}
          onToggleSelect={props.onToggleSelect}
          onDelete={props.onDelete}
        />
      )}
    </PageSection>
  );
}
