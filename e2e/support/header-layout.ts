import { expect, type Locator, type Page } from '@playwright/test';

/** The page never scrolls sideways: the document is no wider than the window. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'document width').toBeLessThanOrEqual(innerWidth);
}

/** What is cut on the screen (issue 24 item 20), one line each: a visible element that clips what it holds sideways (a
 *  button's label cut to "Fotoğrafları Gö", a cell or column header cut to "No earlier da…" or "PHO…", a badge cut to
 *  "MAINTENAN…", a table wider than the card that clips it) or that scrolls it sideways (a board whose last columns wait
 *  behind a sideways scroll). Left out: text for screen readers only (1 px boxes), the header's off-screen measuring copy
 *  (inert), and boxes marked data-pans (a photo that is zoomed and panned inside its frame). */
export async function cutContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const text = (element: Element, length: number) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, length);
    // named by its own test id, else by the one it holds (a card holding data-testid="users-table"), else by the one
    // around it, and by its aria-label: "div[holds users-table]" says which screen part it is
    const describe = (element: Element) => {
      const own = element.getAttribute('data-testid');
      const held = own ? null : element.querySelector('[data-testid]')?.getAttribute('data-testid');
      const around = own || held ? null : element.parentElement?.closest('[data-testid]')?.getAttribute('data-testid');
      const label = element.getAttribute('aria-label');
      const name = own ? `[${own}]` : held ? `[holds ${held}]` : around ? `[in ${around}]` : '';
      return `${element.tagName.toLowerCase()}${name}${label ? `[aria-label="${label}"]` : ''} "${text(element, 50)}"`;
    };
    // what reaches furthest past the box's right edge: the cell or text that does not fit
    const furthest = (element: HTMLElement) => {
      const right = element.getBoundingClientRect().right;
      let worst: { element: Element; over: number } | null = null;
      for (const inner of Array.from(element.querySelectorAll('*'))) {
        const over = inner.getBoundingClientRect().right - right;
        // the innermost of those reaching equally far (document order: a parent comes before its children)
        if (over > 1 && (!worst || over > worst.over + 0.5 || (over >= worst.over - 0.5 && worst.element.contains(inner))))
          worst = { element: inner, over };
      }
      return worst
        ? `; furthest out: ${worst.element.tagName.toLowerCase()} "${text(worst.element, 80)}" by ${Math.round(worst.over)} px`
        : '';
    };
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      // Photo Sphere Viewer's own layers (the panorama is wider than its frame by nature)
      if (element.closest('[inert], [data-pans], .psv-container')) continue;
      const style = getComputedStyle(element);
      if (style.overflowX === 'visible') continue;
      // screen-reader-only text and empty boxes
      if (element.clientWidth <= 2 || element.clientHeight <= 2) continue;
      if (element.scrollWidth <= element.clientWidth + 1) continue;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // a native control's own text (a typed value, a select's choice) is its business; a picture alone is no text
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) continue;
      if ((element.textContent ?? '').trim() === '' && !element.querySelector('button, a, input')) continue;
      const how = style.overflowX === 'auto' || style.overflowX === 'scroll' ? 'scrolls sideways' : 'cuts';
      found.push(`${describe(element)} ${how}: ${element.clientWidth} of ${element.scrollWidth} px${furthest(element)}`);
    }
    return found;
  });
}

/** Nothing on the screen is cut or waits behind a sideways scroll (cutContent); a soft check: a spec walking many
 *  screens reports every one that fails. */
export async function expectNothingCut(page: Page, label = 'cut or scrolled sideways') {
  expect.soft(await cutContent(page), label).toEqual([]);
}

/** Every row's actions (e.g. a user's edit, password and delete) can be clicked where they are: inside the window once
 *  scrolled to, not under a clip or another element. All rows are judged in one pass in the page (rowActionProblems); only
 *  when that pass finds a problem are they judged again one by one (expectRowActionsReachableOneByOne), so the failure
 *  names the row and the action. */
export async function expectRowActionsReachable(page: Page, row: string, actions: string[]) {
  const width = page.viewportSize()?.width ?? 0;
  const { rows, problems } = await rowActionProblems(page, row, actions, width);
  expect(rows, `${row} rows`).toBeGreaterThan(0);
  // the one-by-one judgement decides (as it did before the one pass), and its failure names the row and the action
  if (problems.length > 0) await expectRowActionsReachableOneByOne(page, row, actions);
}

/** The one pass of expectRowActionsReachable: for every row and action, the same measures as the one-by-one judgement
 *  (the window scrolled to the row, the action inside the window, enabled, hit by a click at its centre). */
