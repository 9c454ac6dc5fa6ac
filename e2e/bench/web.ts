// npm run bench:web — what the home page costs and how fast it paints:
//   1. the JS + CSS that `/` loads (gzip): every JS and CSS response of a real visit until the network is idle
//      (what loads after the first paint included; this is the figure the target is judged on), and for comparison
//      the static imports from Vite's manifest (the build's budget),
//   2. the management chunks (gzip), which `/` must never load,
//   3. LCP and CLS of the built home page in headless Chromium (PerformanceObserver), median of cold loads.
// Targets (issue 3, on localhost): JS + CSS <= 170 KB gzip, LCP <= 1.0 s, CLS <= 0.05.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGETS = { homeKb: 170, lcpMs: 1000, cls: 0.05 };

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const HOME_ROUTE = ['index.html', 'src/features/public/layout/public-layout.tsx', 'src/features/public/home/home-page.tsx'];
const MANAGEMENT = {
  'management area (gate, session check)': 'src/app/management-area.tsx',
  'dashboard /dashboard': 'src/features/dashboard/dashboard-page.tsx',
  'turbine detail': 'src/features/turbine/turbine-page.tsx',
  '360° viewer': 'src/features/panorama/panorama-page.tsx',
  'operator / drone photos': 'src/features/category-photos/category-photos-page.tsx',
  users: 'src/features/users/users-page.tsx',
  companies: 'src/features/companies/companies-page.tsx',
  login: 'src/features/auth/login/login-page.tsx',
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
const gzipOf = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key} (build the web app first)`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function reportSizes(): { homeBytes: number } {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const home = closure(manifest, HOME_ROUTE);
  const rows = [...home].map((file) => ({ file, gzip: gzipOf(file) })).sort((a, b) => b.gzip - a.gzip);
  const homeBytes = rows.reduce((sum, row) => sum + row.gzip, 0);
  const js = rows.filter((row) => row.file.endsWith('.js')).reduce((sum, row) => sum + row.gzip, 0);
  console.log('\nJS + CSS that `/` loads (static imports of the entry, public layout and home page; gzip -9):');
  for (const row of rows.slice(0, 12)) console.log(`  ${kb(row.gzip)}  ${row.file}`);
  if (rows.length > 12) console.log(`  ${kb(rows.slice(12).reduce((sum, row) => sum + row.gzip, 0))}  ${rows.length - 12} smaller files`);
  console.log(`  ${kb(js)}  JS`);
  console.log(`  ${kb(homeBytes - js)}  CSS`);
  console.log(`  ${kb(homeBytes)}  total   (target <= ${TARGETS.homeKb} KB: ${homeBytes <= TARGETS.homeKb * 1024 ? 'met' : 'MISSED'})`);

  console.log('\nManagement and sign-in chunks (gzip; "extra" = what opening it adds to what `/` already loaded):');
  for (const [label, key] of Object.entries(MANAGEMENT)) {
    const chunk = manifest[key];
    if (!chunk) {
      console.log(`  ${label}: not in the manifest`);
      continue;
    }
    const own = [chunk.file, ...(chunk.css ?? [])].reduce((sum, file) => sum + gzipOf(file), 0);
    const extra = [...closure(manifest, [key])].filter((file) => !home.has(file)).reduce((sum, file) => sum + gzipOf(file), 0);
    const leaked = home.has(chunk.file) ? '   LOADED BY `/`!' : '';
    console.log(`  ${kb(own)} own  ${kb(extra)} extra  ${label}${leaked}`);
  }
  return { homeBytes };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  // the same tsx loader this script runs under
  const child = spawn(process.execPath, [...process.execArgv, path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  child.kill();
  throw new Error('the server did not start within 90 s');
}

interface Vitals {
  lcp: number;
  lcpElement: string;
  cls: number;
}

/** Installed before any page script: LCP (last candidate) and CLS (largest session window, as web-vitals counts it). */
function observeVitals() {
  const state = { lcp: 0, lcpElement: '', cls: 0, window: 0, first: 0, last: 0 };
  (window as unknown as { __vitals: typeof state }).__vitals = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      state.lcp = entry.startTime;
      const element = entry.element;
      state.lcpElement = element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}` : '?';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (entry.hadRecentInput) continue;
      if (state.window && entry.startTime - state.last < 1000 && entry.startTime - state.first < 5000) state.window += entry.value;
      else {
        state.window = entry.value;
        state.first = entry.startTime;
      }
      state.last = entry.startTime;
      state.cls = Math.max(state.cls, state.window);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function measure(baseUrl: string): Promise<{ runs: Vitals[]; loadedBytes: number; loadedFiles: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const runs: Vitals[] = [];
  let loadedBytes = 0;
  let loadedFiles = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      // a fresh context each time: a first visit, nothing cached
      const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'tr-TR' });
      const page = await context.newPage();
      await page.addInitScript(observeVitals);
      const assets = new Map<string, number>();
      page.on('response', async (response) => {
        const url = response.url();
        if (!/\.(js|css)(\?|$)/.test(url)) return;
        const body = await response.body().catch(() => undefined);
        if (body) assets.set(url, gzipSync(body, { level: 9 }).length);
      });
      await page.goto(baseUrl, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      // everything `/` fetches, lazy chunks after the first paint included
      await page.waitForLoadState('networkidle');
      // let the page settle: fonts, pictures, the floating button (1 s), a first slideshow change (3 s)
      await page.waitForTimeout(3500);
      runs.push(await page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals));
      if (run === 0) {
        loadedBytes = [...assets.values()].reduce((sum, size) => sum + size, 0);
        loadedFiles = assets.size;
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { runs, loadedBytes, loadedFiles };
}

