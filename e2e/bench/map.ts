/**
 * npm run bench:web:map — the dashboard's map view (issue 27 item 2) with 2,000 turbines in Chromium (software WebGL).
 * Starts the server with the built web app on a fresh embedded database, creates 2,000 turbines through the API with
 * coordinates over Türkiye (sites of 5-20 turbines, a fifth without a position), then prints:
 *  - navigation to /dashboard?view=map to the map's first frame with the turbines drawn (the app's performance mark at
 *    MapLibre's first idle with data), and to the list beside it;
 *  - frames per second (requestAnimationFrame callbacks, which MapLibre draws in) while dragging the map (one mouse move
 *    per frame) and while zooming with the wheel in and out.
 * Each load prints its steps (the app's marks and the responses' ends, ms from navigation start). BENCH_BASELINE_DIST:
 * another build measured against this one first, loads alternating (both served from their folders). BENCH_ONLY=first:
 * the first frames only. Prints figures with the load average; never pass/fail. BENCH_PORT (4391), RUNS (3),
 * BENCH_TURBINES (2000).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { benchApi, percentile, startBenchServer, stopBenchServer } from './bench-server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4391);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.RUNS ?? 3);
const TURBINES = Number(process.env.BENCH_TURBINES ?? 2000);
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--no-first-run',
];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

const call = benchApi(BASE);

/** Sites spread over Türkiye (lat 36-42, lng 26-44), 5-20 turbines each a few hundred metres apart. */
async function createTurbines(token: string, companyIds: number[]) {
  let next = 0;
  const worker = async () => {
    while (next < TURBINES) {
      const i = next++;
      const site = Math.floor(i / 12);
      const siteLat = 36.2 + ((site * 0.618) % 1) * 5.6;
      const siteLng = 26.2 + ((site * 0.381) % 1) * 17.5;
      const placed = i % 5 !== 4;
      await call(token, 'POST', '/turbines', {
        turbine_name: `Harita ${site + 1}-${i + 1}`,
        city: 'izmir',
        code: `MAP-${String(i + 1).padStart(4, '0')}`,
        location: `Saha ${site + 1}`,
        rooms: 3,
        company_id: companyIds[i % companyIds.length],
        ...(placed ? { coordinates: `${(siteLat + (i % 12) * 0.004).toFixed(5)},${(siteLng + (i % 3) * 0.005).toFixed(5)}` } : {}),
      });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

interface FirstFrame {
  drawn: number;
  list: number;
  wall: number;
  /** the steps on the way (ms from navigation start): the app's marks and the responses' ends */
  steps: Record<string, number>;
  /** the load average right after */
  load?: string;
}

/** The app's marks on the way to the first frame (fleet-map.tsx), in order. */
const MARKS = ['chunk', 'style', 'load', 'drawn'] as const;
/** Responses whose end is a step: the turbine list, the map chunk, the map settings, the outlines, MapLibre's worker. */
const RESOURCES: [string, RegExp][] = [
  ['turbines', /\/api\/turbines(\?|$)/],
  ['map chunk', /\/assets\/fleet-map-[^/]*\.js$/],
  ['settings', /\/api\/map\/settings/],
  ['outlines 110m', /countries-110m[^/]*\.json$/],
  ['outlines 50m', /countries-50m[^/]*\.json$/],
  ['worker', /maplibre-gl-worker[^/]*\.m?js$/],
];

async function timeFirstFrame(page: Page): Promise<FirstFrame> {
  const started = Date.now();
  await page.goto(`${BASE}/dashboard?view=map`);
  await page.waitForFunction(() => performance.getEntriesByName('windscope:fleet-map-drawn').length > 0, null, { timeout: 120_000 });
  const wall = Date.now() - started;
  // the list beside the map may come after the first frame (a deferred render): its time is printed too
  await page
    .waitForFunction(() => (window as unknown as { __mapList?: number }).__mapList !== undefined, null, { timeout: 10_000 })
    .catch(() => undefined);
  // the outlines at full detail come after the first frame: wait a little for them, so their time is printed too
  await page
    .waitForFunction(() => performance.getEntriesByName('windscope:fleet-map-detail').length > 0, null, { timeout: 10_000 })
    .catch(() => undefined);
  const measured = await page.evaluate(
    ([marks, resources]) => {
      const steps: Record<string, number> = {};
      for (const mark of [...marks, 'detail']) {
        const entry = performance.getEntriesByName(`windscope:fleet-map-${mark}`)[0];
        if (entry) steps[`mark ${mark}`] = entry.startTime;
      }
      for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        for (const [label, source] of resources)
          if (new RegExp(source).test(entry.name) && steps[label] === undefined) {
            steps[`${label} asked`] = entry.startTime;
            steps[label] = entry.responseEnd;
          }
      return {
        drawn: performance.getEntriesByName('windscope:fleet-map-drawn')[0]?.startTime ?? Number.NaN,
        list: (window as unknown as { __mapList?: number }).__mapList ?? Number.NaN,
        steps,
      };
    },
    [MARKS, RESOURCES.map(([label, re]): [string, string] => [label, re.source])] as const,
  );
  return { wall, ...measured };
}

/** Frames per second while `act` runs: requestAnimationFrame callbacks counted in the page. */
async function framesDuring(
  page: Page,
  act: () => Promise<void>,
): Promise<{ fps: number; frames: number; seconds: number; worst: number }> {
  // a string, not a function: tsx would wrap a named helper in a __name() the page does not have
  await page.evaluate(`(() => {
    const state = { frames: 0, last: performance.now(), worst: 0, running: true };
    window.__frames = state;
    const tick = (now) => {
      if (!state.running) return;
      state.frames++;
      state.worst = Math.max(state.worst, now - state.last);
      state.last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const started = Date.now();
  await act();
  const seconds = (Date.now() - started) / 1000;
  const { frames, worst } = await page.evaluate(() => {
    const state = (window as unknown as { __frames: { frames: number; worst: number; running: boolean } }).__frames;
    state.running = false;
    return state;
  });
  return { fps: frames / seconds, frames, seconds, worst };
}

async function main() {
  const dataDir = path.join(tmpdir(), `windscope-bench-map-${PORT}`);
  const server = await startBenchServer(PORT, dataDir, 300_000);
  try {
    const login = await call<{ data: { token: string; user: unknown } }>(null, 'POST', '/auth/login', {
      email: 'superadmin@windscope.example',
      password: 'demo1234',
    });
    const { token, user } = login.data;
    const companies = await call<{ data: { id: number }[] }>(token, 'GET', '/companies');
    const seeding = Date.now();
    await createTurbines(
      token,
      companies.data.map((c) => c.id),
    );
    const all = await call<{ data: unknown[] }>(token, 'GET', '/turbines');
    console.log(
      `${all.data.length} turbines (${TURBINES} created through the API in ${((Date.now() - seeding) / 1000).toFixed(1)} s); load ${load()}`,
    );

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    /** A signed-in page; with `dist`, that build's page and assets served from its folder in place of the server's. */
    const openPage = async (dist?: string) => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'tr-TR' });
      if (dist) {
        await context.route(
          (url) => !url.pathname.startsWith('/api/'),
          (route) => {
            const { pathname } = new URL(route.request().url());
            const file = pathname.startsWith('/assets/') ? path.join(dist, pathname) : null;
            // .mjs (MapLibre's worker) as JavaScript: a module worker refuses another type
            if (file && existsSync(file))
              return route.fulfill({ path: file, ...(file.endsWith('.mjs') ? { contentType: 'text/javascript' } : {}) });
            if (route.request().resourceType() === 'document') return route.fulfill({ path: path.join(dist, 'index.html') });
            return route.continue();
          },
        );
      }
      await context.addInitScript(
        ([t, u]) => {
          localStorage.setItem('windscope.auth.token', t);
          localStorage.setItem('windscope.auth.user', u);
          localStorage.setItem('windscope.language', 'tr');
          const observer = new MutationObserver(() => {
            if (!document.querySelector('[data-testid="map-list-item"]')) return;
            observer.disconnect();
            (window as unknown as { __mapList: number }).__mapList = performance.now();
          });
          observer.observe(document, { childList: true, subtree: true });
        },
        [token, JSON.stringify(user)] as const,
      );
      return context.newPage();
    };
    const page = await openPage();
    const renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'no WebGL';
    });
    console.log(`WebGL renderer: ${renderer}`);

    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const printLoad = (label: string, l: FirstFrame) => {
      console.log(
        `  ${label}: drawn ${ms(l.drawn)} (list beside it in the DOM ${ms(l.list)}; Playwright goto -> drawn ${ms(l.wall)}); load ${l.load}`,
      );
      const steps = Object.entries(l.steps).sort((a, b) => a[1] - b[1]);
      console.log(`    steps: ${steps.map(([step, at]) => `${step} ${ms(at)}`).join(', ')}`);
    };
    const median = (loads: FirstFrame[]) =>
      ms(
        percentile(
          loads.map((l) => l.drawn),
          50,
        ),
      );

    // BENCH_BASELINE_DIST: another build (e.g. a copy of dist before a change) against this one, loads alternating on the
    // same server and data, both builds served from their folders (no compression) so they compare under the same load
    const baseline = process.env.BENCH_BASELINE_DIST;
    if (baseline) {
      const builds = [
        ['baseline', await openPage(path.resolve(baseline))],
        ['this build', await openPage(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../../apps/web/dist'))],
      ] as const;
      const byBuild = new Map<string, FirstFrame[]>();
      console.log(`\nA/B, the builds served from their folders, alternating (${RUNS} loads each, the first with a cold cache)`);
      for (let i = 0; i < RUNS; i++)
        for (const [label, abPage] of builds) {
          const result = { ...(await timeFirstFrame(abPage)), load: load() };
          byBuild.set(label, [...(byBuild.get(label) ?? []), result]);
          printLoad(`${label}, load ${i + 1}`, result);
        }
      for (const [label, results] of byBuild) console.log(`  median drawn, ${label}: ${median(results)}`);
      for (const [, abPage] of builds) await abPage.context().close();
    }

    console.log(
      `\nNavigation to the map's first frame with the turbines drawn, as the server sends the build (${RUNS} loads, the first with a cold cache)`,
    );
    const loads: FirstFrame[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = { ...(await timeFirstFrame(page)), load: load() };
      loads.push(result);
      printLoad(`load ${i + 1}`, result);
    }
    const placed = await page.getByTestId('fleet-map').getAttribute('data-placed');
    console.log(`  median drawn: ${median(loads)}; ${placed} turbines placed on the map, the rest under "no position"; load ${load()}`);
    if (process.env.BENCH_ONLY === 'first') {
      await browser.close();
      return;
    }

    const box = await page.getByTestId('map-canvas-box').boundingBox();
    if (!box) throw new Error('no map');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const pans: Awaited<ReturnType<typeof framesDuring>>[] = [];
    const zooms: Awaited<ReturnType<typeof framesDuring>>[] = [];
    for (let round = 0; round < RUNS; round++) {
      pans.push(
        await framesDuring(page, async () => {
          await page.mouse.move(cx, cy);
          await page.mouse.down();
          for (let step = 0; step < 180; step++) {
            const angle = (step / 180) * Math.PI * 2;
            await page.mouse.move(cx + Math.cos(angle) * 200, cy + Math.sin(angle) * 120);
            await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
          }
          await page.mouse.up();
        }),
      );
      zooms.push(
        await framesDuring(page, async () => {
          await page.mouse.move(cx, cy);
          for (const direction of [-1, 1]) {
            for (let step = 0; step < 30; step++) {
              await page.mouse.wheel(0, direction * 120);
              await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
            }
            await page.waitForTimeout(400);
          }
        }),
      );
    }
    await browser.close();

    const fps = (label: string, runs: Awaited<ReturnType<typeof framesDuring>>[]) =>
      console.log(
        `${label}: ${runs.map((r) => r.fps.toFixed(1)).join(', ')} frames/s (${runs.map((r) => `${r.frames} in ${r.seconds.toFixed(1)} s`).join('; ')}), longest frame ${ms(Math.max(...runs.map((r) => r.worst)))}`,
      );
    fps('Drag (one mouse move per frame, 180 moves)', pans);
    fps('Wheel zoom (30 steps in, 30 out)', zooms);
    console.log(`load ${load()}`);
  } finally {
    stopBenchServer(server);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
