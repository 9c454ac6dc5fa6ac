import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import { Button, Center, Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { BLADES, COMPARE_LIMIT, type Photo, type PhotoCategory, type Turbine, turbineDisplayName } from '@windscope/contract';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { AppHeader, type HeaderAction } from '../../ui/app-header/app-header.tsx';
import { ArrowLeftIcon } from '../../ui/app-icons.tsx';
import { LoadFailed } from '../viewer-common/load-failed.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { useCommentsAction } from '../comments/comments-button.tsx';
import { CommentsPanel } from '../comments/comments-panel.tsx';
import { wrapIndex } from '../viewer-common/photo-order.ts';
import { TurbineGate } from '../viewer-common/turbine-gate.tsx';
import { parseTurbineId } from '../viewer-common/turbine-id.ts';
import { isTypingTarget } from '../viewer-common/typing-target.ts';
import { useTurbineDetail } from '../viewer-common/viewer-queries.ts';
import { CompareIcon, PhotoIcon } from '../viewer-common/viewer-icons.tsx';
import classes from './category-photos.module.css';
import { CompareDialog } from './compare-dialog.tsx';
import { PhotoList } from './photo-list.tsx';
import { PhotoViewer } from './photo-viewer.tsx';
import './photos-i18n.ts';
import { useCategoryPhotos } from './use-category-photos.ts';

type ViewerCategory = Extract<PhotoCategory, 'operator' | 'drone'>;
const ALL = 'all';

/** The two screens differ only in category and colour (spec §2). */
const CATEGORY_COLOR: Record<ViewerCategory, string> = { operator: 'orange', drone: 'indigo' };

function CategoryPhotosPage({ category }: { category: ViewerCategory }) {
  const { t } = useTranslation('photos');
  const { t: tv } = useTranslation('viewer');
  const params = useParams();
  const turbineId = parseTurbineId(params.id);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const turbine = useTurbineDetail(turbineId);
  const title = t(`title.${category}`);
  usePageTitle(title);
  const color = CATEGORY_COLOR[category];

  const toggleComments = () => setCommentsOpen((open) => !open);
  const commentsAction = useCommentsAction(commentsOpen, toggleComments);
  const headerActions: HeaderAction[] = turbine.isSuccess
    ? [
        { id: 'back-to-turbine', label: tv('backToTurbine'), icon: <ArrowLeftIcon size={16} />, to: paths.turbine(turbine.data.id) },
        commentsAction,
      ]
    : [{ id: 'back-to-dashboard', label: tv('backToDashboard'), icon: <ArrowLeftIcon size={16} />, to: paths.dashboard }];

  return (
    <div
      className={classes.page}
      style={{ '--category-color': `var(--mantine-color-${color}-6)` } as CSSProperties}
      data-category={category}
    >
      <AppHeader title={title} actions={headerActions} />
      <TurbineGate turbineId={turbineId}>
        {(data) => <CategoryWorkspace turbine={data} category={category} color={color} commentsOpen={commentsOpen} />}
      </TurbineGate>
      {turbine.isSuccess && <CommentsPanel turbineId={turbine.data.id} opened={commentsOpen} onClose={() => setCommentsOpen(false)} />}
    </div>
  );
}

interface WorkspaceProps {
  turbine: Turbine;
  category: ViewerCategory;
  color: string;
  commentsOpen: boolean;
}

function CategoryWorkspace({ turbine, category, color, commentsOpen }: WorkspaceProps) {
  const { t } = useTranslation('photos');
  const photos = useCategoryPhotos(turbine.id, category);
  const [year, setYear] = useState(ALL);
  const [blade, setBlade] = useState(ALL);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [compareMode, setCompareMode] = useState(false);
  const [compareIds, setCompareIds] = useState<number[]>([]);
  const [comparing, setComparing] = useState(false);

  const all = photos.data ?? [];
  const years = [...new Set(all.map((photo) => photo.year))].sort((a, b) => b - a);
  const shown = all.filter((photo) => (year === ALL || photo.year === Number(year)) && (blade === ALL || photo.blade === blade));
  const current = shown.find((photo) => photo.id === selectedId) ?? shown[0] ?? null;
  const index = current ? shown.indexOf(current) : -1;
  const filtered = year !== ALL || blade !== ALL;

  const step = (delta: 1 | -1) => {
    const next = shown[wrapIndex(index + delta, shown.length)];
    if (next) setSelectedId(next.id);
  };
  const stepRef = useRef(step);
  stepRef.current = step;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.altKey || event.ctrlKey || event.metaKey || document.querySelector('[role="dialog"]'))
        return;
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        stepRef.current(event.key === 'ArrowLeft' ? -1 : 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const toggleCompare = (id: number) =>
    setCompareIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : ids.length < COMPARE_LIMIT ? [...ids, id] : ids));
  const comparePhotos = compareIds.map((id) => all.find((photo) => photo.id === id)).filter((photo): photo is Photo => photo !== undefined);

  return (
    <div className={classes.workspace} data-comments={commentsOpen}>
      <aside className={classes.sidebar} data-testid="photos-sidebar">
        <Stack gap="sm" className={classes.sidebarTop}>
          <div>
            <Text fw={700} size="lg" truncate>
              {turbineDisplayName(turbine)}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {turbine.code} · {turbine.location}
            </Text>
          </div>
          <NativeSelect
            label={t('filters.year')}
            value={year}
            onChange={(event) => setYear(event.currentTarget.value)}
            data={[{ value: ALL, label: t('filters.allYears') }, ...years.map((y) => ({ value: String(y), label: String(y) }))]}
            data-testid="filter-year"
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="blade-filter-label">
              {t('filters.blade')}
            </Text>
            <SegmentedControl
              fullWidth
              color={color}
              value={blade}
              onChange={setBlade}
              role="radiogroup"
              aria-labelledby="blade-filter-label"
              data={[{ value: ALL, label: t('filters.allBlades') }, ...BLADES.map((b) => ({ value: b, label: b }))]}
              data-testid="filter-blade"
            />
          </div>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            {/* no count while the photos load or when they could not be loaded */}
            <Text size="sm" fw={600} data-testid={photos.isSuccess ? 'photo-count' : undefined}>
              {photos.isSuccess &&
                (filtered ? t('countOf', { count: shown.length, total: all.length }) : t('count', { count: all.length }))}
            </Text>
            <Button
              size="compact-sm"
              variant={compareMode ? 'filled' : 'light'}
              color={color}
              leftSection={<CompareIcon size={14} />}
              aria-pressed={compareMode}
              onClick={() => {
                setCompareMode((on) => !on);
                setCompareIds([]);
              }}
              data-testid="compare-mode"
            >
              {compareMode ? t('compareExit') : t('compareMode')}
            </Button>
          </Group>
          {compareMode && (
            <Group justify="space-between" wrap="nowrap" gap="xs" className={classes.compareBar}>
              <Text size="xs">{t('compareHint', { count: compareIds.length })}</Text>
              <Button
                size="compact-sm"
                color={color}
                disabled={comparePhotos.length !== COMPARE_LIMIT}
                onClick={() => setComparing(true)}
                data-testid="compare-open"
              >
                {t('compareOpen')}
              </Button>
            </Group>
          )}
        </Stack>
        {photos.isSuccess && (
          <PhotoList
            color={color}
            photos={shown}
            selectedId={current?.id ?? null}
            onSelect={setSelectedId}
            compareMode={compareMode}
            compareIds={compareIds}
            onCompareToggle={toggleCompare}
          />
        )}
        <Text size="xs" c="dimmed" className={classes.sidebarFoot}>
          {t('polling')}
        </Text>
      </aside>
      <div className={classes.main}>
        {photos.isPending && <LoadingScreen fullScreen={false} label={t('loading')} />}
        {photos.isError && (
          <LoadFailed title={t('error')} message={photos.error.message} retryLabel={t('retry')} onRetry={() => void photos.refetch()} />
        )}
        {photos.isSuccess && !current && (
          <Center h="100%" data-testid="photos-empty">
            <Stack align="center" gap="xs" ta="center" maw={420}>
              <PhotoIcon size={48} className={classes.emptyIcon} />
              <Text fw={700} size="lg">
                {t('emptyTitle')}
              </Text>
              <Text size="sm" c="dimmed">
                {filtered ? t('emptyFiltered') : t(`emptyAll.${category}`)}
              </Text>
            </Stack>
          </Center>
        )}
        {current && (
          <PhotoViewer
            turbineId={turbine.id}
            turbineCoordinates={turbine.coordinates}
            photo={current}
            category={category}
            color={color}
            position={index + 1}
            total={shown.length}
            onStep={step}
          />
        )}
      </div>
      <CompareDialog
        photos={comparePhotos}
        opened={comparing && comparePhotos.length === COMPARE_LIMIT}
        onClose={() => setComparing(false)}
      />
    </div>
  );
}

export function OperatorPhotosPage() {
  return <CategoryPhotosPage category="operator" />;
}

export function DronePhotosPage() {
  return <CategoryPhotosPage category="drone" />;
}
