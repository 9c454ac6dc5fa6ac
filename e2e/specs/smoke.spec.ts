import { expect, test } from '@playwright/test';

test('the server answers the API and serves the web app', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect((await health.json()).data.database).toBe('up');
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
});
