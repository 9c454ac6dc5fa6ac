import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expectOnDashboard, submitLogin } from '../support/session.ts';
import { TlsServer } from '../support/tls-server.ts';

// Issue 22 item 2: TLS_CERT_FILE/TLS_KEY_FILE make the server speak HTTPS itself, over HTTP/2; the page then carries HSTS
// and upgrade-insecure-requests, comes in brotli, and signing in works. The certificate is made at test time.
const server = new TlsServer();
test.describe.configure({ mode: 'serial' });
test.use({ ignoreHTTPSErrors: true });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

test('over HTTPS with HTTP/2: HSTS, upgrade-insecure-requests, brotli, and a demo user signs in', async ({ page }) => {
  const scripts: Promise<{ url: string; encoding: string | undefined; bytes: number }>[] = [];
  page.on('response', (response) => {
    if (!/\.js(\?|$)/.test(response.url())) return;
    const encoding = response.headers()['content-encoding'];
    scripts.push(response.body().then((body) => ({ url: response.url(), encoding, bytes: body.length })));
  });
  const document = await page.goto(`${server.origin}/login`);
  expect(document?.status()).toBe(200);
  const headers = document?.headers() ?? {};
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['content-security-policy']).toMatch(/upgrade-insecure-requests/);
  const protocol = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.nextHopProtocol,
  );
  expect(protocol).toBe('h2');
  const manager = DEMO_ACCOUNTS.find((account) => account.role === 'company_manager');
  await submitLogin(page, manager?.email ?? '', DEMO_PASSWORD);
  await expectOnDashboard(page);
  // (a script of a few bytes has no compressed copy: it would not be smaller)
  const loaded = (await Promise.all(scripts)).filter((script) => script.bytes > 200);
  expect(loaded.length).toBeGreaterThan(0);
  for (const script of loaded) expect(script.encoding, script.url).toBe('br');
});
