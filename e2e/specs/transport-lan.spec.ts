import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM } from '../playwright.config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expectOnDashboard, submitLogin } from '../support/session.ts';

// Issue 22 item 2: a server on a company network, reached by its name over plain HTTP (no TLS, not localhost), shows the
// app and lets people sign in. A Content-Security-Policy with upgrade-insecure-requests made the browser ask for every
// script over https there: a blank page. windscope.lan is this machine for this browser only.
const PORT = Number(process.env.E2E_PORT ?? 4173);
test.use({
  launchOptions: {
    executablePath: E2E_CHROMIUM,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP windscope.lan 127.0.0.1'],
  },
});

test('over plain HTTP under a host name: the page loads, compressed, and a demo user signs in', async ({ page }) => {
  const scripts: Promise<{ url: string; encoding: string | undefined; bytes: number }>[] = [];
  page.on('response', (response) => {
    if (!/\.js(\?|$)/.test(response.url())) return;
    const encoding = response.headers()['content-encoding'];
    scripts.push(response.body().then((body) => ({ url: response.url(), encoding, bytes: body.length })));
  });
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
  const document = await page.goto(`http://windscope.lan:${PORT}/login`);
  expect(document?.status()).toBe(200);
  expect(document?.headers()['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
  expect(document?.headers()['strict-transport-security']).toBeUndefined();
  const operator = DEMO_ACCOUNTS.find((account) => account.role === 'operator');
  await submitLogin(page, operator?.email ?? '', DEMO_PASSWORD);
  await expectOnDashboard(page);
  expect(new URL(page.url()).origin).toBe(`http://windscope.lan:${PORT}`);
  expect(failed).toEqual([]);
  // every script came from this origin over http, as the build's gzip copy (Chromium offers br only over https)
  // (a script of a few bytes has no compressed copy: it would not be smaller)
  const loaded = (await Promise.all(scripts)).filter((script) => script.bytes > 200);
  expect(loaded.length).toBeGreaterThan(0);
  for (const script of loaded) {
    expect(script.url.startsWith(`http://windscope.lan:${PORT}/`), script.url).toBe(true);
    expect(script.encoding, script.url).toBe('gzip');
  }
});
