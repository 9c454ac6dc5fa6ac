import { expect, type Locator, type Page } from '@playwright/test';

/** The page never scrolls sideways: the document is no wider than the window. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'document width').toBeLessThanOrEqual(innerWidth);
}

/** Every visible badge (roles, statuses, counts) shows its whole text: none cut to "SÜ…" by a narrow column. */
export async function expectBadgesWhole(page: Page) {
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-root, .mantine-Badge-label'))
      .filter((badge) => badge.offsetParent !== null && badge.scrollWidth > badge.clientWidth + 1)
      .map((badge) => `${badge.textContent ?? ''} (${badge.clientWidth} of ${badge.scrollWidth} px)`),
  );
  expect(cut, 'badges cut short').toEqual([]);
}

/** No header control overlaps the logo or the title, and all of them are inside the window. */
export async function expectHeaderClear(page: Page) {
  const problems = await page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) return ['no header'];
    const box = (element: Element) => element.getBoundingClientRect();
    const logo = header.querySelector('[data-testid="header-home"]');
    const title = header.querySelector('h1');
    const found: string[] = [];
    const fixed = [logo, title].filter((element): element is Element => element !== null);
    for (const element of fixed) {
      const rect = box(element);
      if (rect.left < 0 || rect.right > window.innerWidth) found.push(`${element.tagName} outside the window`);
    }
    const controls = Array.from(header.querySelectorAll('button, a, [role="group"]')).filter(
      (element) => element !== logo && element.getAttribute('data-testid') !== null && element.checkVisibility(),
    );
    for (const control of controls) {
      const rect = box(control);
      const name = control.getAttribute('data-testid');
      if (rect.right > window.innerWidth + 0.5) found.push(`${name} ends at ${rect.right} > ${window.innerWidth}`);
      for (const element of fixed) {
        const other = box(element);
        const overlaps = rect.left < other.right && other.left < rect.right && rect.top < other.bottom && other.top < rect.bottom;
        if (overlaps) found.push(`${name} overlaps ${element.tagName}`);
      }
    }
    return found;
  });
  expect(problems).toEqual([]);
}

/** Nothing covers the control: the point at its centre hits it (what a click there would reach). Playwright's trial
 *  click also waits for two still animation frames, which the 360° page's WebGL can delay past any timeout. */
async function expectHitByClick(locator: Locator, name: string) {
  await expect(locator, name).toBeEnabled();
  const hit = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
  expect(hit, `${name} receives a click at its centre`).toBe(true);
}

/** Every listed header control can be used: visible and clickable in the header row, or through the header's menu. */
export async function expectHeaderControlsReachable(page: Page, testIds: string[]): Promise<{ inBar: string[]; inMenu: string[] }> {
  const inBar: string[] = [];
  const inMenu: string[] = [];
  const header = page.locator('header');
  for (const id of testIds) {
    const direct = header.getByTestId(id);
    if (await direct.isVisible()) {
      await expectHitByClick(direct, id);
      inBar.push(id);
      continue;
    }
    await header.getByTestId('header-menu').click();
    const item = page.getByRole('menu').getByTestId(id);
    await expect(item, `${id} in the header menu`).toBeVisible();
    await expectHitByClick(item, id);
    inMenu.push(id);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  return { inBar, inMenu };
}
