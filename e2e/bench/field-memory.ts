/**
 * The browser part of `npm run bench:field` (issue 15): tab memory while 1,000 photos are queued in the upload
 * manager. Starts the server with the built web app on a fresh embedded database, signs in as the superadmin, opens a
 * turbine, chooses 1,000 JPEGs of 10-15 MB in blade A's upload zone (hard links to the bench's generated JPEGs in
 * $TMPDIR/windscope-bench-field/jpegs: 164 different photos under 1,000 names), hands them to the manager (review
 * table), starts them and lets the manager hash and send for BENCH_MEMORY_SECONDS (90) with the page's upload limited
 * to 20 Mbit/s (Chromium's network emulation, the field link's rate). Samples every second: the page's JS heap
 * (CDP Performance.getMetrics JSHeapUsedSize) and the resident memory of the renderer processes (/proc, pids from CDP
 * SystemInfo.getProcessInfo). Target: < 500 MB. BENCH_PORT (4391), BENCH_MEMORY_FILES (1000), BENCH_MEMORY_DUMP=1 (Chromium's
 * own account of the renderer's memory by allocator, after review and after sending).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CDPSession, chromium, type Page } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PORT = Number(process.env.BENCH_PORT ?? 4391);
const BASE = `http://127.0.0.1:${PORT}`;
const FILES = Number(process.env.BENCH_MEMORY_FILES ?? 1000);
const SEND_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 90);
const TARGET_MB = 500;
/** BENCH_MEMORY_ALLOW_WASM=1: the page's Content-Security-Policy gets 'wasm-unsafe-eval' (see below) */
const ALLOW_WASM = process.env.BENCH_MEMORY_ALLOW_WASM === '1';
const MB = 1024 * 1024;
const DUMP = process.env.BENCH_MEMORY_DUMP === '1';
const cacheDir = path.join(tmpdir(), 'windscope-bench-field');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--no-first-run',
];

const uptime = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load/, 'load');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** FILES names, each a hard link to one of the generated JPEGs (no copies: 1,000 x 12.5 MB would be 12.5 GB). */
function queueFiles(): string[] {
  const sources = existsSync(path.join(cacheDir, 'jpegs'))
    ? readdirSync(path.join(cacheDir, 'jpegs'))
        .filter((n) => /^field-\d+\.jpg$/.test(n))
        .sort()
    : [];
  if (sources.length === 0) throw new Error('no generated JPEGs: run the field part first (npm run bench:field)');
  const dir = path.join(cacheDir, 'memory-queue');
  mkdirSync(dir, { recursive: true });
  return Array.from({ length: FILES }, (_, i) => {
    const file = path.join(dir, `queue-${String(i).padStart(4, '0')}.jpg`);
    if (!existsSync(file)) linkSync(path.join(cacheDir, 'jpegs', sources[i % sources.length] as string), file);
    return file;
  });
}

function startServer(dataDir: string): ChildProcess {
  return spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn', PUBLIC_URL: BASE, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

async function call<T>(token: string | null, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}/api${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function waitForServer() {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('the server did not start');
}

const rssMb = (pid: number) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

/** The largest renderer's resident memory by kind (/proc status): anonymous, file-backed, shared memory. */
const rssParts = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
    return { anon: kb('RssAnon'), file: kb('RssFile'), shmem: kb('RssShmem') };
  } catch {
    return { anon: 0, file: 0, shmem: 0 };
  }
};

interface Sample {
  stage: string;
  heap: number;
  renderer: number;
  renderers: number;
  parts: { anon: number; file: number; shmem: number };
}

/**
 * BENCH_MEMORY_DUMP=1: where the largest renderer's memory is, by Chromium's own accounting (a memory-infra dump through
 * the browser's Tracing domain): the allocators' sizes (v8 per isolate, partition_alloc, blink_gc, malloc, shared
 * memory, discardable, cc, skia…), biggest first.
 */
