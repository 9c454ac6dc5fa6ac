import '@mantine/core/styles/Tooltip.layer.css';
import { Center, Stack, Text } from '@mantine/core';
import { type Blade, type Turbine, turbineDisplayName } from '@windscope/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { paths } from '../../app/paths.ts';
import { registerCatalog } from '../../i18n/register-catalog.ts';
import { AppHeader, type HeaderAction } from '../../ui/app-header/app-header.tsx';
import { ArrowLeftIcon } from '../../ui/app-icons.tsx';
import { LoadFailed } from '../viewer-common/load-failed.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { useCurrentUser } from '../auth/use-auth.ts';
import { useCommentsAction } from '../comments/comments-button.tsx';
import { CommentsPanel } from '../comments/comments-panel.tsx';
import { wrapIndex } from '../viewer-common/photo-order.ts';
import { TurbineGate } from '../viewer-common/turbine-gate.tsx';
import { parseTurbineId } from '../viewer-common/turbine-id.ts';
import { fetchPhotos, useTurbineDetail } from '../viewer-common/viewer-queries.ts';
import { PanoramaIcon, SettingsIcon, SidebarIcon } from '../viewer-common/viewer-icons.tsx';
import { comparePath } from '../compare/compare-path.ts';
import { firstPlaceWithPhotos, photosOfRoom, roomNumbers } from './blade-rooms.ts';
import { loadSphereEngine } from './load-sphere-engine.ts';
import en from './panorama.en.json';
import tr from './panorama.tr.json';
import classes from './panorama-page.module.css';
import { PanoramaSidebar } from './panorama-sidebar.tsx';
import { PanoramaStage } from './panorama-stage.tsx';

registerCatalog('panorama', { tr, en });
// the 360° engine downloads while the turbine and its photos load
void loadSphereEngine().catch(() => undefined);

/** Panoramic viewer, /dashboard/turbine/{id}/360-view (spec §2). */
export function PanoramaPage() {
  const { t } = useTranslation('panorama');
  const { t: tv } = useTranslation('viewer');
  const params = useParams();
  const turbineId = parseTurbineId(params.id);
  const user = useCurrentUser();
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [layoutVersion, setLayoutVersion] = useState(0);
  const [commentsOpen, setCommentsOpen] = useState(false);
  // spec §2: customers see "360° Fotoğraf Galerisi", other roles "Blade Seçimi ve Fotoğraflar" (panel heading and tab title)
  const heading = user?.role === 'customer' ? t('titleCustomer') : t('titleDefault');
  usePageTitle(heading);

  const turbine = useTurbineDetail(turbineId);
  const toggleSidebar = () => {
    setSidebarOpen((open) => !open);
    setLayoutVersion((version) => version + 1);
  };
  // the open comments panel takes its width from the viewer, which resizes with it
  const toggleComments = () => {
    setCommentsOpen((open) => !open);
    setLayoutVersion((version) => version + 1);
  };
  const closeComments = () => {
    setCommentsOpen(false);
    setLayoutVersion((version) => version + 1);
  };

  const commentsAction = useCommentsAction(commentsOpen, toggleComments);
  const sidebarLabel = sidebarOpen ? t('hideMenu') : t('showMenu');
  const headerActions: HeaderAction[] = [
    {
      id: 'sidebar-toggle',
      label: sidebarLabel,
      icon: <SidebarIcon size={18} />,
      iconOnly: true,
      expanded: sidebarOpen,
      onClick: toggleSidebar,
    },
    { id: 'back-to-dashboard', label: tv('backToDashboard'), icon: <ArrowLeftIcon size={18} />, iconOnly: true, to: paths.dashboard },
  ];
  if (turbine.isSuccess) {
    headerActions.push(
      {
        id: 'turbine-management-link',
        label: tv('turbineManagement'),
        icon: <SettingsIcon size={16} />,
        to: paths.turbine(turbine.data.id),
      },
      commentsAction,
    );
  }

  return (
    <div className={classes.page}>
      <AppHeader title={t('pageTitle')} actions={headerActions} />
      <TurbineGate turbineId={turbineId}>
        {(data) => (
          <PanoramaWorkspace
            turbine={data}
            heading={heading}
            sidebarOpen={sidebarOpen}
            commentsOpen={commentsOpen}
            layoutVersion={layoutVersion}
          />
        )}
      </TurbineGate>
      {turbine.isSuccess && <CommentsPanel turbineId={turbine.data.id} opened={commentsOpen} onClose={closeComments} />}
    </div>
  );
}

