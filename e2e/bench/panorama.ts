/**
 * Benchmark of the 360° route (issue 6, "Speed"): on the built app in Chromium, the time from opening
 * /dashboard/turbine/{id}/360-view to the first panorama on screen for an 8192×4096 image (target < 2 s on localhost,
 * the preview first), and a check that the 360° chunk (Photo Sphere Viewer + three.js) is loaded by no other route.
 * Prints figures; timings never fail the run, a leaked chunk does.   npm run bench:web:panorama
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const e2eDir = path.resolve(here, '..');
const distDir = path.resolve(e2eDir, '../apps/web/dist');
const PORT = Number(process.env.BENCH_PORT ?? 4306);
process.env.E2E_PORT = String(PORT);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const dataDir = path.join(e2eDir, `.e2e-data-bench-${PORT}`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
const ms = (value: number) => `${Math.round(value).toString().padStart(5)} ms`;

async function startServer(): Promise<ChildProcess> {
  rmSync(dataDir, { recursive: true, force: true });
  // its own process group, so stopping it stops tsx's child too
  const server = spawn(path.resolve(e2eDir, '../node_modules/.bin/tsx'), ['../apps/server/src/main.ts'], {
    cwd: e2eDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn', PUBLIC_URL: BASE },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stopServer(server);
  throw new Error(`the server did not start on ${BASE}`);
}

function stopServer(server: ChildProcess) {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}

/** Built files that hold Photo Sphere Viewer or three.js, found by their content. */
function sphereChunks(): Set<string> {
  const assets = path.join(distDir, 'assets');
  const found = new Set<string>();
  for (const name of readdirSync(assets)) {
    const text = readFileSync(path.join(assets, name), 'utf8');
    if (/psv-container|WebGLRenderer/.test(text)) found.add(`/assets/${name}`);
  }
  return found;
}

async function signedInPage(
  browser: Browser,
  session: { token: string; user: unknown },
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'tr-TR' });
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('windscope.auth.token', token);
      localStorage.setItem('windscope.auth.user', user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  return { page: await context.newPage(), close: () => context.close() };
}

async function timeOpen(page: Page, route: string) {
  await page.goto(`${BASE}${route}`);
  await page.waitForFunction(() => performance.getEntriesByName('windscope:panorama-preview').length > 0, null, { timeout: 60_000 });
  await page.waitForFunction(() => performance.getEntriesByName('windscope:panorama-original').length > 0, null, { timeout: 60_000 });
  // no helper functions inside evaluate: tsx would wrap them in a __name() the page does not have
  return page.evaluate(() => ({
    preview: performance.getEntriesByName('windscope:panorama-preview')[0]?.startTime ?? Number.NaN,
    original: performance.getEntriesByName('windscope:panorama-original')[0]?.startTime ?? Number.NaN,
  }));
}

async function main() {
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error('build the web app first: npm run build:web');
  const data = await import('../support/viewer-data.ts');
  const server = await startServer();
  let browser: Browser | null = null;
  try {
    const admin = await data.superadmin();
    const company = await data.egeCompanyId(admin);
    const turbineId = await data.createTurbine(admin, company, { code: 'BENCH-360', turbine_name: 'Bench 360' });
    const started = Date.now();
    const panorama = await data.makePanorama('BENCH 8K', 0, 8192, 4096, { texture: true });
    const [uploaded] = await data.uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', room: 1 }, [
      { name: 'bench-8k.jpg', bytes: panorama },
    ]);
    console.log(
      `8192×4096 JPEG of ${(panorama.length / 1024 / 1024).toFixed(1)} MB generated and uploaded in ${Date.now() - started} ms (photo ${uploaded?.id})`,
    );
    const route = `/dashboard/turbine/${turbineId}/360-view`;
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

    const cold: { preview: number; original: number }[] = [];
    const warm: { preview: number; original: number }[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const { page, close } = await signedInPage(browser, admin);
      cold.push(await timeOpen(page, route));
      if (run === 0) {
        const stats = await data.pictureStats(await page.getByTestId('panorama-sphere').screenshot());
        console.log(`panorama on screen: pixel standard deviation ${stats.stdev.toFixed(1)} (a blank canvas is 0)`);
      }
      warm.push(await timeOpen(page, route)); // same tab again: code and images in the browser cache
      await close();
    }
    console.log(`\nOpening ${route} (${RUNS} runs, fresh browser context each; times from navigation start)`);
    console.log('                         median      min      max');
    const row = (label: string, values: number[]) =>
      console.log(`${label.padEnd(24)}${ms(median(values))} ${ms(Math.min(...values))} ${ms(Math.max(...values))}`);
    row(
      'first panorama (cold)',
      cold.map((r) => r.preview),
    );
    row(
      'original 8K (cold)',
      cold.map((r) => r.original),
    );
    row(
      'first panorama (cached)',
      warm.map((r) => r.preview),
    );
    row(
      'original 8K (cached)',
      warm.map((r) => r.original),
    );
    const target = median(cold.map((r) => r.preview));
    console.log(
      `target: first panorama < 2000 ms -> ${target < 2000 ? 'met' : 'NOT met'} (median ${Math.round(target)} ms, preview first)`,
    );

    // which routes load the 360° engine
    const sphere = sphereChunks();
    console.log(`\n360° engine chunks in the build: ${[...sphere].join(', ')}`);
    const routes = [
      '/',
      '/about',
      '/contact',
      '/support',
      '/faq',
      '/privacy',
      '/login',
      '/password-reset',
      '/dashboard',
      `/dashboard/turbine/${turbineId}`,
      `/turbine/${turbineId}/operator-photos`,
      `/turbine/${turbineId}/drone-photos`,
      '/dashboard/users',
      '/dashboard/companies',
      route,
    ];
    let leaks = 0;
    for (const target of routes) {
      const { page, close } = await signedInPage(browser, admin);
      const loaded = new Set<string>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/assets/')) loaded.add(url.pathname);
      });
      await page.goto(`${BASE}${target}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const hits = [...loaded].filter((file) => sphere.has(file));
      const expected = target === route;
      if (!expected && hits.length > 0) leaks += 1;
      const verdict = expected ? (hits.length > 0 ? 'loads it (its own route)' : 'MISSING') : hits.length > 0 ? 'LOADS IT' : 'no';
      console.log(`${target.padEnd(40)} ${String(loaded.size).padStart(3)} assets   360° chunk: ${verdict}`);
      await close();
    }
    console.log(leaks === 0 ? '\nthe 360° chunk is loaded by the 360 route only' : `\n${leaks} other route(s) load the 360° chunk`);
    if (leaks > 0) process.exitCode = 1;
  } finally {
    await browser?.close();
    stopServer(server);
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