async function memoryDump(browserCdp: CDPSession, rendererPid: number): Promise<string> {
  const done = new Promise<string>((resolve) => {
    browserCdp.once(
      'Tracing.tracingComplete' as never,
      (async (event: { stream?: string }) => {
        let text = '';
        for (let eof = false; !eof && event.stream; ) {
          const chunk = (await browserCdp.send('IO.read', { handle: event.stream })) as {
            data: string;
            eof: boolean;
            base64Encoded?: boolean;
          };
          text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
          eof = chunk.eof;
        }
        resolve(text);
      }) as never,
    );
  });
  await browserCdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], memoryDumpConfig: { triggers: [] } } as never,
    transferMode: 'ReturnAsStream',
  });
  await browserCdp.send('Tracing.requestMemoryDump' as never, { levelOfDetail: 'detailed' } as never);
  await browserCdp.send('Tracing.end');
  const trace = JSON.parse(await done) as { traceEvents?: unknown[] } | unknown[];
  const events = (Array.isArray(trace) ? trace : (trace.traceEvents ?? [])) as {
    ph: string;
    pid: number;
    args?: { dumps?: { allocators?: Record<string, { attrs?: { size?: { value: string } } }> } };
  }[];
  const dump = events.find((e) => e.ph === 'v' && e.pid === rendererPid && e.args?.dumps?.allocators);
  if (!dump?.args?.dumps?.allocators) return `no memory dump for renderer ${rendererPid}`;
  const sizes = Object.entries(dump.args.dumps.allocators)
    .map(([name, a]) => [name, Number.parseInt(a.attrs?.size?.value ?? '0', 16) / MB] as const)
    .filter(([name, mb]) => mb >= 1 && name.split('/').length <= 3);
  const top = sizes.filter(([name]) => !name.includes('/'));
  const inner = sizes.filter(
    ([name]) =>
      name.includes('/') && (name.startsWith('v8/') || name.startsWith('blink_gc/') || name.startsWith('partition_alloc/partitions')),
  );
  const list = (rows: (readonly [string, number])[]) =>
    rows
      .sort((a, b) => b[1] - a[1])
      .map(([name, mb]) => `${name} ${mb.toFixed(0)}`)
      .join(', ');
  return `allocators (MB): ${list(top)}\n     inside: ${list(inner)}`;
}

