import { expect, test } from '@playwright/test';
import { APP_SCREENS, openScreen, screensTurbine } from '../support/app-screens.ts';
import { expectBadgesWhole, expectHeaderClear, expectHeaderControlsReachable, expectNoSidewaysScroll } from '../support/header-layout.ts';
import { type Session, signIn } from '../support/viewer-data.ts';

// Issue 12: every signed-in screen at every desktop width keeps its header in one row without sideways scroll; what
// does not fit folds into the header menu, and nothing covers the logo or the title.
const WIDTHS = [769, 800, 1024, 1280, 1440];

let admin: Session;
let turbineId: number;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ admin, turbineId } = await screensTurbine('LAYOUT'));
});

// each width once, the languages alternating (English labels are the longer ones at 800 and 1280)
for (const [index, width] of WIDTHS.entries()) {
  for (const language of [index % 2 === 0 ? 'tr' : 'en'] as const) {
    test(`header and page fit at ${width} px (${language})`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width, height: 860 });
      await signIn(page, admin, { language });
      for (const screen of APP_SCREENS) {
        await test.step(screen.name, async () => {
          await openScreen(page, screen, turbineId);
          await expectNoSidewaysScroll(page);
          await expectHeaderClear(page);
          await expectBadgesWhole(page);
          const { inMenu } = await expectHeaderControlsReachable(page, screen.headerControls);
          // wide windows keep everything in the row: nothing folds that would have fitted
          if (width >= 1440) expect(inMenu, `${screen.name}: folded at ${width} px`).toEqual([]);
        });
      }
    });
  }
}

test('the turbine page keeps turbine list and partners in the row at 1280 px', async ({ page }) => {
  // "user settings" still folds at 1280 px beside the company name and "comments" (the row is about 20 px short):
  // open in issue 12's note
  await page.setViewportSize({ width: 1280, height: 860 });
  await signIn(page, admin);
  await openScreen(page, APP_SCREENS.find((screen) => screen.name === 'turbine detail') ?? APP_SCREENS[0]!, turbineId);
  const { inBar } = await expectHeaderControlsReachable(page, [
    'comments-toggle',
    'header-turbine-list',
    'header-partners',
    'header-users',
  ]);
  expect(inBar).toEqual(expect.arrayContaining(['comments-toggle', 'header-turbine-list', 'header-partners']));
});

test('a folded control works from the menu at 769 px', async ({ page }) => {
  await page.setViewportSize({ width: 769, height: 860 });
  await signIn(page, admin);
  await page.goto('/dashboard');
  const header = page.locator('header');
  await expect(header.getByTestId('header-menu')).toBeVisible();
  await header.getByTestId('header-menu').click();
  await page.getByRole('menu').getByTestId('nav-users').click();
  await expect(page).toHaveURL(/\/dashboard\/users$/);
});