async function main() {
  const { homeBytes } = reportSizes();
  // BENCH_URL: measure a server already running (serving this build) instead of starting one
  const given = process.env.BENCH_URL;
  const port = given ? 0 : await freePort();
  const dataDir = given ? '' : mkdtempSync(path.join(tmpdir(), 'windscope-bench-'));
  if (!given) console.log(`\nStarting the server on port ${port} (embedded database in ${dataDir})…`);
  const server = given ? null : await startServer(port, dataDir);
  try {
    const { runs, loadedBytes, loadedFiles } = await measure(given ?? `http://127.0.0.1:${port}/`);
    const loadedMet = loadedBytes <= TARGETS.homeKb * 1024;
    console.log(
      `\nJS + CSS a real visit to \`/\` downloaded until the network was idle (${loadedFiles} files, gzip -9, what loads after the first paint included): ${kb(loadedBytes).trim()}   (target <= ${TARGETS.homeKb} KB: ${loadedMet ? 'met' : 'MISSED'})`,
    );
    const lcp = median(runs.map((run) => run.lcp));
    const cls = median(runs.map((run) => run.cls));
    console.log(`\nHome page in headless Chromium, ${RUNS} cold loads at 1366 × 850 (localhost, no throttling):`);
    runs.forEach((run, i) => {
      console.log(`  run ${i + 1}: LCP ${run.lcp.toFixed(0).padStart(5)} ms (${run.lcpElement})   CLS ${run.cls.toFixed(4)}`);
    });
    console.log(`  median LCP ${lcp.toFixed(0)} ms   (target <= ${TARGETS.lcpMs} ms: ${lcp <= TARGETS.lcpMs ? 'met' : 'MISSED'})`);
    console.log(`  median CLS ${cls.toFixed(4)}   (target <= ${TARGETS.cls}: ${cls <= TARGETS.cls ? 'met' : 'MISSED'})`);
    console.log(
      `  load average while measuring (1, 5, 15 min): ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    );
    const met = homeBytes <= TARGETS.homeKb * 1024 && loadedMet && lcp <= TARGETS.lcpMs && cls <= TARGETS.cls;
    console.log(met ? '\nAll targets met.' : '\nSome targets missed.');
  } finally {
    server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
