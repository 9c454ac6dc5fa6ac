import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES, useLanguageAndTheme } from '../support/public-site.ts';

// Pictures for a person to look at, not assertions:
//   SHOTS_DIR=/tmp/shots-public E2E_PORT=4302 npx playwright test public-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR;

for (const language of ['tr', 'en'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`public pages in ${language}, ${theme}`, async ({ browser }) => {
      test.setTimeout(180_000);
      mkdirSync(SHOTS_DIR ?? '.', { recursive: true });
      const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
      const page = await context.newPage();
      await useLanguageAndTheme(page, language, theme);
      for (const route of PUBLIC_PAGES) {
        await page.goto(route.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route[language]);
        await expect(page.getByTestId('floating-contact')).toBeVisible();
        // walk down the page so lazy pictures load, then wait until every picture is in
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
          window.scrollTo(0, 0);
        });
        // (the partner strip's repeated copies load lazily as they slide in: same files as the first copy)
        await page.waitForFunction(() =>
          Array.from(document.images).every((image) => image.complete || image.closest('li[aria-hidden="true"]')),
        );
        await page.screenshot({ path: `${SHOTS_DIR}/${route.name}-${language}-${theme}.png`, fullPage: true, animations: 'disabled' });
      }
      await context.close();
    });
  }
}