interface WorkspaceProps {
  turbine: Turbine;
  heading: string;
  sidebarOpen: boolean;
  commentsOpen: boolean;
  layoutVersion: number;
}

function PanoramaWorkspace({ turbine, heading, sidebarOpen, commentsOpen, layoutVersion }: WorkspaceProps) {
  const { t } = useTranslation('panorama');
  const filters = { category: 'blade' } as const;
  const photos = useQuery({
    queryKey: queryKeys.photos.list(turbine.id, filters),
    queryFn: ({ signal }) => fetchPhotos(turbine.id, filters, signal),
  });
  const [chosen, setChosen] = useState<{ blade: Blade; room: number } | null>(null);
  const [index, setIndex] = useState(0);

  const all = photos.data ?? [];
  const rooms = roomNumbers(turbine.rooms, all);
  const place = chosen ?? firstPlaceWithPhotos(all, rooms);
  const roomPhotos = photosOfRoom(all, place.blade, place.room);
  const selected = Math.min(index, Math.max(0, roomPhotos.length - 1));

  // spec §2: the first photo is selected whenever blade or room changes
  const choose = (next: { blade: Blade; room: number }) => {
    setChosen(next);
    setIndex(0);
  };
  const step = (delta: 1 | -1) => setIndex((current) => wrapIndex(Math.min(current, roomPhotos.length - 1) + delta, roomPhotos.length));

  let stage: ReactNode;
  if (photos.isPending) stage = <LoadingScreen fullScreen={false} label={t('loadingPhotos')} />;
  else if (photos.isError)
    stage = (
      <LoadFailed title={t('photosError')} message={photos.error.message} retryLabel={t('retry')} onRetry={() => void photos.refetch()} />
    );
  else if (roomPhotos.length === 0)
    stage = (
      <Center h="100%" data-testid="panorama-empty">
        <Stack align="center" gap="xs" ta="center">
          <PanoramaIcon size={48} className={classes.emptyIcon} />
          <Text fw={700} size="lg">
            {t('empty')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('emptyHint')}
          </Text>
        </Stack>
      </Center>
    );
  else
    stage = (
      <PanoramaStage
        turbineId={turbine.id}
        turbineCoordinates={turbine.coordinates}
        photos={roomPhotos}
        index={selected}
        onStep={step}
        layoutVersion={layoutVersion}
        compareTo={(photo) => comparePath(turbine.id, { blade: place.blade, zone: `room-${place.room}`, b: photo.year, pb: photo.id })}
      />
    );

  return (
    <div className={classes.workspace} data-comments={commentsOpen}>
      <aside className={classes.sidebar} data-opened={sidebarOpen} inert={!sidebarOpen} data-testid="panorama-sidebar">
        <PanoramaSidebar
          heading={heading}
          turbineName={turbineDisplayName(turbine)}
          turbineCode={turbine.code}
          blade={place.blade}
          room={place.room}
          rooms={rooms}
          photos={roomPhotos}
          loaded={photos.isSuccess}
          selectedIndex={selected}
          onBlade={(blade) => choose({ blade, room: place.room })}
          onRoom={(room) => choose({ blade: place.blade, room })}
          onSelect={setIndex}
        />
      </aside>
      <div className={classes.main}>{stage}</div>
    </div>
  );
}

/** The year compare (/dashboard/turbine/{id}/compare, issue 16) shares this page's chunk and its 360° engine preload. */
export { ComparePage } from '../compare/compare-page.tsx';
