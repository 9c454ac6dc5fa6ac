import { Stack } from '@mantine/core';
import type { Photo, Turbine } from '@windscope/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { FindingsSection } from '../findings/findings-section.tsx';
import { CoverageSection } from '../uploads/coverage-section.tsx';
import { ShareLinksSection } from '../share-links/share-links-section.tsx';
import { useCan } from '../auth/use-auth.ts';
import { useAllPhotos } from './api/turbine-api.ts';
import { BladeSection } from './blades/blade-section.tsx';
import { TurbineCard } from './card/turbine-card.tsx';
import { CategorySection } from './categories/category-section.tsx';
import { GalleryOnlyCards } from './categories/gallery-only-cards.tsx';
import { CompareDialog } from './compare/compare-dialog.tsx';
import { toggleCompare } from './compare/compare-selection.ts';
import { usePhotoDelete } from './dialogs/use-photo-delete.tsx';
import { ErrorBanner } from './error-banner.tsx';
import { AllPhotosSection } from './gallery/all-photos-section.tsx';
import { filterPhotos, NO_FILTERS, type PhotoFilters, photoYears } from './gallery/photo-filters.ts';
import { usePhotoSort } from './gallery/photo-sort.ts';
import { sortPhotos } from '../viewer-common/photo-order.ts';
import { type LoadError, ReportsSection } from './reports/reports-section.tsx';
import { TURBINE_NS } from './turbine-i18n.ts';
import { indexAfterRemoval } from './viewer/viewer-index.ts';
import { PhotoViewer } from './viewer/photo-viewer.tsx';

const NO_PHOTOS: Photo[] = [];

