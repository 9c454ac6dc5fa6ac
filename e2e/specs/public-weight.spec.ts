import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// Issue 3 / 13: everything `/` downloads (JS + CSS, gzip), lazy chunks after the first paint included, stays within
// 170 KB; the toast renderer, which the home page never uses, is not among it. (A size, not a timing.)
test('the home page loads at most 170 KB gzip of JS and CSS until the network is idle, no toast renderer', async ({ page }) => {
  const assets = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const url = response.url();
    if (!/\.(js|css)(\?|$)/.test(url)) return;
    assets.set(
      url,
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(assets.values());
  const total = sizes.reduce((sum, size) => sum + size, 0);
  expect([...assets.keys()].filter((url) => /toast-host/.test(url))).toEqual([]);
  expect(total, `${(total / 1024).toFixed(1)} KB gzip in ${assets.size} files`).toBeLessThanOrEqual(170 * 1024);
});