async function rowActionProblems(page: Page, row: string, actions: string[], width: number) {
  return page.evaluate(
    async ({ row, actions, width }) => {
      const problems: string[] = [];
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const rows = Array.from(document.querySelectorAll(`[data-testid="${CSS.escape(row)}"]`));
      for (const [index, element] of rows.entries()) {
        for (const action of actions) {
          const found = element.querySelectorAll(`[data-testid="${CSS.escape(action)}"]`);
          if (found.length === 0) continue;
          const name = `${row} ${index + 1}: ${action}`;
          if (found.length > 1) {
            problems.push(`${name}: ${found.length} elements`);
            continue;
          }
          const button = found[0] as HTMLElement;
          const before = window.scrollY;
          window.scrollBy({ top: button.getBoundingClientRect().top - window.innerHeight / 2, behavior: 'instant' });
          // what reacts to the scroll (a sticky header) has its frame before the button is measured
          if (window.scrollY !== before) {
            await frame();
            await frame();
          }
          const rect = button.getBoundingClientRect();
          if (!(rect.width > 0 && rect.height > 0 && rect.left >= 0 && rect.right <= width)) problems.push(`${name} outside the window`);
          if (button.matches(':disabled') || button.closest('[aria-disabled="true"]')) problems.push(`${name} disabled`);
          const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          if (!(top !== null && (top === button || button.contains(top)))) problems.push(`${name} not hit at its centre`);
        }
      }
      return { rows: rows.length, problems };
    },
    { row, actions, width },
  );
}

/** expectRowActionsReachable one element at a time: each action's failure message names it. */
export async function expectRowActionsReachableOneByOne(page: Page, row: string, actions: string[]) {
  const rows = page.getByTestId(row);
  const count = await rows.count();
  expect(count, `${row} rows`).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    for (const action of actions) {
      const button = rows.nth(index).getByTestId(action);
      if ((await button.count()) === 0) continue;
      // the window scrolls to the row, nothing else: scrollIntoView would also scroll a box that clips it
      await button.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        window.scrollBy(0, rect.top - window.innerHeight / 2);
      });
      const box = await button.boundingBox();
      const width = page.viewportSize()?.width ?? 0;
      expect(box && box.x >= 0 && box.x + box.width <= width, `${row} ${index + 1}: ${action} inside the window`).toBe(true);
      await expectHitByClick(button, `${row} ${index + 1}: ${action}`);
    }
  }
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
export async function expectHitByClick(locator: Locator, name: string) {
  await expect(locator, name).toBeEnabled();
  const hit = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
  expect(hit, `${name} receives a click at its centre`).toBe(true);
}

/** Every listed header control can be used: visible and clickable in the header row, or through the header's menu. The
 *  controls in the row are judged in one pass in the page (visible, enabled, hit by a click at their centre); a control
 *  that pass does not clear is judged on its own as before, so a failure names it; those folded into the menu are judged
 *  in one opening of it. */
export async function expectHeaderControlsReachable(page: Page, testIds: string[]): Promise<{ inBar: string[]; inMenu: string[] }> {
  const clear = await page.evaluate((ids) => {
    const header = document.querySelector('header');
    if (!header) return [];
    return ids.filter((id) => {
      // one <header> and one control of that id in it: anything else goes to the one-by-one judgement (strict locators)
      if (document.querySelectorAll('header').length !== 1) return false;
      const found = header.querySelectorAll(`[data-testid="${CSS.escape(id)}"]`);
      if (found.length !== 1) return false;
      const element = found[0] as HTMLElement;
      const rect = element.getBoundingClientRect();
      const visible = element.checkVisibility() && getComputedStyle(element).visibility === 'visible' && rect.width > 0 && rect.height > 0;
      if (!visible || element.matches(':disabled') || element.closest('[aria-disabled="true"]')) return false;
      const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return top !== null && (top === element || element.contains(top));
    });
  }, testIds);
  const inBar: string[] = [];
  const inMenu: string[] = [];
  const header = page.locator('header');
  for (const id of testIds) {
    if (clear.includes(id)) {
      inBar.push(id);
      continue;
    }
    const direct = header.getByTestId(id);
    if (await direct.isVisible()) {
      await expectHitByClick(direct, id);
      inBar.push(id);
      continue;
    }
    inMenu.push(id);
  }
  // the folded ones in one opening of the menu: each visible there and hit by a click at its centre, then it closes
  if (inMenu.length > 0) {
    await header.getByTestId('header-menu').click();
    for (const id of inMenu) {
      const item = page.getByRole('menu').getByTestId(id);
      await expect(item, `${id} in the header menu`).toBeVisible();
      await expectHitByClick(item, id);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  return { inBar, inMenu };
}
