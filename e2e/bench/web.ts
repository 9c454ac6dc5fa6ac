// npm run bench:web — what the home page costs, as the real server (`npm start`: apps/server/src/main.ts serving the
// build) transfers it, and how fast it paints:
//   1. the JS + CSS that `/` loads by the build's manifest (gzip -9 of each file: the build's budget),
//   2. the management chunks, which `/` must never load,
//   3. the bytes a first visit to `/` transferred, as Chromium counted them on the wire (headers and bodies, the server's
//      own compression: over plain HTTP Chromium asks for gzip, over HTTPS for brotli), per resource type,
//   4. LCP and CLS of `/` in headless Chromium at 1366 × 850, no throttling, median of cold loads,
//   5. Lighthouse 12 (its default mobile profile: simulated slow 4G, 4x CPU slowdown) on `/` and `/login`, median of
//      BENCH_RUNS (5) runs each: LCP, FCP, TBT, CLS, performance score, with the diagnostics of the median run.
// Targets: issue 3 (localhost): JS + CSS <= 170 KB, LCP <= 1.0 s, CLS <= 0.05; issue 22: JS + CSS `/` transferred
// <= 170 KB; Lighthouse LCP <= 2.5 s and performance score >= 0.9 on both pages.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { ROUTE_MODULES } from '../../apps/web/scripts/route-preloads.mjs';
import { type Manifest, manifestClosure, readManifest } from '../../apps/web/scripts/vite-manifest.mjs';
import { CHROMIUM_ARGS } from '../playwright.config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
// WEB_DIST: another build (the server reads the same variable), e.g. a copy of the build before a change
const DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(ROOT, 'apps/web/dist');
// BENCH_PAGES=/login: Lighthouse on these pages only, without the byte and unthrottled parts (a quick look)
const PAGES = process.env.BENCH_PAGES?.split(',')
  .map((page) => page.trim())
  .filter(Boolean);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGETS = { homeKb: 170, lcpMs: 1000, cls: 0.05, lighthouseLcpMs: 2500, lighthouseScore: 0.9 };
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-extensions',
];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

const HOME_ROUTE = ['index.html', ...(ROUTE_MODULES['/'] ?? [])];
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

/** The JS and CSS files the modules `keys` load with their static imports (the build's own manifest reader). */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const { js, css } = manifestClosure(manifest, keys);
  return new Set([...js, ...css]);
}

function reportSizes(): { homeBytes: number } {
  const manifest = readManifest(DIST);
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
    // as `npm start` runs it (MALLOC_ARENA_MAX=2)
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // the embedded database and the demo seed: over a minute on a busy machine (as the e2e server's 180 s)
  const deadline = Date.now() + 180_000;
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
  throw new Error('the server did not start within 180 s');
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

interface Transfer {
  url: string;
  /** by the file's extension: script, stylesheet, image, font, document, other */
  type: string;
  encoding: string;
  /** bytes on the wire: the body as sent (compressed) plus the response headers (Resource Timing transferSize) */
  wire: number;
  /** the body as sent (encodedBodySize) */
  body: number;
  /** the body as the page got it (decodedBodySize) */
  decoded: number;
}

function typeOf(url: string, initiator: string): string {
  const pathname = new URL(url).pathname;
  if (initiator === 'navigation') return 'document';
  if (/\.m?js$/.test(pathname)) return 'script';
  if (/\.css$/.test(pathname)) return 'stylesheet';
  if (/\.(png|jpe?g|webp|avif|svg|gif|ico)$/.test(pathname)) return 'image';
  if (/\.(woff2?|ttf|otf)$/.test(pathname)) return 'font';
  return initiator === 'fetch' || initiator === 'xmlhttprequest' ? 'api' : 'other';
}

/** Cold loads of `/`: LCP and CLS of each, and (first run) every response's bytes as transferred (Resource Timing:
 *  transferSize and encodedBodySize, which Chromium counts on the wire) with its Content-Encoding (DevTools protocol). */
async function measure(baseUrl: string): Promise<{ runs: Vitals[]; transfers: Transfer[] }> {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROMIUM_ARGS });
  const runs: Vitals[] = [];
  let transfers: Transfer[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      // a fresh context each time: a first visit, nothing cached
      const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'tr-TR' });
      const page = await context.newPage();
      await page.addInitScript(observeVitals);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const encodings = new Map<string, string>();
      cdp.on('Network.responseReceived', (event) => {
        const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
        encodings.set(event.response.url, headers['content-encoding'] ?? '');
      });
      await page.goto(baseUrl, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      // everything `/` fetches, lazy chunks after the first paint included
      await page.waitForLoadState('networkidle');
      // let the page settle: fonts, pictures, the floating button (1 s), a first slideshow change (3 s)
      await page.waitForTimeout(3500);
      runs.push(await page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals));
      if (run === 0) {
        const entries = await page.evaluate(() =>
          [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => {
            const r = e as PerformanceResourceTiming;
            return { url: r.name, initiator: r.initiatorType, wire: r.transferSize, body: r.encodedBodySize, decoded: r.decodedBodySize };
          }),
        );
        transfers = entries.map((e) => ({
          url: e.url,
          type: typeOf(e.url, e.initiator),
          encoding: encodings.get(e.url) ?? '',
          wire: e.wire,
          body: e.body,
          decoded: e.decoded,
        }));
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { runs, transfers };
}

