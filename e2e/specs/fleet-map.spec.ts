import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { mapDrawn, mapTurbines } from '../support/fleet-map.ts';
import { LOOKS } from '../support/looks.ts';
import { signIn, superadmin } from '../support/viewer-data.ts';

// Issue 27 item 2 (DECISIONS §18): the dashboard's map view in real Chromium (software WebGL, SwiftShader).
test.use({ bypassCSP: false });

test('the map view: a lazy chunk, markers and clusters, a click opens the card, the list by keyboard, filters and the URL', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await superadmin();
  const tag = `E2EMAP${Date.now().toString(36).toUpperCase()}`;
  const ids = await mapTurbines(admin, tag);
  await signIn(page, admin);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  // cards first: the map's code is not asked for
  await page.goto('/dashboard?view=grid');
  await expect(page.getByTestId('turbine-card').first()).toBeVisible();
  expect(requested.filter((url) => /fleet-map|maplibre|countries-50m/.test(url))).toEqual([]);

  // the map view, chosen with the view toggle, is in the URL and loads its chunk, worker and outlines
  await page.getByTestId('view-toggle').getByText('Harita').click();
  await expect(page).toHaveURL(/view=map/);
  await mapDrawn(page);
  expect(requested.some((url) => /fleet-map-.*\.js/.test(url))).toBe(true);
  expect(requested.some((url) => /maplibre-gl-worker-.*\.mjs/.test(url))).toBe(true);
  expect(requested.some((url) => /countries-50m-.*\.json/.test(url))).toBe(true);
  await expect(page.getByRole('region', { name: 'Türbin haritası' })).toBeVisible();
  // close turbines are drawn as clusters with their count
  await expect(page.getByTestId('map-cluster').first()).toBeAttached();
  // the turbine without a position is listed apart, as a link to its page
  await expect(page.getByTestId('map-no-position').getByText(`Harita Konumsuz ${tag}`)).toBeVisible();

  // the URL keeps the view across a reload
  await page.reload();
  await mapDrawn(page);
  await expect(page.getByTestId('view-toggle').getByRole('radio', { name: 'Harita' })).toBeChecked();

  // filters change the map: the search leaves the hill's turbines, then the lone one
  const search = page.getByTestId('turbine-search');
  await search.fill(`${tag}-H`);
  await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-placed', '3');
  await expect(page.getByTestId('map-list-item')).toHaveCount(3);
  await mapDrawn(page, 3);
  // the hill's three turbines (100 m apart) are one cluster, grey: none has an open finding
  await expect(page.getByTestId('map-cluster')).toHaveText(['3']);
  await expect(page.getByTestId('map-cluster')).toHaveAttribute('data-worst', '0');
  await search.fill(`${tag}-SOLO`);
  await expect(page).toHaveURL(new RegExp(`q=${tag}-SOLO`));
  await expect(page.getByTestId('map-list-item')).toHaveCount(1);
  await mapDrawn(page, 1);

  // a click on the marker (fitted to the middle of the map) opens the turbine's card with the link to its page
  const box = await page.getByRole('region', { name: 'Türbin haritası' }).boundingBox();
  if (!box) throw new Error('no map canvas');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const popup = page.getByTestId('map-popup');
  await expect(popup.getByTestId('turbine-name')).toHaveText(`Harita Tek ${tag}`);
  await popup.getByTestId('open-photos').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/turbine/${ids.solo}$`));
  await page.goBack();
  await mapDrawn(page, 1);

  // the keyboard: a list entry opens the card at its turbine, with the focus in it; Escape gives the focus back
  await search.fill(`${tag}-H`);
  await mapDrawn(page, 3);
  const entry = page.locator(`[data-map-list-id="${ids.hill[1]}"]`);
  await entry.focus();
  await page.keyboard.press('Enter');
  await expect(popup.getByTestId('turbine-name')).toHaveText(`Harita Tepe ${tag} 2`);
  await expect(popup.getByTestId('open-photos')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(entry).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator(`[data-map-list-id="${ids.hill[2]}"]`)).toBeFocused();
});

test('without WebGL the map says so and the list still leads to every turbine', async ({ page }) => {
  const admin = await superadmin();
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      if (/webgl/i.test(type)) return null;
      return (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
    } as typeof original;
  });
  await signIn(page, admin, { language: 'en' });
  await page.goto('/dashboard?view=map');
  // the map's chunk comes after the turbines: a loaded machine takes its time
  await expect(page.getByTestId('map-no-webgl')).toContainText('The map cannot be drawn in this browser', { timeout: 30_000 });
  const first = page.getByTestId('map-list-item').first();
  await expect(first).toHaveAttribute('href', /\/dashboard\/turbine\/\d+$/);
  await first.click();
  await expect(page).toHaveURL(/\/dashboard\/turbine\/\d+$/);
});

test.describe('axe', () => {
  test.use({ bypassCSP: true });
  for (const look of LOOKS) {
    test(`the map view has no serious or critical violations (${look.language}, ${look.theme}, ${look.width} px)`, async ({ browser }) => {
      test.setTimeout(90_000);
      const admin = await superadmin();
      const context = await browser.newContext({ viewport: { width: look.width, height: 900 } });
      try {
        const page = await context.newPage();
        await signIn(page, admin, { language: look.language, theme: look.theme });
        await page.goto('/dashboard?view=map');
        await mapDrawn(page);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByTestId('map-list-item').first().click();
        await expect(page.getByTestId('map-popup')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
