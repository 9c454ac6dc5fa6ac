// Mantine's styles one file per component (app/mantine-styles.ts): these come with the preview's chunk
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Slider.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import { Button, Group, Loader, SegmentedControl, Slider, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Photo } from '@windscope/contract';
import { PCD_MAX_POINTS, PCD_POINT_BUDGET, type PcdProblem } from '@windscope/contract/pcd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  Scene,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { useFormatters } from '../../i18n/format.ts';
import '../viewer-common/register-viewer-catalog.ts';
import { CubeIcon } from '../viewer-common/viewer-icons.tsx';
import type { PcdAnswer, PcdCloud, PcdRequest } from './pcd-read.ts';
import classes from './point-cloud.module.css';

/** A file larger than this is not downloaded for a preview (it stays downloadable): a 20-million-point binary cloud
 *  with colours is about 320 MB. */
export const PCD_MAX_PREVIEW_BYTES = 1024 * 1024 * 1024;

export type ColourMode = 'rgb' | 'intensity' | 'height';

const BACKGROUND = 0x10161c;
/** deep blue (low) through teal and yellow to red (high): the server thumbnail's ramp (media/point-cloud.ts) */
const RAMP: [number, number, number][] = [
  [38, 70, 160],
  [30, 160, 170],
  [240, 210, 70],
  [215, 60, 45],
];
/** 256 linear colours along RAMP (the renderer writes sRGB) */
const LUT = (() => {
  const lut = new Float32Array(256 * 3);
  const colour = new Color();
  for (let i = 0; i < 256; i++) {
    const at = (i / 255) * (RAMP.length - 1);
    const k = Math.min(RAMP.length - 2, Math.floor(at));
    const w = at - k;
    const [a, b] = [RAMP[k] as number[], RAMP[k + 1] as number[]];
    const c = (j: number) => ((a[j] as number) + ((b[j] as number) - (a[j] as number)) * w) / 255;
    colour.setRGB(c(0), c(1), c(2), SRGBColorSpace);
    lut.set([colour.r, colour.g, colour.b], i * 3);
  }
  return lut;
})();

/** Colours of every point along the ramp for one value per point (height: z; intensity), scaled to their range. */
export function rampColours(values: ArrayLike<number>, count: number, stride = 1, offset = 0): Float32Array {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const v = values[i * stride + offset] as number;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min || 1;
  const out = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const k = Math.round((((values[i * stride + offset] as number) - min) / span) * 255) * 3;
    out[i * 3] = LUT[k] as number;
    out[i * 3 + 1] = LUT[k + 1] as number;
    out[i * 3 + 2] = LUT[k + 2] as number;
  }
  return out;
}

export function coloursFor(cloud: PcdCloud, mode: ColourMode): Float32Array {
  if (mode === 'rgb' && cloud.colours) return cloud.colours;
  if (mode === 'intensity' && cloud.intensity) return rampColours(cloud.intensity, cloud.shown);
  return rampColours(cloud.positions, cloud.shown, 3, 2);
}

type Load =
  | { state: 'loading' }
  | { state: 'problem'; problem: PcdProblem | 'load' | 'unsupported' }
  | { state: 'ready'; cloud: PcdCloud; answeredAt: number };

/** Test and benchmark hooks (navigator.webdriver only): render a frame and read it back, orbit, the timings. */
interface PointCloudProbe {
  photoId: number;
  /** when the reader (worker) was asked, when it answered, when the first frame was drawn */
  startedAt: number;
  answeredAt: number;
  firstFrameAt: number;
  fetchMs: number;
  parseMs: number;
  shown: number;
  total: number;
  /** pixels of the drawn frame that are not the background */
  litPixels(): number;
  /** a hash of the drawn frame's pixels (the same view draws the same frame) */
  digest(): number;
  /** orbits `frames` frames (a step of the azimuth each), each drawn and waited for; answers ms per frame */
  orbit(frames: number): number;
}
declare global {
  interface Window {
    __windscopePointCloud?: PointCloudProbe;
  }
}

/** The browser preview of a .pcd point cloud (DECISIONS §16): read in a Web Worker (pcd-read.ts), at most
 *  PCD_POINT_BUDGET points, drawn by three.js with orbit/pan/zoom, colours by rgb, intensity or height, point size,
 *  reset. Its own lazy chunk (point-cloud-preview.tsx). */
