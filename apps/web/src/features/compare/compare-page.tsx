import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Alert, Badge, Center, Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { BLADES, type Blade, type Photo, type PhotoFinding, type Turbine, turbineDisplayName } from '@windscope/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePhotoFindings } from '../../api/findings.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { paths } from '../../app/paths.ts';
import { registerCatalog } from '../../i18n/register-catalog.ts';
import { AppHeader, type HeaderAction } from '../../ui/app-header/app-header.tsx';
import { ArrowLeftIcon } from '../../ui/app-icons.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { useQueuedSearchParams } from '../../ui/use-queued-search-params.ts';
import { PhotoZoom } from '../deep-zoom/photo-zoom.tsx';
import { FITTED, type SharedView } from '../deep-zoom/zoom-view.ts';
import { FindingDrawer } from '../findings/finding-drawer.tsx';
import { FlatOverlay } from '../findings/flat-overlay.tsx';
import '../findings/findings-styles.ts';
import { severityCss, useFindingLabels } from '../findings/labels.ts';
import { sphereMarkers } from '../findings/sphere-shapes.ts';
import { isEquirectangular } from '../panorama/blade-rooms.ts';
import type { SphereController, SphereViewState } from '../panorama/sphere-engine.ts';
import { SphereView } from '../panorama/sphere-view.tsx';
import { LoadFailed } from '../viewer-common/load-failed.tsx';
import { photoDisplayName } from '../viewer-common/photo-order.ts';
import { isPointCloudPhoto, viewableUrl } from '../viewer-common/point-cloud.ts';
import { PointCloudPreview } from '../viewer-common/point-cloud-preview.tsx';
import { TurbineGate } from '../viewer-common/turbine-gate.tsx';
import { parseTurbineId } from '../viewer-common/turbine-id.ts';
import { fetchPhotos, useTurbineDetail } from '../viewer-common/viewer-queries.ts';
import { PanoramaIcon, SettingsIcon } from '../viewer-common/viewer-icons.tsx';
import classes from './compare.module.css';
import en from './compare.en.json';
import tr from './compare.tr.json';
import { choosePhoto, chooseYears, firstComparable, parseZone, photosOf, type Zone, zoneKey, zonesOf } from './compare-zones.ts';
import { linkViews, type Side } from './sphere-link.ts';

registerCatalog('compare', { tr, en });

/** Year-over-year compare, /dashboard/turbine/{id}/compare?blade=&zone=&a=&b=&pa=&pb= (issue 16): one blade zone in two
 *  years side by side, the views moving together, the findings of both years drawn on both sides. */
export function ComparePage() {
  const { t } = useTranslation('compare');
  const { t: tv } = useTranslation('viewer');
  const params = useParams();
  const turbineId = parseTurbineId(params.id);
  const turbine = useTurbineDetail(turbineId);
  usePageTitle(turbine.data ? t('pageTitle', { name: turbineDisplayName(turbine.data) }) : t('title'));
  const actions: HeaderAction[] = [
    { id: 'back-to-dashboard', label: tv('backToDashboard'), icon: <ArrowLeftIcon size={18} />, iconOnly: true, to: paths.dashboard },
  ];
  if (turbine.isSuccess)
    actions.push(
      { id: 'compare-turbine-link', label: t('backToTurbine'), icon: <SettingsIcon size={16} />, to: paths.turbine(turbine.data.id) },
      { id: 'compare-360-link', label: t('open360'), icon: <PanoramaIcon size={16} />, to: paths.panorama(turbine.data.id) },
    );
  return (
    <div className={classes.page}>
      <AppHeader title={t('title')} actions={actions} />
      <TurbineGate turbineId={turbineId}>{(data) => <CompareWorkspace turbine={data} />}</TurbineGate>
    </div>
  );
}

const numberParam = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);
const bladeParam = (value: string | null): Blade | null => ((BLADES as readonly string[]).includes(value ?? '') ? (value as Blade) : null);

