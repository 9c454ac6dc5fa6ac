import { mkdirSync } from 'node:fs';
import { test } from '@playwright/test';
import { APP_SCREENS, openScreen, type ScreensContext, screensTurbine } from '../support/app-screens.ts';
import { type Session, signIn } from '../support/viewer-data.ts';

// Pictures of every signed-in screen at narrow and wide desktop widths, for a person to look at, not assertions:
// SHOTS_DIR=/tmp/shots-widths E2E_PORT=4204 npx playwright test app-widths-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR ?? '';
const WIDTHS = [769, 800, 1280, 1440];
const VARIANTS = [
  { language: 'tr', theme: 'light' },
  { language: 'en', theme: 'dark' },
] as const;

let admin: Session;
let context: ScreensContext;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ admin, context } = await screensTurbine('SHOTS'));
  mkdirSync(SHOTS_DIR, { recursive: true });
});

for (const width of WIDTHS) {
  for (const { language, theme } of VARIANTS) {
    test(`every screen at ${width} px (${language}, ${theme})`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signIn(page, admin, { language, theme });
      for (const screen of APP_SCREENS) {
        await openScreen(page, screen, context);
        await page.waitForTimeout(400);
        const name = `${screen.name.replace(/\W+/g, '-')}-${width}-${language}-${theme}.png`;
        await page.screenshot({ path: `${SHOTS_DIR}/${name}` });
      }
    });
  }
}
