import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The browser of the e2e tests: Debian's chromium-headless-shell (scripts/ensure-chromium.sh installs it), the same
 *  Chromium build without the full browser's UI layers (about a quarter less CPU for this tier), else the full
 *  /usr/bin/chromium; CHROMIUM_PATH overrides both. The benches (bench/) launch the full /usr/bin/chromium themselves. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const E2E_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './specs',
  // screenshot specs take pictures for a person to look at; they run only when asked: SHOTS_DIR=/tmp/shots npx playwright test screenshots
  testIgnore: process.env.SHOTS_DIR ? [] : ['**/*-screenshots.spec.ts'],
  outputDir: './test-results',
  // time limits, not speed targets (those are the benches'): the same specs run 2-3x slower on some machines of this
  // kind (session 15: a test of 18 s took 30+), so they are set for the slow one
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1366, height: 850 },
    locale: 'tr-TR',
    launchOptions: { executablePath: E2E_CHROMIUM, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    // a fresh embedded database with the demo content for every run; TRUST_PROXY=1 lets a spec that is about rate
    // limits come from an address of its own (X-Forwarded-For), apart from the sign-ins of every other spec
    command: `rm -rf .e2e-data-${PORT} && DATA_DIR=.e2e-data-${PORT} PORT=${PORT} TRUST_PROXY=1 LOG_LEVEL=warn PUBLIC_URL=http://127.0.0.1:${PORT} npx tsx ../apps/server/src/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // the embedded database and the demo seed: ~15 s on a quiet machine, over a minute on a busy one
    // the embedded database starts in minutes on a saturated machine: E2E_SERVER_TIMEOUT_MS lets a run wait longer
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 180_000),
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