function CompareWorkspace({ turbine }: { turbine: Turbine }) {
  const { t } = useTranslation('compare');
  // a blade, a zone and a year chosen in quick succession each start from the one asked for before (not the last drawn)
  const [search, setSearch] = useQueuedSearchParams();
  const filters = {};
  const photos = useQuery({
    queryKey: queryKeys.photos.list(turbine.id, filters),
    queryFn: ({ signal }) => fetchPhotos(turbine.id, filters, signal),
  });
  const all = photos.data ?? [];

  // the URL holds the choice (shareable, survives a reload); what it lacks or gets wrong falls back to a sensible default
  const fallback = useMemo(() => firstComparable(all, turbine.rooms), [all, turbine.rooms]);
  const askedBlade = bladeParam(search.get('blade'));
  const askedZone = parseZone(search.get('zone'));
  const blade = askedBlade ?? fallback.blade;
  const zone: Zone = askedZone ?? (askedBlade ? firstComparableOfBlade(all, blade, turbine.rooms) : fallback.zone);
  const zones = zonesOf(all, blade, turbine.rooms);
  const years = zones.find((z) => zoneKey(z.zone) === zoneKey(zone))?.years ?? [];
  const chosen = chooseYears(years, numberParam(search.get('a')), numberParam(search.get('b')));
  const listA = chosen.a === null ? [] : photosOf(all, blade, zone, chosen.a);
  const listB = chosen.b === null ? [] : photosOf(all, blade, zone, chosen.b);
  const photoA = choosePhoto(listA, numberParam(search.get('pa')));
  const photoB = choosePhoto(listB, numberParam(search.get('pb')));
  const sync = search.get('sync') !== '0';

  const update = (changes: Record<string, string | null>) => {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };
  const place = { blade, zone: zoneKey(zone) };

  let body: ReactNode;
  if (photos.isPending) body = <LoadingScreen fullScreen={false} label={t('loadingPhotos')} />;
  else if (photos.isError)
    body = (
      <LoadFailed title={t('photosError')} message={photos.error.message} retryLabel={t('retry')} onRetry={() => void photos.refetch()} />
    );
  else if (!photoA || !photoB || chosen.a === null || chosen.b === null)
    body = (
      <Center h="100%" data-testid="compare-empty">
        <Stack align="center" gap="xs" ta="center">
          <PanoramaIcon size={48} />
          <Text fw={700} size="lg">
            {t('emptyZone')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('emptyZoneHint')}
          </Text>
        </Stack>
      </Center>
    );
  else
    body = (
      <ComparePair
        key={`${blade}-${zoneKey(zone)}`}
        turbineId={turbine.id}
        sides={[
          { side: 'a', year: chosen.a, photo: photoA, list: listA },
          { side: 'b', year: chosen.b, photo: photoB, list: listB },
        ]}
        sync={sync}
        onPhoto={(side, id) => update({ [side === 'a' ? 'pa' : 'pb']: String(id), ...place })}
      />
    );

  const zoneLabel = (z: Zone) => (z.kind === 'room' ? t('room', { room: z.room }) : t(`source.${z.source}`));
  const zoneItem = ({ zone: z, years: ys }: { zone: Zone; years: number[] }) => ({
    value: zoneKey(z),
    label: ys.length ? t('zoneYears', { label: zoneLabel(z), years: ys.join(', ') }) : t('zoneEmpty', { label: zoneLabel(z) }),
    disabled: ys.length === 0,
  });
  const yearData = years.map((y) => ({ value: String(y), label: String(y) }));

  return (
    <div className={classes.body} data-testid="compare-page" data-blade={blade} data-zone={zoneKey(zone)}>
      <Group className={classes.toolbar} gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="compare-blade-label">
            {t('blade')}
          </Text>
          <SegmentedControl
            aria-labelledby="compare-blade-label"
            value={blade}
            onChange={(value) => update({ blade: value, zone: null, a: null, b: null, pa: null, pb: null })}
            data={BLADES.map((b) => ({ value: b, label: t('bladeValue', { blade: b }) }))}
            data-testid="compare-blade"
          />
        </Stack>
        <Select
          label={t('zone')}
          w={240}
          value={zoneKey(zone)}
          allowDeselect={false}
          onChange={(value) => value && update({ blade, zone: value, a: null, b: null, pa: null, pb: null })}
          data={[
            { group: t('interior'), items: zones.filter((z) => z.zone.kind === 'room').map(zoneItem) },
            { group: t('outside'), items: zones.filter((z) => z.zone.kind === 'source').map(zoneItem) },
          ]}
          data-testid="compare-zone"
        />
        <Select
          label={t('yearA')}
          w={120}
          value={chosen.a === null ? null : String(chosen.a)}
          allowDeselect={false}
          disabled={years.length === 0}
          onChange={(value) => value && update({ ...place, a: value, b: String(chosen.b ?? ''), pa: null })}
          data={yearData}
          data-testid="compare-year-a"
        />
        <Select
          label={t('yearB')}
          w={120}
          value={chosen.b === null ? null : String(chosen.b)}
          allowDeselect={false}
          disabled={years.length === 0}
          onChange={(value) => value && update({ ...place, b: value, a: String(chosen.a ?? ''), pb: null })}
          data={yearData}
          data-testid="compare-year-b"
        />
        <Switch
          label={t('sync')}
          description={t('syncHint')}
          checked={sync}
          onChange={(event) => update({ sync: event.currentTarget.checked ? null : '0' })}
          data-testid="compare-sync"
          maw={320}
        />
      </Group>
      {years.length === 1 && (
        <Alert variant="light" color="blue" py={6} data-testid="compare-one-year">
          {t('oneYear', { year: years[0] })}
        </Alert>
      )}
      {body}
    </div>
  );
}