/** Samples the page's JS heap and the renderers' RSS every second into `samples`, labelled with the current stage. */
function sampler(page: Page, pageCdp: CDPSession, browserCdp: CDPSession) {
  const samples: Sample[] = [];
  let stage = 'opened';
  let running = true;
  let rendererPid = 0;
  const take = async () => {
    const { metrics } = (await pageCdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const heap = (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / MB;
    const info = (await browserCdp.send('SystemInfo.getProcessInfo' as never)) as unknown as {
      processInfo: { type: string; id: number }[];
    };
    const pids = info.processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
    const renderers = pids.map((pid) => rssMb(pid));
    const largest = renderers.indexOf(Math.max(0, ...renderers));
    rendererPid = pids[largest] ?? 0;
    samples.push({
      stage,
      heap,
      renderer: Math.max(0, ...renderers),
      renderers: renderers.reduce((a, b) => a + b, 0),
      parts: rssParts(rendererPid),
    });
  };
  const loop = (async () => {
    while (running && !page.isClosed()) {
      await take().catch(() => undefined);
      await sleep(1000);
    }
  })();
  return {
    samples,
    rendererPid: () => rendererPid,
    setStage(next: string) {
      stage = next;
    },
    async stop() {
      running = false;
      await loop;
      await take().catch(() => undefined);
    },
  };
}

async function main() {
  console.log(
    `\nbrowser tab memory while queueing ${FILES} photos in the upload manager${ALLOW_WASM ? " (CSP with 'wasm-unsafe-eval' added)" : ''}, ${uptime()}`,
  );
  const files = queueFiles();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-bench-memory-'));
  const server = startServer(dataDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await waitForServer();
    const login = await call<{ token: string; user: unknown }>(null, 'POST', '/auth/login', {
      email: 'superadmin@windscope.example',
      password: 'demo1234',
    });
    const turbines = await call<{ data: { id: number }[] }>(login.token, 'GET', '/turbines');
    const turbineId = turbines.data[0]?.id;
    if (!turbineId) throw new Error('no turbine');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'tr-TR' });
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('windscope.auth.token', token);
        localStorage.setItem('windscope.auth.user', user);
        localStorage.setItem('windscope.language', 'tr');
      },
      [login.token, JSON.stringify(login.user)] as const,
    );
    if (ALLOW_WASM) {
      // the served policy (script-src 'self') stops hash-wasm in the worker; this adds 'wasm-unsafe-eval' to it for the
      // page and its worker scripts only (never to /api/), to measure the manager as it would run with that allowed
      await context.route(
        (url) => url.origin === BASE && !url.pathname.startsWith('/api/'),
        async (route) => {
          const response = await route.fetch();
          const headers = response.headers();
          const policy = headers['content-security-policy'];
          if (policy) headers['content-security-policy'] = policy.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'");
          await route.fulfill({ response, headers });
        },
      );
    }
    const page = await context.newPage();
    const pageCdp = await context.newCDPSession(page);
    const browserCdp = await browser.newBrowserCDPSession();
    await pageCdp.send('Performance.enable');
    // the field link's rate for the page's uploads (20 Mbit/s up, 40 ms)
    await pageCdp.send('Network.enable');
    await pageCdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      uploadThroughput: 20e6 / 8,
      downloadThroughput: 20e6 / 8,
    });
    await page.goto(`${BASE}/dashboard/turbine/${turbineId}`);
    const panel = page.getByTestId('blade-panel-A');
    await panel.getByTestId('room-select-A').click();
    await page.getByRole('option').first().click();
    const probe = sampler(page, pageCdp, browserCdp);
    await sleep(3000);

    probe.setStage('chosen');
    const chosenAt = performance.now();
    await page.getByTestId('upload-blade-A-drop-input').setInputFiles(files);
    await page.getByTestId('upload-blade-A-submit').waitFor({ timeout: 120_000 });
    await sleep(5000);
    // the zone's previews: object URLs of the chosen files in <img loading="lazy">; each one loaded is a decoded photo
    const previews = await page.evaluate(() => {
      const images = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="pending-file"] img'));
      const loaded = images.filter((img) => img.complete && img.naturalWidth > 0);
      return {
        images: images.length,
        loaded: loaded.length,
        pixels: loaded.reduce((n, img) => n + img.naturalWidth * img.naturalHeight, 0),
      };
    });
    console.log(
      `   ${FILES} files chosen in the zone in ${((performance.now() - chosenAt) / 1000 - 5).toFixed(1)} s; previews: ${previews.images} <img>, ` +
        `${previews.loaded} loaded (${(previews.pixels / 1e6).toFixed(0)} megapixels, ${((previews.pixels * 4) / MB).toFixed(0)} MB as decoded RGBA)`,
    );

    probe.setStage('review');
    const queuedAt = performance.now();
    await page.getByTestId('upload-blade-A-submit').click();
    const start = page.locator(`[data-testid="review-start-${turbineId}"]`);
    await start.waitFor({ timeout: 120_000 });
    console.log(`   handed to the manager, review table shown in ${((performance.now() - queuedAt) / 1000).toFixed(1)} s`);
    await sleep(5000);

    // what the manager's requests got, by method and status (the first problem shows here)
    const answers: Record<string, number> = {};
    page.on('response', (response) => {
      const url = response.url();
      if (!url.includes('/api/uploads') && !url.includes('known-hashes')) return;
      const key = `${response.request().method()} ${url.includes('known-hashes') ? 'known-hashes' : 'uploads'} ${response.status()}`;
      answers[key] = (answers[key] ?? 0) + 1;
    });
    if (DUMP) console.log(`   review, ${await memoryDump(browserCdp, probe.rendererPid())}`);
    probe.setStage('sending');
    await start.click();
    const sendingAt = performance.now();
    while (performance.now() - sendingAt < SEND_SECONDS * 1000) {
      await sleep(15_000);
      const overall =
        (await page
          .getByTestId('upload-overall-text')
          .textContent()
          .catch(() => null)) ?? '';
      // the states of the rows the panel shows (no named helpers in here: tsx would wrap them in a __name())
      const states = await page.evaluate(() => {
        const counts: Record<string, number | string> = {};
        const failed = document.querySelector('[data-testid="queue-row"][data-state="failed"] [data-testid="queue-detail"]');
        if (failed) counts.firstFailure = failed.textContent ?? '';
        for (const row of Array.from(document.querySelectorAll('[data-testid="queue-row"]'))) {
          const state = row.getAttribute('data-state') ?? '?';
          counts[state] = Number(counts[state] ?? 0) + 1;
        }
        return counts;
      });
      const last = probe.samples.at(-1);
      console.log(
        `   sending +${((performance.now() - sendingAt) / 1000).toFixed(0)} s: "${overall}", rows shown ${JSON.stringify(states)}, ` +
          `heap ${last?.heap.toFixed(0)} MB, renderer ${last?.renderer.toFixed(0)} MB; answers ${JSON.stringify(answers)}; at ${new URL(page.url()).pathname}`,
      );
    }
    if (DUMP) console.log(`   sending, ${await memoryDump(browserCdp, probe.rendererPid())}`);
    await probe.stop();

    console.log(`   stage      JS heap used (MB)   renderer RSS (MB): the largest / all renderers   ${uptime()}`);
    let worst = 0;
    for (const stage of ['opened', 'chosen', 'review', 'sending']) {
      const inStage = probe.samples.filter((s) => s.stage === stage);
      if (inStage.length === 0) continue;
      const peak = (key: 'heap' | 'renderer' | 'renderers') => Math.max(...inStage.map((s) => s[key]));
      const end = inStage.at(-1) as Sample;
      const top = inStage.reduce((a, b) => (b.renderer > a.renderer ? b : a));
      worst = Math.max(worst, peak('renderer'), peak('heap'));
      console.log(
        `   ${stage.padEnd(9)}  peak ${peak('heap').toFixed(0).padStart(5)}, end ${end.heap.toFixed(0).padStart(5)}     ` +
          `peak ${peak('renderer').toFixed(0).padStart(5)} / ${peak('renderers').toFixed(0).padStart(5)}, end ${end.renderer.toFixed(0).padStart(5)} / ${end.renderers.toFixed(0).padStart(5)}` +
          `   (at the peak: anonymous ${top.parts.anon.toFixed(0)}, file ${top.parts.file.toFixed(0)}, shared ${top.parts.shmem.toFixed(0)})`,
      );
    }
    console.log(
      `   tab memory peak ${worst.toFixed(0)} MB (the larger of JS heap and the tab's renderer RSS)   target < ${TARGET_MB} MB  ${worst < TARGET_MB ? 'met' : 'MISSED'}   ${uptime()}`,
    );
  } finally {
    await browser.close();
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await sleep(1000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