/** Everything under the header once the turbine is loaded (spec §2, sections 1-10). */
export function TurbineDetail({ turbine }: { turbine: Turbine }) {
  const { t } = useTranslation(TURBINE_NS);
  const queryClient = useQueryClient();
  const turbineId = turbine.id;
  const photosQuery = useAllPhotos(turbineId);
  const photos = photosQuery.data ?? NO_PHOTOS;
  // customers and viewers cannot upload: they get the gallery-only layout (spec §2 item 6)
  const galleryOnly = !useCan('photo.upload');
  // share links (DECISIONS §17): managers of the turbine's company and the superadmin
  const canShare = useCan('shareLink.manage', { companyId: turbine.company_id });
  const roomWord = t('blades.roomWord');

  const existingNames = useMemo(() => new Set(photos.map((p) => p.originalName.toLowerCase())), [photos]);
  const [filters, setFilters] = useState<PhotoFilters>(NO_FILTERS);
  // the order is kept in the URL (?photoSort=&photoDir=); the viewer steps through the list in the order shown
  const [sort, setSort] = usePhotoSort();
  const visible = useMemo(() => sortPhotos(filterPhotos(photos, filters, roomWord), sort), [photos, filters, roomWord, sort]);
  const years = useMemo(() => photoYears(photos), [photos]);

  // comparison ticks survive filtering; a deleted photo drops out
  const [selected, setSelected] = useState<number[]>([]);
  const [compareOpen, setCompareOpen] = useState(false);
  useEffect(() => {
    const ids = new Set(photos.map((p) => p.id));
    setSelected((current) => (current.every((id) => ids.has(id)) ? current : current.filter((id) => ids.has(id))));
  }, [photos]);
  const comparePhotos = useMemo(
    () => selected.map((id) => photos.find((p) => p.id === id)).filter((p) => p !== undefined),
    [selected, photos],
  );
  useEffect(() => {
    if (compareOpen && comparePhotos.length !== 2) setCompareOpen(false);
  }, [compareOpen, comparePhotos.length]);

  // the viewer follows a photo; when it disappears (deleted) the index is clamped, or the viewer closes
  const [viewer, setViewer] = useState<{ id: number; index: number } | null>(null);
  const viewerIndex = viewer ? visible.findIndex((p) => p.id === viewer.id) : -1;
  useEffect(() => {
    if (!viewer || viewerIndex !== -1) return;
    const next = indexAfterRemoval(viewer.index, visible.length);
    const photo = next === null ? undefined : visible[next];
    setViewer(photo && next !== null ? { id: photo.id, index: next } : null);
  }, [viewer, viewerIndex, visible]);
  const openViewer = useCallback(
    (index: number) => {
      const photo = visible[index];
      if (photo) setViewer({ id: photo.id, index });
    },
    [visible],
  );
  const closeViewer = useCallback(() => setViewer(null), []);

  const toggleSelect = useCallback((id: number) => setSelected((current) => toggleCompare(current, id)), []);
  const deletion = usePhotoDelete(turbineId, (photo) => setSelected((current) => current.filter((id) => id !== photo.id)));

  const [clearing, setClearing] = useState(false);
  const clearCache = async () => {
    setClearing(true);
    try {
      await Promise.all([
        queryClient.resetQueries({ queryKey: queryKeys.photos.ofTurbine(turbineId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.turbines.detail(turbineId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.reports.ofTurbine(turbineId).slice(0, 2) }),
      ]);
      toast.info(t('gallery.cacheClearedTitle'), t('gallery.cacheClearedMessage'));
    } finally {
      setClearing(false);
    }
  };

  // the banner: list load failures, dismissible until the next different failure
  const [reportError, setReportError] = useState<LoadError | null>(null);
  const bannerMessages = [photosQuery.error ? t('gallery.loadError') : null, reportError?.message ?? null].filter(
    (m): m is string => m !== null,
  );
  // a dismissal holds for these failures; a later failure (another time stamp) shows the banner again
  const bannerKey = `${photosQuery.error ? photosQuery.errorUpdatedAt : 0}|${reportError?.at ?? 0}`;
  const [dismissed, setDismissed] = useState('');
  const retry = () => {
    void photosQuery.refetch();
    void queryClient.invalidateQueries({ queryKey: queryKeys.reports.ofTurbine(turbineId).slice(0, 2) });
  };

  return (
    <Stack gap="lg">
      <ErrorBanner messages={bannerKey === dismissed ? [] : bannerMessages} onDismiss={() => setDismissed(bannerKey)} onRetry={retry} />
      <TurbineCard turbine={turbine} />
      {galleryOnly ? (
        <GalleryOnlyCards turbineId={turbineId} photos={photos} />
      ) : (
        <>
          <BladeSection turbineId={turbineId} rooms={turbine.rooms} photos={photos} existingNames={existingNames} />
          <CategorySection turbineId={turbineId} photos={photos} existingNames={existingNames} />
        </>
      )}
      <CoverageSection turbineId={turbineId} rooms={turbine.rooms} />
      <AllPhotosSection
        visible={visible}
        years={years}
        filters={filters}
        onFiltersChange={setFilters}
        sort={sort}
        onSortChange={setSort}
        loading={photosQuery.isPending}
        selected={selected}
        onToggleSelect={toggleSelect}
        onClearSelection={() => setSelected([])}
        onCompare={() => setCompareOpen(true)}
        onOpen={openViewer}
        onDelete={deletion.request}
        onClearCache={() => void clearCache()}
        clearingCache={clearing}
      />
      <FindingsSection turbineId={turbineId} />
      <ReportsSection turbineId={turbineId} companyId={turbine.company_id} onLoadError={setReportError} />
      {canShare && <ShareLinksSection turbineId={turbineId} />}
      <PhotoViewer
        turbineId={turbineId}
        turbineCoordinates={turbine.coordinates}
        photos={visible}
        index={viewerIndex === -1 ? null : viewerIndex}
        onIndexChange={openViewer}
        onClose={closeViewer}
        onDelete={deletion.request}
        keyboard={!deletion.open}
      />
      <CompareDialog photos={comparePhotos} opened={compareOpen} onClose={() => setCompareOpen(false)} />
      {deletion.dialog}
    </Stack>
  );
}