function firstComparableOfBlade(all: readonly Photo[], blade: Blade, rooms: number): Zone {
  const zones = zonesOf(all, blade, rooms);
  return (zones.find((z) => z.years.length >= 2) ?? zones.find((z) => z.years.length > 0) ?? zones[0])?.zone ?? { kind: 'room', room: 1 };
}

interface SideData {
  side: Side;
  year: number;
  photo: Photo;
  list: Photo[];
}

interface PairProps {
  turbineId: number;
  sides: [SideData, SideData];
  sync: boolean;
  onPhoto: (side: Side, photoId: number) => void;
}

/** The findings drawn on a photo, each with the severity of that sighting (what the year showed), not the finding's
 *  latest: the point of the compare is what got worse. */
function useSightings(turbineId: number, photoId: number): PhotoFinding[] {
  const query = usePhotoFindings(turbineId, photoId);
  return useMemo(() => (query.data ?? []).map((f) => ({ ...f, severity: f.observation_severity })), [query.data]);
}

type TestWindow = Window & { __windscopeCompare?: { a: SphereController['view']; b: SphereController['view']; leader: () => Side } };

/** The two sides: spheres linked through their view handles, flat pictures through one shared zoom and pan. */
function ComparePair({ turbineId, sides, sync, onPhoto }: PairProps) {
  const { t } = useTranslation('compare');
  const [a, b] = sides;
  const findingsA = useSightings(turbineId, a.photo.id);
  const findingsB = useSightings(turbineId, b.photo.id);
  const [openId, setOpenId] = useState<number | null>(null);

  // 360°: the engines' controllers once they run
  const [controllers, setControllers] = useState<{ a: SphereController | null; b: SphereController | null }>({ a: null, b: null });
  const syncRef = useRef(sync);
  syncRef.current = sync;
  const linkRef = useRef<ReturnType<typeof linkViews> | null>(null);
  useEffect(() => {
    const { a: left, b: right } = controllers;
    if (!left || !right) return;
    const link = linkViews(left.view, right.view, () => syncRef.current);
    linkRef.current = link;
    link.resync();
    // a test-only handle (Playwright and the bench read both views through it); never set for people
    if (navigator.webdriver) (window as TestWindow).__windscopeCompare = { a: left.view, b: right.view, leader: link.leader };
    return () => {
      link.dispose();
      linkRef.current = null;
      if (navigator.webdriver) delete (window as TestWindow).__windscopeCompare;
    };
  }, [controllers]);
  useEffect(() => {
    if (sync) linkRef.current?.resync();
  }, [sync]);

  // flat: one zoom and pan for both (in fractions of each fitted picture)
  const [shared, setShared] = useState<SharedView>(FITTED);
  const [ownViews, setOwnViews] = useState<Record<Side, SharedView>>({ a: shared, b: shared });
  const flatView = (side: Side) => (sync ? shared : ownViews[side]);
  const onFlatView = (side: Side, view: SharedView) => {
    if (sync) setShared(view);
    else setOwnViews((views) => ({ ...views, [side]: view }));
  };
  useEffect(() => {
    if (sync) setOwnViews((views) => ({ ...views, a: shared, b: shared }));
  }, [sync, shared]);

  return (
    <>
      <div className={classes.panes}>
        {sides.map((data) => {
          const other = data.side === 'a' ? b : a;
          return (
            <ComparePane
              key={data.side}
              data={data}
              own={data.side === 'a' ? findingsA : findingsB}
              others={{ year: other.year, findings: data.side === 'a' ? findingsB : findingsA }}
              onPhoto={(id) => onPhoto(data.side, id)}
              onOpenFinding={setOpenId}
              onController={(controller) => setControllers((current) => ({ ...current, [data.side]: controller }))}
              onLoaded={() => linkRef.current?.resync()}
              onLead={() => linkRef.current?.lead(data.side)}
              flatView={flatView(data.side)}
              onFlatView={(view) => onFlatView(data.side, view)}
            />
          );
        })}
      </div>
      <Legend own={t('legendOwn')} other={t('legendOther')} color={t('legendColor')} />
      <FindingDrawer turbineId={turbineId} findingId={openId} onClose={() => setOpenId(null)} onOpen={setOpenId} />
    </>
  );
}