export default function PointCloudView({ photo, height = '100%' }: { photo: Photo; height?: string }) {
  const { t } = useTranslation('viewer');
  const format = useFormatters();
  const [load, setLoad] = useState<Load>(() =>
    photo.size > PCD_MAX_PREVIEW_BYTES ? { state: 'problem', problem: 'too_large' } : { state: 'loading' },
  );
  const startedAt = useRef(performance.now());
  const { cloud: copyUrl, original: originalUrl } = photo.urls;

  useEffect(() => {
    if (photo.size > PCD_MAX_PREVIEW_BYTES) return;
    startedAt.current = performance.now();
    if (typeof Worker === 'undefined') {
      setLoad({ state: 'problem', problem: 'unsupported' });
      return;
    }
    setLoad({ state: 'loading' });
    const worker = new Worker(new URL('./pcd-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PcdAnswer>) => {
      const answer = event.data;
      setLoad(
        'cloud' in answer
          ? { state: 'ready', cloud: answer.cloud, answeredAt: performance.now() }
          : { state: 'problem', problem: answer.problem },
      );
      worker.terminate();
    };
    worker.onerror = () => {
      setLoad({ state: 'problem', problem: 'load' });
      worker.terminate();
    };
    // the server's copy decimated to the budget first (a 20-million-point file is 10× its size), else the original
    worker.postMessage({
      url: copyUrl ?? originalUrl,
      fallbackUrl: copyUrl ? originalUrl : null,
      budget: PCD_POINT_BUDGET,
      maxBytes: PCD_MAX_PREVIEW_BYTES,
    } satisfies PcdRequest);
    return () => worker.terminate();
  }, [copyUrl, originalUrl, photo.size]);

  if (load.state === 'problem') {
    const values = { max: format.number(PCD_MAX_POINTS), size: format.fileSize(PCD_MAX_PREVIEW_BYTES) };
    return (
      <Stack
        align="center"
        justify="center"
        gap="sm"
        className={classes.notice}
        mih={240}
        h={height}
        data-testid="pcd-message"
        data-problem={load.problem}
      >
        <ThemeIcon size={56} radius="xl" variant="light">
          <CubeIcon size={30} />
        </ThemeIcon>
        <Text fw={700}>{t('pcd.problemTitle')}</Text>
        <Text size="sm" ta="center" maw={460} className={classes.message}>
          {t(`pcd.problem.${load.problem}`, values)}
        </Text>
        <Text size="sm" ta="center" maw={460} className={classes.message}>
          {t('pcd.downloadHint')}
        </Text>
      </Stack>
    );
  }
  if (load.state === 'loading') {
    return (
      <Stack align="center" justify="center" gap="sm" className={classes.notice} mih={240} h={height} data-testid="pcd-loading">
        <Loader color="gray" type="dots" />
        <Text size="sm">{t('pcd.loading')}</Text>
      </Stack>
    );
  }
  return (
    <CloudStage
      photo={photo}
      cloud={load.cloud}
      height={height}
      startedAt={startedAt.current}
      answeredAt={load.answeredAt}
      onNoWebgl={() => setLoad({ state: 'problem', problem: 'unsupported' })}
    />
  );
}

function CloudStage({
  photo,
  cloud,
  height,
  startedAt,
  answeredAt,
  onNoWebgl,
}: {
  photo: Photo;
  cloud: PcdCloud;
  height: string;
  startedAt: number;
  answeredAt: number;
  onNoWebgl: () => void;
}) {
  const { t } = useTranslation('viewer');
  const format = useFormatters();
  const hostRef = useRef<HTMLDivElement>(null);
  const modes = useMemo<ColourMode[]>(
    () => [...(cloud.colours ? (['rgb'] as const) : []), ...(cloud.intensity ? (['intensity'] as const) : []), 'height'],
    [cloud],
  );
  const [mode, setMode] = useState<ColourMode>(modes[0] ?? 'height');
  const [size, setSize] = useState(2);
  const scene = useRef<{
    render(): void;
    setColours(colours: Float32Array): void;
    setSize(px: number): void;
    reset(): void;
  } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the scene is built once per cloud; colours and size change in place below
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ antialias: false, powerPreference: 'high-performance' });
    } catch {
      onNoWebgl();
      return;
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    renderer.setClearColor(BACKGROUND);
    const canvas = renderer.domElement;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', t('pcd.canvasLabel', { name: photo.originalName }));
    canvas.dataset.testid = 'pcd-canvas';
    canvas.className = classes.canvas ?? '';
    host.appendChild(canvas);

    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(cloud.positions, 3));
    geometry.setAttribute('color', new BufferAttribute(coloursFor(cloud, mode), 3));
    geometry.computeBoundingSphere();
    const material = new PointsMaterial({ size, sizeAttenuation: false, vertexColors: true });
    const points = new Points(geometry, material);
    const world = new Scene();
    world.add(points);

    const sphere = geometry.boundingSphere;
    const centre = sphere?.center.clone() ?? new Vector3();
    const radius = Math.max(sphere?.radius ?? 1, 1e-6);
    const camera = new PerspectiveCamera(50, 1, radius / 1000, radius * 100);
    // z is up in scanners' files; seen from the side and a little above
    camera.up.set(0, 0, 1);
    const distance = radius / Math.sin((camera.fov * Math.PI) / 360);
    camera.position.copy(centre).add(new Vector3(0.45, -0.8, 0.4).normalize().multiplyScalar(distance));
    const controls = new OrbitControls(camera, canvas);
    controls.target.copy(centre);
    controls.update();
    controls.saveState();

    const render = () => renderer.render(world, camera);
    controls.addEventListener('change', render);
    const resize = () => {
      const { width, height: h } = host.getBoundingClientRect();
      if (width < 1 || h < 1) return;
      renderer.setSize(width, h, false);
      camera.aspect = width / h;
      camera.updateProjectionMatrix();
      render();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(host);
    resize();
    render();
    if (navigator.webdriver) {
      // for the benchmark: the first frame counts once it is drawn (WebGL works asynchronously)
      const gl = renderer.getContext();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    }
    const firstFrameAt = performance.now();
    host.dataset.state = 'ready';

    scene.current = {
      render,
      setColours(colours) {
        geometry.setAttribute('color', new BufferAttribute(colours, 3));
        render();
      },
      setSize(px) {
        material.size = px;
        render();
      },
      reset() {
        controls.reset();
        render();
      },
    };

    if (navigator.webdriver) {
      const gl = renderer.getContext();
      const readAll = () => {
        const { width, height: h } = { width: gl.drawingBufferWidth, height: gl.drawingBufferHeight };
        const pixels = new Uint8Array(width * h * 4);
        gl.readPixels(0, 0, width, h, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
        return pixels;
      };
      window.__windscopePointCloud = {
        photoId: photo.id,
        startedAt,
        answeredAt,
        firstFrameAt,
        fetchMs: cloud.fetchMs,
        parseMs: cloud.parseMs,
        shown: cloud.shown,
        total: cloud.total,
        litPixels() {
          render();
          const pixels = readAll();
          // the corner is always background: compared with it, whatever the colour space did to the clear colour
          const [r, g, b] = [pixels[0] as number, pixels[1] as number, pixels[2] as number];
          let lit = 0;
          for (let i = 0; i < pixels.length; i += 4) {
            if (
              Math.abs((pixels[i] as number) - r) + Math.abs((pixels[i + 1] as number) - g) + Math.abs((pixels[i + 2] as number) - b) >
              30
            )
              lit++;
          }
          return lit;
        },
        digest() {
          render();
          let hash = 2166136261;
          for (const byte of readAll()) hash = Math.imul(hash ^ byte, 16777619) >>> 0;
          return hash;
        },
        orbit(frames) {
          const one = new Uint8Array(4);
          const start = performance.now();
          const offset = camera.position.clone().sub(controls.target);
          for (let i = 0; i < frames; i++) {
            offset.applyAxisAngle(camera.up, (2 * Math.PI) / frames);
            camera.position.copy(controls.target).add(offset);
            camera.lookAt(controls.target);
            render();
            // waits for the frame to be drawn (WebGL is asynchronous)
            gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, one);
          }
          return (performance.now() - start) / frames;
        },
      };
    }

    return () => {
      if (window.__windscopePointCloud?.photoId === photo.id) window.__windscopePointCloud = undefined;
      scene.current = null;
      observer.disconnect();
      controls.dispose();
      geometry.dispose();
      material.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
      canvas.remove();
    };
  }, [cloud]);

  useEffect(() => {
    scene.current?.setColours(coloursFor(cloud, mode));
  }, [cloud, mode]);
  useEffect(() => {
    scene.current?.setSize(size);
  }, [size]);

  const count =
    cloud.shown < cloud.total
      ? t('pcd.countDecimated', { shown: format.number(cloud.shown), total: format.number(cloud.total) })
      : t('pcd.count', { count: cloud.shown, shown: format.number(cloud.shown) });
  return (
    <div
      className={classes.stage}
      style={{ height }}
      data-testid="pcd-viewer"
      data-colour={mode}
      data-shown={cloud.shown}
      data-total={cloud.total}
    >
      <div ref={hostRef} className={classes.host} data-testid="pcd-host" />
      <Group className={classes.toolbar} gap="sm" wrap="wrap" justify="space-between">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            size="xs"
            aria-label={t('pcd.colourBy')}
            value={mode}
            onChange={(value) => setMode(value as ColourMode)}
            data={modes.map((value) => ({ value, label: t(`pcd.colour.${value}`) }))}
            data-testid="pcd-colour"
          />
          <Group gap={6} wrap="nowrap">
            <Text size="xs" id={`pcd-size-${photo.id}`}>
              {t('pcd.pointSize')}
            </Text>
            <Slider
              w={110}
              size="sm"
              min={1}
              max={8}
              step={1}
              value={size}
              onChange={setSize}
              thumbProps={{ 'aria-labelledby': `pcd-size-${photo.id}` }}
              label={(value) => `${value} px`}
              data-testid="pcd-size"
            />
          </Group>
          <Button size="xs" variant="default" onClick={() => scene.current?.reset()} data-testid="pcd-reset">
            {t('pcd.reset')}
          </Button>
        </Group>
        <Text size="xs" data-testid="pcd-count">
          {count}
        </Text>
      </Group>
      <Text size="xs" className={classes.help}>
        {t('pcd.help')}
      </Text>
    </div>
  );
}
