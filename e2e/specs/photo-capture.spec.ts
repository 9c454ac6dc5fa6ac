import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/header-layout.ts';
import { type CaptureFixture, makeCaptureFixture, removeCaptureFixture } from '../support/photo-capture-data.ts';
import { signIn } from '../support/viewer-data.ts';

// Issue 24 item 22: the capture date and GPS read from each photo at upload, in the viewers' headers (with the distance
// from the turbine's coordinates), and the all-photos list sorted by name, capture date or upload date.
// The browser is in Istanbul's time zone: a capture time is shown as the camera's clock read, not moved by three hours.
test.use({ bypassCSP: true, timezoneId: 'Europe/Istanbul' });
// the machine may be busy (several servers and browsers share it): a turbine page with its chunks can take a while
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let fixture: CaptureFixture;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fixture = await makeCaptureFixture('SPEC');
});

test.afterAll(async () => {
  await removeCaptureFixture(fixture);
});

const tileNames = (page: Page) =>
  page.getByTestId('photo-tile').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-photo-name')));

async function sortBy(page: Page, option: string) {
  await page.getByTestId('photo-sort').click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The capture line sits wholly inside its viewer, and no fact of it is cut short: a narrow header wraps it instead. */
async function expectWithin(line: Locator, header: Locator) {
  const [inner, outer] = [await line.boundingBox(), await header.boundingBox()];
  expect(inner && outer).toBeTruthy();
  if (!inner || !outer) return;
  expect(inner.x).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
  const cut = await line.evaluate((element) =>
    Array.from(element.querySelectorAll<HTMLElement>('[data-testid^="capture-"]'))
      .filter((fact) => fact.scrollWidth > fact.clientWidth + 1)
      .map((fact) => fact.textContent),
  );
  expect(cut, 'facts cut short').toEqual([]);
}

test('the all-photos list sorts by name, capture date and upload date, kept in the URL, photos without a capture date last', async ({
  page,
}) => {
  await signIn(page, fixture.admin);
  await page.goto(`/dashboard/turbine/${fixture.turbineId}`);
  await expect(page.getByTestId('photo-count')).toHaveText('5 fotoğraf');
  // by name in natural order unless told otherwise
  expect(await tileNames(page)).toEqual(['drone-a-10.jpg', 'drone-b-2.jpg', 'operator-a-3.jpg', 'pano-a1-1.jpg', 'robot-c-1.jpg']);

  await sortBy(page, 'Çekim tarihi (yeniden eskiye)');
  await expect(page).toHaveURL(/[?&]photoSort=taken(&|$)/);
  await expect
    .poll(() => tileNames(page))
    .toEqual(['operator-a-3.jpg', 'drone-b-2.jpg', 'drone-a-10.jpg', 'pano-a1-1.jpg', 'robot-c-1.jpg']);
  await sortBy(page, 'Çekim tarihi (eskiden yeniye)');
  await expect(page).toHaveURL(/photoSort=taken&photoDir=asc/);
  // the robot photo has no capture date: last in this direction too
  await expect
    .poll(() => tileNames(page))
    .toEqual(['pano-a1-1.jpg', 'drone-a-10.jpg', 'drone-b-2.jpg', 'operator-a-3.jpg', 'robot-c-1.jpg']);

  // the order survives a reload, and the viewer steps through the list in the order shown
  await page.reload();
  await expect
    .poll(() => tileNames(page))
    .toEqual(['pano-a1-1.jpg', 'drone-a-10.jpg', 'drone-b-2.jpg', 'operator-a-3.jpg', 'robot-c-1.jpg']);
  await expect(page.getByTestId('photo-sort')).toHaveValue('Çekim tarihi (eskiden yeniye)');
  await page.getByRole('button', { name: 'drone-a-10.jpg fotoğrafını aç' }).click();
  await expect(page.getByTestId('viewer-counter')).toHaveText('2 / 5');
  await page.getByTestId('viewer-next').click();
  await expect(page.getByTestId('viewer-name')).toHaveText('drone-b-2.jpg');
  await page.keyboard.press('Escape');

  await sortBy(page, 'Yükleme tarihi (yeniden eskiye)');
  await expect
    .poll(() => tileNames(page))
    .toEqual(['pano-a1-1.jpg', 'operator-a-3.jpg', 'drone-a-10.jpg', 'robot-c-1.jpg', 'drone-b-2.jpg']);
  await sortBy(page, 'Ada göre (Z → A)');
  await expect
    .poll(() => tileNames(page))
    .toEqual(['robot-c-1.jpg', 'pano-a1-1.jpg', 'operator-a-3.jpg', 'drone-b-2.jpg', 'drone-a-10.jpg']);
  // back steps through the orders chosen
  await page.goBack();
  await expect
    .poll(() => tileNames(page))
    .toEqual(['pano-a1-1.jpg', 'operator-a-3.jpg', 'drone-a-10.jpg', 'robot-c-1.jpg', 'drone-b-2.jpg']);
  expect(await seriousViolations(page)).toEqual([]);
});

test("the turbine page's viewer shows when and where each photo was taken, and how far from the turbine", async ({ page }) => {
  await page.setViewportSize({ width: 769, height: 900 });
  await signIn(page, fixture.admin);
  await page.goto(`/dashboard/turbine/${fixture.turbineId}`);
  await page.getByRole('button', { name: 'drone-b-2.jpg fotoğrafını aç' }).click();
  const viewer = page.getByRole('dialog');
  const line = viewer.getByTestId('capture-line');
  await expect(line.getByTestId('capture-taken')).toHaveText('Çekim: 14 Haz 2025 10:30');
  await expect(line.getByTestId('capture-position')).toHaveText(/^Konum: 39,18\d{3}° K 27,08\d{3}° D$/);
  await expect(line.getByTestId('capture-distance')).toHaveText('türbine 120 m uzaklıkta');
  await expect(line.locator('time')).toHaveAttribute('datetime', '2025-06-14T10:30:12.000Z');
  await expectWithin(line, viewer);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('viewer-name')).toHaveText('operator-a-3.jpg');
  await expect(line.getByTestId('capture-distance')).toHaveText('türbine 15 m uzaklıkta');
  await page.keyboard.press('ArrowRight'); // the panorama: a time, no position
  await expect(line.getByTestId('capture-taken')).toHaveText('Çekim: 13 Haz 2025 16:45');
  await expect(line.getByTestId('capture-position')).toHaveCount(0);
  await page.keyboard.press('ArrowRight'); // the robot photo carries no EXIF: nothing is said
  await expect(page.getByTestId('viewer-name')).toHaveText('robot-c-1.jpg');
  await expect(viewer.getByTestId('capture-line')).toHaveCount(0);
});

