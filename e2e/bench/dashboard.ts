/**
 * npm run bench:web:dashboard — the dashboard with 2,000 turbines in Chromium (issue 4, "Speed").
 * Starts the API server with the built web app on a fresh embedded database, creates 2,000 turbines through the API,
 * then prints: time from navigation to cards visible, and time for a text filter to update the view.
 * Targets: < 1.5 s and < 50 ms. Prints figures; never pass/fail. BENCH_PORT (default 4390), RUNS (default 5).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { benchApi } from './bench-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.RUNS ?? 5);
const TURBINES = 2000;
const CITIES = ['izmir', 'manisa', 'aydın', 'muğla', 'balıkesir', 'çanakkale', 'tekirdağ'];
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--no-first-run',
];

function startServer(dataDir: string): ChildProcess {
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn', PUBLIC_URL: BASE },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return server;
}

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

const call = benchApi(BASE);

async function createTurbines(token: string, companyIds: number[]) {
  let next = 0;
  const worker = async () => {
    while (next < TURBINES) {
      const i = next++;
      const c = i % companyIds.length;
      await call(token, 'POST', '/turbines', {
        turbine_name: `RES ${c + 1}-${i + 1}`,
        city: CITIES[i % CITIES.length],
        code: `B${c + 1}-${String(i + 1).padStart(4, '0')}`,
        location: `Saha ${c + 1}, Yamaç ${i + 1}`,
        site_name: `Bench RES ${c + 1}`,
        coordinates: `${(38 + (i % 100) / 100).toFixed(4)},${(27 + (c % 10) / 10).toFixed(4)}`,
        rooms: 3 + (i % 7),
        company_id: companyIds[c],
      });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Navigation start (the document's time origin) to the first card in the DOM, and to the frame after it. */
interface Load {
  dom: number;
  frame: number;
  wall: number;
  session: number;
  turbinesStart: number;
  turbinesEnd: number;
}

async function timeToCards(page: Page): Promise<Load> {
  const started = Date.now();
  await page.goto(`${BASE}/dashboard`);
  await page.getByTestId('turbine-card').first().waitFor();
  const wall = Date.now() - started;
  const marks = await page.evaluate(() => {
    // no named helpers in here: tsx would wrap them in a __name() the page does not have
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const turbines = entries.find((e) => e.name.includes('/api/turbines'));
    const session = entries.find((e) => e.name.includes('/api/auth/validate-session'));
    return {
      ...(window as unknown as { __cards: { dom: number; frame: number } }).__cards,
      session: session ? session.responseEnd - session.startTime : Number.NaN,
      turbinesStart: turbines?.startTime ?? Number.NaN,
      turbinesEnd: turbines?.responseEnd ?? Number.NaN,
    };
  });
  return { ...marks, wall };
}

/** Types a query the way an input event does and times the DOM update and the next frame. */
async function timeFilter(page: Page, query: string): Promise<{ dom: number; frame: number; found: string }> {
  return page.evaluate(async (text) => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="turbine-search"]');
    const counter = document.querySelector('[data-testid="count-found"]');
    if (!input || !counter) throw new Error('no search box');
    const before = counter.textContent;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const started = performance.now();
    const dom = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(document.querySelector('[data-testid="turbine-list"]')?.parentElement ?? document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    setValue?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const changedAt = await Promise.race([dom, new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), 1000))]);
    const frameAt = await new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
    return { dom: changedAt - started, frame: frameAt - started, found: `${before} -> ${counter.textContent}` };
  }, query);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-bench-web-'));
  const server = startServer(dataDir);
  const stop = () => {
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer();
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
      `${all.data.length} turbines on the dashboard (${TURBINES} created through the API in ${((Date.now() - seeding) / 1000).toFixed(1)} s)`,
    );

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'tr-TR' });
    await context.addInitScript(
      ([t, u]) => {
        localStorage.setItem('windscope.auth.token', t);
        localStorage.setItem('windscope.auth.user', u);
        localStorage.setItem('windscope.language', 'tr');
        const marks = { dom: Number.NaN, frame: Number.NaN };
        (window as unknown as { __cards: typeof marks }).__cards = marks;
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[data-testid="turbine-card"]')) return;
          observer.disconnect();
          marks.dom = performance.now();
          requestAnimationFrame(() => setTimeout(() => (marks.frame = performance.now()), 0));
        });
        observer.observe(document, { childList: true, subtree: true });
      },
      [token, JSON.stringify(user)] as const,
    );
    const page = await context.newPage();

    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await timeToCards(page));
    const cards = await page.getByTestId('turbine-card').count();

    const queries = ['izmir', 'b2-01', 'yamaç 19', 'res 1-1999', 'bulunmayan', '', 'saha 2', 'çanakkale', ''];
    const filters: { query: string; dom: number; frame: number; found: string }[] = [];
    for (let round = 0; round < 3; round++) {
      for (const query of queries) filters.push({ query, ...(await timeFilter(page, query)) });
    }
    await browser.close();

    console.log(`\nNavigation to cards visible (${RUNS} loads; first is a cold cache; ${cards} cards in the DOM of ${all.data.length})`);
    loads.forEach((l, i) => {
      console.log(
        `  load ${i + 1}: painted ${ms(l.frame)} (first card in the DOM ${ms(l.dom)}; session check ${ms(l.session)}, ` +
          `GET /api/turbines ${ms(l.turbinesStart)} -> ${ms(l.turbinesEnd)}; Playwright goto -> visible ${ms(l.wall)})`,
      );
    });
    console.log(`  median painted: ${ms(median(loads.map((l) => l.frame)))}   target < 1500 ms`);
    console.log(`\nText filter to view updated (${filters.length} updates)`);
    for (const f of filters.slice(0, queries.length)) {
      console.log(
        `  ${JSON.stringify(f.query).padEnd(14)} DOM ${ms(f.dom).padStart(9)}, next frame ${ms(f.frame).padStart(9)}  (found ${f.found})`,
      );
    }
    console.log(
      `  median DOM update ${ms(median(filters.map((f) => f.dom)))}, median to next frame ${ms(median(filters.map((f) => f.frame)))}, worst ${ms(Math.max(...filters.map((f) => f.frame)))}   target < 50 ms`,
    );
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