function Legend({ own, other, color }: { own: string; other: string; color: string }) {
  const swatch = (dashed: boolean) => (
    <svg className={classes.swatch} width="28" height="16" viewBox="0 0 28 16" aria-hidden="true">
      <rect
        x="2"
        y="2"
        width="24"
        height="12"
        rx="2"
        stroke="var(--mantine-color-orange-6)"
        strokeWidth="2.5"
        strokeDasharray={dashed ? '5 3' : undefined}
        fill={dashed ? 'none' : 'var(--mantine-color-orange-6)'}
        fillOpacity={dashed ? 0 : 0.3}
      />
    </svg>
  );
  return (
    <Group className={classes.legend} gap="lg" wrap="wrap" data-testid="compare-legend">
      <Group gap={6} wrap="nowrap">
        {swatch(false)}
        <Text size="sm">{own}</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        {swatch(true)}
        <Text size="sm">{other}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        {color}
      </Text>
    </Group>
  );
}

interface PaneProps {
  data: SideData;
  own: PhotoFinding[];
  others: { year: number; findings: PhotoFinding[] };
  onPhoto: (photoId: number) => void;
  onOpenFinding: (findingId: number) => void;
  onController: (controller: SphereController | null) => void;
  onLoaded: () => void;
  /** this side is turned by the keyboard: it leads */
  onLead: () => void;
  flatView: SharedView;
  onFlatView: (view: SharedView) => void;
}

const NO_POINTS: never[] = [];
const nothing = () => undefined;

/** Keyboard turns of a 360° pane: arrows turn by this many radians, + and - zoom by this many levels. */
const KEY_TURN = 0.1;
const KEY_ZOOM = 10;

function keyedView(key: string, view: SphereViewState): SphereViewState | null {
  const clampPitch = (p: number) => Math.max(-Math.PI / 2, Math.min(Math.PI / 2, p));
  if (key === 'ArrowLeft') return { ...view, yaw: view.yaw - KEY_TURN };
  if (key === 'ArrowRight') return { ...view, yaw: view.yaw + KEY_TURN };
  if (key === 'ArrowUp') return { ...view, pitch: clampPitch(view.pitch + KEY_TURN) };
  if (key === 'ArrowDown') return { ...view, pitch: clampPitch(view.pitch - KEY_TURN) };
  if (key === '+' || key === '=') return { ...view, zoom: Math.min(100, view.zoom + KEY_ZOOM) };
  if (key === '-') return { ...view, zoom: Math.max(0, view.zoom - KEY_ZOOM) };
  return null;
}