test('the drone page header shows the capture time and distance in English, whole at 769 px', async ({ page }) => {
  await page.setViewportSize({ width: 769, height: 900 });
  await signIn(page, fixture.admin, { language: 'en', theme: 'dark' });
  await page.goto(`/turbine/${fixture.turbineId}/drone-photos`);
  const viewer = page.getByTestId('photo-viewer');
  await page.getByTestId('photo-item').filter({ hasText: 'drone-a-10.jpg' }).click();
  await expect(viewer.getByTestId('viewer-photo-name')).toHaveText('drone-a-10.jpg');
  const line = viewer.getByTestId('capture-line');
  await expect(line.getByTestId('capture-taken')).toHaveText('Taken: 14 Jun 2025, 09:05');
  await expect(line.getByTestId('capture-position')).toHaveText(/^Position: 39\.1855\d° N 27\.0705\d° E$/);
  await expect(line.getByTestId('capture-distance')).toHaveText('1.3 km from the turbine');
  await expectWithin(line, viewer);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a turbine without coordinates: the position is shown, no distance; the 360° viewer's caption shows the capture time", async ({
  page,
}) => {
  await signIn(page, fixture.admin);
  await page.goto(`/turbine/${fixture.bareTurbineId}/drone-photos`);
  const line = page.getByTestId('photo-viewer').getByTestId('capture-line');
  await expect(line.getByTestId('capture-taken')).toHaveText('Çekim: 14 Haz 2025 11:00');
  await expect(line.getByTestId('capture-position')).toBeVisible();
  await expect(line.getByTestId('capture-distance')).toHaveCount(0);

  await page.goto(`/dashboard/turbine/${fixture.turbineId}/360-view`);
  const stage = page.getByTestId('panorama-stage');
  await expect(stage).toHaveAttribute('data-load-stage', /preview|original/, { timeout: 20_000 });
  await expect(stage.getByTestId('capture-taken')).toHaveText('Çekim: 13 Haz 2025 16:45');
  await expect(stage.getByTestId('capture-position')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
