/**
 * Benchmark of the year compare (issue 16 item 3, "Speed"): two Photo Sphere Viewers side by side, one dragged by a
 * scripted mouse (one move per animation frame, the viewer's own handlers), the other following. Per frame, every view
 * each viewer actually drew (its 'render', from its own loop or the same-frame renderNow) is recorded with the frame's
 * time; the follower's lag is, for each view the leader drew, the frames until the follower drew the same view.
 * Target: the follower lags the leader by at most one frame (max lag <= 1). Both ways: dragging the left viewer and the
 * right one (their loops run in a fixed order in a frame, so one of the two directions needs the same-frame draw).
 * Prints figures with the load; never fails on timing.   npm run bench:web:compare
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { percentile, startBenchServer, stopBenchServer } from './bench-server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const e2eDir = path.resolve(here, '..');
const distDir = path.resolve(e2eDir, '../apps/web/dist');
const PORT = Number(process.env.BENCH_PORT ?? 4307);
process.env.E2E_PORT = String(PORT);
const BASE = `http://127.0.0.1:${PORT}`;
const FRAMES = Number(process.env.BENCH_DRAG_FRAMES ?? 240);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const dataDir = path.join(e2eDir, `.e2e-data-bench-${PORT}`);

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** The drag, in the page: records the frames and what each viewer drew in them. A string, so tsx adds no helpers. */
const DRAG_SCRIPT = (side: 'a' | 'b', frames: number, sameFrame: boolean) => `(async () => {
  const hook = window.__windscopeCompare;
  // the control: the follower's same-frame draw switched off (it then draws in its own next loop)
  const kept = { a: hook.a.renderNow, b: hook.b.renderNow };
  if (!${sameFrame}) { hook.a.renderNow = () => {}; hook.b.renderNow = () => {}; }
  const drawn = { a: [], b: [] };
  const stops = ['a', 'b'].map((s) => hook[s].onRender((frame, view) => drawn[s].push({ frame, yaw: view.yaw, pitch: view.pitch, zoom: view.zoom })));
  const container = document.querySelector('[data-testid="compare-sphere-${side}"] .psv-container');
  const box = container.getBoundingClientRect();
  let x = box.left + box.width * 0.8;
  let y = box.top + box.height * 0.45;
  const fire = (type, target) => target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0, buttons: 1, view: window }));
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const times = [];
  await frame();
  container.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: x, clientY: y, button: 0 }));
  fire('mousedown', container);
  for (let i = 0; i < ${frames}; i += 1) {
    x -= 3;
    y += i % 40 < 20 ? 1 : -1;
    if (x < box.left + box.width * 0.2) x = box.left + box.width * 0.8;
    fire('mousemove', window);
    times.push(await frame());
  }
  fire('mouseup', window);
  // the inertia after letting go, followed too
  for (let i = 0; i < 60; i += 1) times.push(await frame());
  for (const stop of stops) stop();
  hook.a.renderNow = kept.a;
  hook.b.renderNow = kept.b;
  return { times, drawn, leader: hook.leader() };
})()`;

interface Drawn {
  frame: number;
  yaw: number;
  pitch: number;
  zoom: number;
}

/** For each view the leader drew, the frames until the follower drew it (the same direction and zoom). */
function lags(times: number[], leader: Drawn[], follower: Drawn[]) {
  const index = new Map<number, number>();
  for (const t of [...new Set([...times, ...leader.map((d) => d.frame), ...follower.map((d) => d.frame)])].sort((a, b) => a - b))
    index.set(t, index.size);
  const same = (p: Drawn, q: Drawn) =>
    Math.abs(p.yaw - q.yaw) < 1e-6 && Math.abs(p.pitch - q.pitch) < 1e-6 && Math.abs(p.zoom - q.zoom) < 1e-6;
  const result: number[] = [];
  let missing = 0;
  for (const view of leader) {
    const at = index.get(view.frame) ?? 0;
    const match = follower.find((f) => (index.get(f.frame) ?? 0) >= at && same(f, view));
    if (!match) missing += 1;
    else result.push((index.get(match.frame) ?? 0) - at);
  }
  return { lags: result, missing };
}