function ComparePane({ data, own, others, onPhoto, onOpenFinding, onController, onLoaded, onLead, flatView, onFlatView }: PaneProps) {
  const { t } = useTranslation('compare');
  const { t: tf } = useTranslation('findings');
  const labels = useFindingLabels();
  const { side, year, photo, list } = data;
  const name = photoDisplayName(photo);
  const [failed, setFailed] = useState(false);
  const pointCloud = isPointCloudPhoto(photo);
  const sphere = !pointCloud && !failed && isEquirectangular(photo.width, photo.height);
  const stageRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const markers = useMemo(() => {
    const label = (f: PhotoFinding) =>
      tf('mark.overlayLabel', { type: labels.type(f.type), severity: f.severity, label: labels.severity(f.severity) });
    const otherLabel = (f: PhotoFinding) =>
      tf('mark.otherYearLabel', { year: others.year, type: labels.type(f.type), severity: f.severity, label: labels.severity(f.severity) });
    const mine = sphereMarkers(own, label, severityCss);
    const theirs = sphereMarkers(others.findings, otherLabel, severityCss).map((m) => ({ ...m, key: `other-${m.key}`, other: true }));
    // the other year's first, so this year's are drawn over them
    return [...theirs, ...mine];
  }, [own, others, labels.language]);

  // the view's direction and zoom on the stage, for tests and for anyone inspecting the page
  const controllerRef = useRef<SphereController | null>(null);
  const controllerChanged = (controller: SphereController | null) => {
    controllerRef.current = controller;
    onController(controller);
    if (!controller) return;
    const write = (view: { yaw: number; pitch: number; zoom: number }) => {
      const element = stageRef.current;
      if (!element) return;
      element.dataset.yaw = view.yaw.toFixed(4);
      element.dataset.pitch = view.pitch.toFixed(4);
      element.dataset.zoom = view.zoom.toFixed(2);
    };
    controller.view.onChange((view) => write(view));
    write(controller.view.get());
  };

  const viewerName = t('viewerLabel', { year, name });
  let viewer: ReactNode;
  if (pointCloud) viewer = <PointCloudPreview key={photo.id} photo={photo} />;
  else if (sphere)
    viewer = (
      <SphereView
        key={photo.id}
        previewUrl={viewableUrl(photo)}
        originalUrl={photo.urls.original}
        layoutVersion={0}
        onStage={(stage) => {
          if (stageRef.current) stageRef.current.dataset.loadStage = stage;
          if (stage === 'preview') onLoaded();
        }}
        onFailure={(error) => {
          console.error('The panorama viewer failed', error);
          setFailed(true);
        }}
        findings={markers}
        draft={NO_POINTS}
        marking={false}
        onOpenFinding={onOpenFinding}
        onPoint={nothing}
        onFinish={nothing}
        onController={controllerChanged}
        testId={`compare-sphere-${side}`}
      />
    );
  else
    viewer = (
      <PhotoZoom
        key={photo.id}
        photo={photo}
        alt={viewerName}
        testId={`compare-flat-${side}`}
        sharedView={flatView}
        onSharedView={onFlatView}
        overlay={(size) => (
          <FlatOverlay size={size} findings={own} others={others} marking={null} onOpen={onOpenFinding} onDrawn={nothing} />
        )}
      />
    );

  return (
    <section
      className={classes.pane}
      aria-label={viewerName}
      data-testid={`compare-pane-${side}`}
      data-year={year}
      data-photo-id={photo.id}
    >
      <Group className={classes.paneHead} gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Badge size="lg" variant="filled" color="navy" data-testid={`compare-year-badge-${side}`}>
            {year}
          </Badge>
          <Badge size="sm" variant="light" color={sphere ? 'wind' : 'gray'}>
            {sphere ? t('sphereKind') : t('flatKind')}
          </Badge>
          {list.length <= 1 && (
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
          )}
        </Group>
        {list.length > 1 && (
          <Select
            aria-label={side === 'a' ? t('photoA') : t('photoB')}
            size="xs"
            className={classes.photoSelect}
            value={String(photo.id)}
            allowDeselect={false}
            onChange={(value) => value && onPhoto(Number(value))}
            data={list.map((p) => ({ value: String(p.id), label: photoDisplayName(p) }))}
            data-testid={`compare-photo-${side}`}
          />
        )}
      </Group>
      <div
        ref={stageRef}
        className={classes.stage}
        data-testid={`compare-stage-${side}`}
        data-kind={sphere ? 'sphere' : pointCloud ? 'pcd' : 'flat'}
        data-own-findings={own.length}
        data-other-findings={others.findings.length}
        // a 360° pane turns with the arrow keys and zooms with + and -, the other side following
        {...(sphere
          ? {
              tabIndex: 0,
              role: 'application',
              'aria-label': viewerName,
              'aria-describedby': `compare-keys-${side}`,
              onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
                const controller = controllerRef.current;
                if (!controller || event.target !== event.currentTarget) return;
                const next = keyedView(event.key, controller.view.get());
                if (!next) return;
                event.preventDefault();
                onLead();
                controller.view.set(next);
              },
            }
          : {})}
      >
        {sphere && (
          <span id={`compare-keys-${side}`} hidden>
            {t('keysHint')}
          </span>
        )}
        {viewer}
      </div>
    </section>
  );
}
