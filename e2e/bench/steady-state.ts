/**
 * bench:web:motion — how busy the page's main thread stays while the visitor just looks (issue 22): the public pages
 * and the sign-in page move (rotors, a drone, bubbles, slideshows), and every frame that needs the main thread counts
 * against Lighthouse's Total Blocking Time and a phone's battery. For each page, in Debian's Chromium with the CPU
 * slowed 4x (Lighthouse's mobile profile): open it, wait `MOTION_SETTLE_MS` (4000) after load, then read the
 * renderer's own task time (CDP `Performance.getMetrics` TaskDuration, main thread) over `MOTION_WINDOW_MS` (3000),
 * as is and with reduced motion (the floor: nothing moves). Median of `BENCH_RUNS` (3). Prints the load beside it.
 *
 * Env: `BENCH_PAGES` (default `/,/login`), `WEB_DIST` (a kept build, as bench:web).
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { percentile, startBenchServer, stopBenchServer } from './bench-server.ts';

const PORT = 40_000 + Math.floor(Math.random() * 5_000);
const BASE = `http://127.0.0.1:${PORT}`;
const PAGES = (process.env.BENCH_PAGES ?? '/,/login').split(',');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_MS = Number(process.env.MOTION_SETTLE_MS ?? 4000);
const WINDOW_MS = Number(process.env.MOTION_WINDOW_MS ?? 3000);

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

async function busyMs(browser: Browser, page: string, reducedMotion: boolean): Promise<{ busy: number; animations: number }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
  });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await tab.goto(`${BASE}${page}`, { waitUntil: 'load' });
  await tab.waitForTimeout(SETTLE_MS);
  const taskTime = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
  };
  const before = await taskTime();
  await tab.waitForTimeout(WINDOW_MS);
  const after = await taskTime();
  const animations = await tab.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length);
  await context.close();
  // TaskDuration is in seconds of the (throttled) main thread
  return { busy: (after - before) * 1000, animations };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-motion-'));
  console.log(`load average before the server (1, 5, 15 min): ${load()}`);
  const server = await startBenchServer(PORT, dataDir, 300_000);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    console.log(
      `\nmain-thread busy time over ${WINDOW_MS} ms of a page left alone (${SETTLE_MS} ms after load, CPU 4x slower, 412x823), median of ${RUNS}:`,
    );
    for (const page of PAGES) {
      for (const reduced of [false, true]) {
        const runs: number[] = [];
        let animations = 0;
        for (let run = 0; run < RUNS; run += 1) {
          const result = await busyMs(browser, page, reduced);
          runs.push(result.busy);
          animations = result.animations;
        }
        console.log(
          `  ${page.padEnd(8)} ${reduced ? 'reduced motion' : 'as is         '}  ${percentile(runs, 50).toFixed(0).padStart(5)} ms busy (runs ${runs.map((value) => value.toFixed(0)).join(', ')}; ${animations} running animations)   load ${load()}`,
        );
      }
    }
  } finally {
    await browser.close();
    stopBenchServer(server);
  }
}

await main();