async function main() {
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error('build the web app first: npm run build:web');
  const data = await import('../support/viewer-data.ts');
  const server = await startBenchServer(PORT, dataDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const admin = await data.superadmin();
    const company = await data.egeCompanyId(admin);
    const turbineId = await data.createTurbine(admin, company, { code: `BENCH-CMP-${Date.now()}`, turbine_name: 'Bench compare' });
    for (const [year, seed] of [
      [2025, 0],
      [2026, 3],
    ] as const) {
      const [photo] = await data.uploadPhotos(admin, turbineId, { year, blade: 'A', room: 1 }, [
        { name: `bench-${year}.jpg`, bytes: await data.makePanorama(`BENCH ${year}`, seed, 4096, 2048, { texture: true }) },
      ]);
      // a few findings on each side (drawn on both sides as markers)
      for (let i = 0; i < 12; i += 1) {
        const yaw = (i * 0.5) % (2 * Math.PI);
        await data.apiData(admin, 'POST', `/turbines/${turbineId}/findings`, {
          blade: 'A',
          surface: 'interior',
          room: 1,
          type: 'crack',
          severity: 1 + (i % 5),
          observation: { photo_id: photo?.id, geometry: { space: 'panorama', shape: 'point', points: [[yaw, Math.sin(i) * 0.5]] } },
        });
      }
    }
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'tr-TR' });
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('windscope.auth.token', token);
        localStorage.setItem('windscope.auth.user', user);
      },
      [admin.token, JSON.stringify(admin.user)] as const,
    );
    const page = await context.newPage();
    await page.goto(`${BASE}/dashboard/turbine/${turbineId}/compare`);
    for (const side of ['a', 'b'])
      await page.waitForSelector(`[data-testid="compare-stage-${side}"][data-load-stage="original"]`, { timeout: 60_000 });
    await page.waitForFunction(() => 'webdriver' in navigator && (window as { __windscopeCompare?: unknown }).__windscopeCompare);

    console.log(
      `\nYear compare, two synced panoramas (4096×2048, 24 findings drawn on each side), 1366×850, Chromium ${CHROMIUM_ARGS.includes('--disable-gpu') ? 'software WebGL' : 'GPU'}`,
    );
    console.log(`scripted drag: ${FRAMES} frames with one mouse move each, then 60 frames of inertia; ${RUNS} runs per side`);
    let worst = 0;
    for (const [side, sameFrame] of [
      ['a', true],
      ['b', true],
      ['a', false],
      ['b', false],
    ] as const) {
      if (!sameFrame && side === 'a') console.log('control, the same-frame draw (renderNow) switched off:');
      const all: number[] = [];
      const frameMs: number[] = [];
      let missing = 0;
      let views = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const result = (await page.evaluate(DRAG_SCRIPT(side, FRAMES, sameFrame))) as {
          times: number[];
          drawn: { a: Drawn[]; b: Drawn[] };
          leader: string;
        };
        if (result.leader !== side) throw new Error(`the dragged viewer ${side} did not lead (${result.leader})`);
        const follower = side === 'a' ? 'b' : 'a';
        const measured = lags(result.times, result.drawn[side], result.drawn[follower]);
        all.push(...measured.lags);
        missing += measured.missing;
        views += result.drawn[side].length;
        for (let i = 1; i < result.times.length; i += 1) frameMs.push((result.times[i] ?? 0) - (result.times[i - 1] ?? 0));
      }
      const max = Math.max(...all);
      if (sameFrame) worst = Math.max(worst, max, missing > 0 ? Number.POSITIVE_INFINITY : 0);
      console.log(
        `${sameFrame ? '' : '  '}drag the ${side === 'a' ? 'left' : 'right'} viewer: ${views} views drawn by the leader; follower lag in frames median ${percentile(all, 50)}, p95 ${percentile(all, 95)}, max ${max}` +
          `${missing ? `, ${missing} never drawn by the follower` : ''}; frame time median ${percentile(frameMs, 50).toFixed(1)} ms, p95 ${percentile(frameMs, 95).toFixed(1)} ms   (load ${load()})`,
      );
    }
    console.log(`target: the follower lags the leader by at most one frame -> ${worst <= 1 ? 'met' : 'NOT met'} (max ${worst})`);
  } finally {
    await browser.close();
    stopBenchServer(server);
  }
}

await main();