function reportTransfers(transfers: Transfer[]): number {
  const byType = new Map<string, { wire: number; body: number; decoded: number; files: number }>();
  for (const t of transfers) {
    const row = byType.get(t.type) ?? { wire: 0, body: 0, decoded: 0, files: 0 };
    row.wire += t.wire;
    row.body += t.body;
    row.decoded += t.decoded;
    row.files += 1;
    byType.set(t.type, row);
  }
  const sum = (list: Transfer[], pick: (t: Transfer) => number) => list.reduce((total, t) => total + pick(t), 0);
  const code = transfers.filter((t) => t.type === 'script' || t.type === 'stylesheet');
  const codeBody = sum(code, (t) => t.body);
  const encodings = [...new Set(code.map((t) => t.encoding || 'none'))].join(', ');
  console.log('\nA first visit to `/` as `npm start` transferred it (Resource Timing: bodies as sent; with headers; decoded):');
  console.log(`  ${'body'.padStart(10)}  ${'+ headers'.padStart(10)}  ${'decoded'.padStart(10)}`);
  const line = (body: number, wire: number, decoded: number, label: string) =>
    console.log(`  ${kb(body).padStart(10)}  ${kb(wire).padStart(10)}  ${kb(decoded).padStart(10)}  ${label}`);
  for (const [type, row] of [...byType].sort((a, b) => b[1].body - a[1].body))
    line(row.body, row.wire, row.decoded, `${row.files} ${type}`);
  line(
    sum(transfers, (t) => t.body),
    sum(transfers, (t) => t.wire),
    sum(transfers, (t) => t.decoded),
    `everything (${transfers.length} responses)`,
  );
  line(
    codeBody,
    sum(code, (t) => t.wire),
    sum(code, (t) => t.decoded),
    `JS + CSS (${code.length} files; content-encoding: ${encodings})`,
  );
  const met = codeBody <= TARGETS.homeKb * 1024;
  console.log(`  JS + CSS transferred (bodies): ${kb(codeBody).trim()}   (target <= ${TARGETS.homeKb} KB: ${met ? 'met' : 'MISSED'})`);
  const largest = [...transfers].sort((a, b) => b.body - a.body).slice(0, 6);
  console.log('  largest:');
  for (const t of largest)
    console.log(`    ${kb(t.body)}  ${t.type.padEnd(10)} ${(t.encoding || 'none').padEnd(5)} ${new URL(t.url).pathname}`);
  return codeBody;
}

interface LighthouseFigures {
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  score: number;
  lhr: LighthouseResult;
}

const numeric = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Lighthouse's default config: the mobile profile with simulated throttling (slow 4G, 4x CPU). */
async function lighthouseRuns(url: string, port: number): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = [];
  for (let run = 0; run < RUNS; run++) {
    let lhr: LighthouseResult | undefined;
    // Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART, NO_FCP): that run is taken again
    for (let attempt = 1; !lhr; attempt++) {
      const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      if (!result.lhr.runtimeError) lhr = result.lhr;
      else if (attempt >= 3) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
      else console.log(`  (run ${run + 1}: ${result.lhr.runtimeError.code}, taken again)`);
    }
    figures.push({
      lcp: numeric(lhr, 'largest-contentful-paint'),
      fcp: numeric(lhr, 'first-contentful-paint'),
      tbt: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      score: lhr.categories.performance?.score ?? 0,
      lhr,
    });
  }
  return figures;
}

type Details = { items?: Record<string, unknown>[] };
const itemsOf = (lhr: LighthouseResult, id: string) =>
  ((lhr.audits[id]?.details as Details | undefined)?.items ?? []) as Record<string, unknown>[];

/** What Lighthouse says slows the page: the LCP element and its phases, render-blocking requests, main-thread work,
 *  unused JavaScript. */
function diagnostics(lhr: LighthouseResult) {
  const lcpItems = itemsOf(lhr, 'largest-contentful-paint-element');
  const element = (lcpItems[0] as { items?: { node?: { snippet?: string; nodeLabel?: string } }[] } | undefined)?.items?.[0]?.node;
  const lcpAudit = lhr.audits['largest-contentful-paint-element'];
  if (element) console.log(`    LCP element: ${element.snippet ?? element.nodeLabel ?? '?'}`);
  else if (lcpAudit?.errorMessage) console.log(`    LCP element: not known (Lighthouse: ${lcpAudit.errorMessage.slice(0, 160)})`);
  // what Chromium itself saw, unthrottled, beside Lighthouse's simulation
  const observed = (lhr.audits.metrics?.details as Details | undefined)?.items?.[0] as Record<string, number> | undefined;
  if (observed)
    console.log(
      `    observed (unthrottled, this machine): FCP ${Math.round(observed.observedFirstContentfulPaint ?? 0)} ms, LCP ${Math.round(observed.observedLargestContentfulPaint ?? 0)} ms`,
    );
  const phases = (lcpItems[1] as { items?: { phase?: string; timing?: number }[] } | undefined)?.items ?? [];
  if (phases.length) console.log(`    LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing ?? 0)} ms`).join(', ')}`);
  const blocking = itemsOf(lhr, 'render-blocking-resources');
  console.log(
    `    render-blocking: ${blocking.length ? blocking.map((i) => `${new URL(String(i.url)).pathname} (${Math.round(Number(i.wastedMs ?? 0))} ms)`).join(', ') : 'none'}`,
  );
  const work = itemsOf(lhr, 'mainthread-work-breakdown')
    .slice(0, 4)
    .map((i) => `${i.groupLabel ?? i.group} ${Math.round(Number(i.duration ?? 0))} ms`);
  console.log(`    main-thread work ${Math.round(numeric(lhr, 'mainthread-work-breakdown'))} ms: ${work.join(', ')}`);
  const bootup = Math.round(numeric(lhr, 'bootup-time'));
  const byScript = itemsOf(lhr, 'bootup-time')
    .slice(0, 3)
    .map((i) => `${String(i.url).startsWith('http') ? new URL(String(i.url)).pathname : i.url} ${Math.round(Number(i.total ?? 0))} ms`);
  console.log(`    JS execution (bootup-time): ${bootup} ms (most: ${byScript.join(', ')})`);
  const unused = itemsOf(lhr, 'unused-javascript');
  const wasted = unused.reduce((sum, i) => sum + Number(i.wastedBytes ?? 0), 0);
  console.log(
    `    unused JS: ${kb(wasted).trim()} in ${unused.length} files${
      unused.length
        ? ` (most: ${unused
            .slice(0, 3)
            .map((i) => `${new URL(String(i.url)).pathname} ${kb(Number(i.wastedBytes ?? 0)).trim()}`)
            .join(', ')})`
        : ''
    }`,
  );
  const weight = numeric(lhr, 'total-byte-weight');
  console.log(`    total byte weight (as transferred): ${kb(weight).trim()}`);
}

function reportLighthouse(label: string, figures: LighthouseFigures[]): boolean {
  const m = (pick: (f: LighthouseFigures) => number) => median(figures.map(pick));
  const lcp = m((f) => f.lcp);
  const score = m((f) => f.score);
  console.log(`\nLighthouse 12, mobile profile (simulated slow 4G, 4x CPU), ${label}, ${figures.length} runs:`);
  figures.forEach((f, i) => {
    console.log(
      `  run ${i + 1}: score ${f.score.toFixed(2)}  LCP ${(f.lcp / 1000).toFixed(2)} s  FCP ${(f.fcp / 1000).toFixed(2)} s  TBT ${f.tbt.toFixed(0)} ms  CLS ${f.cls.toFixed(3)}`,
    );
  });
  console.log(
    `  median: score ${score.toFixed(2)} (target >= ${TARGETS.lighthouseScore}: ${score >= TARGETS.lighthouseScore ? 'met' : 'MISSED'})  ` +
      `LCP ${(lcp / 1000).toFixed(2)} s (target <= ${TARGETS.lighthouseLcpMs / 1000} s: ${lcp <= TARGETS.lighthouseLcpMs ? 'met' : 'MISSED'})  ` +
      `FCP ${(m((f) => f.fcp) / 1000).toFixed(2)} s  TBT ${m((f) => f.tbt).toFixed(0)} ms  CLS ${m((f) => f.cls).toFixed(3)}`,
  );
  console.log(`  load average after the runs (1, 5, 15 min): ${load()}`);
  // the diagnostics of the run whose score is the median
  const sorted = [...figures].sort((a, b) => a.score - b.score);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle) {
    const file = path.join(tmpdir(), `windscope-lighthouse-${label.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(middle.lhr));
    console.log(`  diagnostics of the median run (its whole report: ${file}):`);
    diagnostics(middle.lhr);
  }
  return lcp <= TARGETS.lighthouseLcpMs && score >= TARGETS.lighthouseScore;
}

async function lighthouseOnly(base: string, pages: string[]) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    for (const page of pages) reportLighthouse(`page ${page}`, await lighthouseRuns(`${base}${page}`, chrome.port));
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const { homeBytes } = reportSizes();
  // BENCH_URL: measure a server already running (serving this build) instead of starting one
  const given = process.env.BENCH_URL?.replace(/\/$/, '');
  const port = given ? 0 : await freePort();
  const dataDir = given ? '' : mkdtempSync(path.join(tmpdir(), 'windscope-bench-'));
  if (!given) console.log(`\nStarting the server as \`npm start\` does on port ${port} (embedded database in ${dataDir})…`);
  const server = given ? null : await startServer(port, dataDir);
  const base = given ?? `http://127.0.0.1:${port}`;
  try {
    console.log(`load average before measuring (1, 5, 15 min): ${load()}`);
    if (PAGES) {
      await lighthouseOnly(base, PAGES);
      return;
    }
    const { runs, transfers } = await measure(`${base}/`);
    const transferred = reportTransfers(transfers);
    const lcp = median(runs.map((run) => run.lcp));
    const cls = median(runs.map((run) => run.cls));
    console.log(`\nHome page in headless Chromium, ${RUNS} cold loads at 1366 × 850 (localhost, no throttling):`);
    runs.forEach((run, i) => {
      console.log(`  run ${i + 1}: LCP ${run.lcp.toFixed(0).padStart(5)} ms (${run.lcpElement})   CLS ${run.cls.toFixed(4)}`);
    });
    console.log(`  median LCP ${lcp.toFixed(0)} ms   (target <= ${TARGETS.lcpMs} ms: ${lcp <= TARGETS.lcpMs ? 'met' : 'MISSED'})`);
    console.log(`  median CLS ${cls.toFixed(4)}   (target <= ${TARGETS.cls}: ${cls <= TARGETS.cls ? 'met' : 'MISSED'})`);
    console.log(`  load average while measuring (1, 5, 15 min): ${load()}`);

    const chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: CHROME_FLAGS,
    });
    let lighthouseMet = true;
    try {
      for (const [label, route] of [
        ['home page /', '/'],
        ['sign-in page /login', '/login'],
      ] as const) {
        lighthouseMet = reportLighthouse(label, await lighthouseRuns(`${base}${route}`, chrome.port)) && lighthouseMet;
      }
    } finally {
      await chrome.kill();
    }
    const met =
      homeBytes <= TARGETS.homeKb * 1024 &&
      transferred <= TARGETS.homeKb * 1024 &&
      lcp <= TARGETS.lcpMs &&
      cls <= TARGETS.cls &&
      lighthouseMet;
    console.log(met ? '\nAll targets met.' : '\nSome targets missed.');
  } finally {
    server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
