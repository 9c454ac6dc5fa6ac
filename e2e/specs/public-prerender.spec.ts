// Issue 22: the public pages and /login arrive prerendered (apps/web/scripts/prerender.mjs), in the language the app
// will draw them in, and the app hydrates that HTML without a mismatch; a page made in the other language is never
// shown to a visitor whose saved language differs, and a saved dark theme is on the page before any script of the app.
import { type Browser, expect, type Page, type Route, test } from '@playwright/test';
import { PUBLIC_PAGES } from '../support/public-site.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expectOnDashboard } from '../support/session.ts';

const PAGES = [...PUBLIC_PAGES, { path: '/login', name: 'login', tr: 'Giriş Yap', en: 'Sign in' }];

async function withoutScripts(browser: Browser, options: { locale?: string; cookieLanguage?: string }) {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: options.locale ?? 'tr-TR' });
  if (options.cookieLanguage) {
    const { baseURL } = test.info().project.use;
    await context.addCookies([{ name: 'windscope.language', value: options.cookieLanguage, url: String(baseURL) }]);
  }
  return context;
}

test.describe('prerendered public pages, before any script runs', () => {
  test('each page as served carries its heading in Turkish, the default', async ({ browser }) => {
    const context = await withoutScripts(browser, {});
    const page = await context.newPage();
    for (const { path, tr } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr);
      await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    }
    await context.close();
  });

  test('a page with a form as served: its fields take typing, its buttons wait for the app', async ({ browser }) => {
    // the fields are usable before the app arrives (what is typed is carried into it: see "typed before the app" below);
    // a button clicked before would do nothing or post the page to itself, so as served the buttons are disabled
    const context = await withoutScripts(browser, {});
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByLabel(/E-posta/)).toBeEditable();
    await expect(page.getByLabel(/Şifre/).first()).toBeEditable();
    await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeDisabled();
    await page.goto('/faq');
    await expect(page.getByTestId('faq-search')).toBeEditable();
    await expect(page.getByTestId('faq-filters').getByRole('button').first()).toBeDisabled();
    await page.goto('/contact');
    await expect(page.getByRole('textbox', { name: /^Ad Soyad/ })).toBeEditable();
    await expect(page.getByTestId('contact-submit')).toBeDisabled();
    await context.close();
    const live = await browser.newPage();
    for (const path of ['/login', '/faq', '/contact']) {
      await live.goto(path);
      await expect(live.locator('fieldset[disabled], input[disabled], button[disabled]')).toHaveCount(0);
    }
    await live.getByTestId('contact-submit').waitFor();
    await live.close();
  });

  test('in English for a saved English choice (its cookie), and for an English browser', async ({ browser }) => {
    for (const options of [{ cookieLanguage: 'en' }, { locale: 'en-US' }]) {
      const context = await withoutScripts(browser, options);
      const page = await context.newPage();
      for (const { path, en } of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), JSON.stringify(options)).toHaveText(en);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      }
      await context.close();
    }
  });

  test('the HTML of / and /login holds the heading text itself (not drawn by a script)', async ({ request }) => {
    for (const { path, tr, en } of PAGES.filter((p) => p.path === '/' || p.path === '/login')) {
      expect(await (await request.get(path, { headers: { 'accept-language': 'tr-TR' } })).text()).toContain(`>${tr}</h1>`);
      const english = await request.get(path, { headers: { cookie: 'windscope.language=en' } });
      expect(await english.text()).toContain(`>${en}</h1>`);
      expect(english.headers()['content-language']).toBe('en');
    }
  });
});

/** Holds the app's entry script until `release` is called: what the visitor sees before the app runs. */
async function holdEntryScript(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

/** Every error the page reports (React reports a hydration mismatch as a recoverable error: console and window). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });

test.describe('hydration', () => {
  for (const { path, tr, en } of PAGES) {
    test(`${path}: React takes over the prerendered heading (the same node), no errors`, async ({ page }) => {
      const errors = collectErrors(page);
      const release = await holdEntryScript(page);
      await page.goto(path, { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(tr);
      await heading.evaluate((element) => {
        (element as HTMLElement & { prerendered?: boolean }).prerendered = true;
      });
      release();
      await hydrated(page);
      expect(await heading.evaluate((element) => (element as HTMLElement & { prerendered?: boolean }).prerendered)).toBe(true);
      // the app works: the language switch redraws the page
      await page.getByTestId('language-toggle').getByRole('button', { name: 'EN' }).click();
      await expect(heading).toHaveText(en);
      expect(errors).toEqual([]);
    });
  }

  test('a saved English choice the server has not seen yet (no cookie): the Turkish page is never shown', async ({ page }) => {
    const errors = collectErrors(page);
    await page.addInitScript(() => localStorage.setItem('windscope.language', 'en'));
    const release = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    // the server sent Turkish (tr-TR browser, no cookie); index.html's script hides it before the first paint
    await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'tr');
    await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_PAGES[0].en);
    await expect(page.locator('html')).not.toHaveAttribute('data-relanguage');
    expect(errors).toEqual([]);
    // the script kept the choice in the cookie: the next visit is sent in English
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'windscope.language')?.value).toBe('en');
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'en');
  });

  test('a saved dark theme is on the page before the app runs, and hydrates without a mismatch', async ({ page }) => {
    const errors = collectErrors(page);
    await page.addInitScript(() => localStorage.setItem('windscope.theme', 'dark'));
    for (const path of ['/', '/login']) {
      const release = await holdEntryScript(page);
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      const toggle = page.getByTestId('theme-toggle');
      // the icon for the scheme on <html> (CSS: the sun, to switch to light), even in the HTML made in light
      await expect(toggle.locator('svg:visible')).toHaveCount(1);
      await expect(toggle.locator('svg:visible circle')).toHaveCount(1);
      release();
      await hydrated(page);
      await expect(toggle).toHaveAttribute('aria-label', 'Açık temaya geç');
      await page.unrouteAll();
    }
    expect(errors).toEqual([]);
  });
});

/** Holds every script of the app (the entry and the route's chunks) until `release` is called: a slow link. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await page.route(/\/assets\/[\w-]+\.js$/, async (route: Route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release: () => release(), held };
}

test.describe('typed before the app arrives (its scripts asked for after the first paint)', () => {
  test('/login: what is typed before the scripts arrive signs in once they have; Enter before waits, no reload', async ({ page }) => {
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Giriş Yap');
    const email = page.getByLabel('E-posta');
    const password = page.getByLabel('Şifre', { exact: false }).first();
    await email.fill(DEMO_ACCOUNTS[1].email);
    await password.fill(DEMO_PASSWORD);
    // the page asked for its scripts after it had painted, and none has run
    await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
    await email.evaluate((element) => {
      (element as HTMLElement & { prerendered?: boolean }).prerendered = true;
    });
    await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeDisabled();
    await password.press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/\/login$/);
    scripts.release();
    await hydrated(page);
    // the same fields, still holding what was typed
    expect(await email.evaluate((element) => (element as HTMLElement & { prerendered?: boolean }).prerendered)).toBe(true);
    await expect(email).toHaveValue(DEMO_ACCOUNTS[1].email);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await expectOnDashboard(page);
    expect(errors).toEqual([]);
  });

  test('/login?next=: hydrated as well (the typing kept), the notice once the app is there, back to the page after', async ({ page }) => {
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);
    await page.goto('/login?next=%2Fdashboard%2Fturbine%2F1', { waitUntil: 'commit' });
    await page.getByLabel('E-posta').fill('admin@ege.example');
    await page.getByLabel('Şifre', { exact: false }).first().fill(DEMO_PASSWORD);
    await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
    scripts.release();
    await expect(page.getByText('Devam etmek için lütfen giriş yapın.')).toBeVisible();
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(page).toHaveURL(/\/dashboard\/turbine\/1$/);
    expect(errors).toEqual([]);
  });

  test('/contact: a message typed before the scripts arrive is sent once they have', async ({ page }) => {
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const subject = `Yavaş bağlantı ${Date.now()}`;
    await page.getByRole('textbox', { name: /^Ad Soyad/ }).fill('Ayla Kurt');
    await page.getByRole('textbox', { name: /^Konu/ }).fill(subject);
    await page.getByRole('textbox', { name: /^Mesaj/ }).fill('Sayfa gelmeden yazıldı.');
    await expect(page.getByTestId('contact-submit')).toBeDisabled();
    await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
    scripts.release();
    await hydrated(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/contact') && r.request().method() === 'POST'),
      page.getByTestId('contact-submit').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ name: 'Ayla Kurt', subject, message: 'Sayfa gelmeden yazıldı.' });
    await expect(page.getByTestId('contact-success')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('/faq: a search typed before the scripts arrive filters the questions once they have', async ({ page }) => {
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);
    await page.goto('/faq', { waitUntil: 'commit' });
    await page.getByTestId('faq-search').fill('10 MB');
    await expect(page.getByTestId('faq-count')).toHaveText('12 soru bulundu');
    await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
    scripts.release();
    await expect(page.getByTestId('faq-count')).toHaveText('1 soru bulundu');
    await expect(page.getByTestId('faq-search')).toHaveValue('10 MB');
    expect(errors).toEqual([]);
  });
});

/** A link followed on a prerendered page before its app has arrived, and the app of that page arriving while the browser
 *  is on its way to the link's page (issue 22: the scripts come after the first paint). The old page's scripts are held
 *  until the click, and the next page's document until the old page's app has taken its page over (or 10 s): the old
 *  page's app must not pull the visitor back, and the next page must work. */
const LINKS_BEFORE_THE_APP = [
  { from: '/login', link: (page: Page) => page.getByRole('link', { name: 'Şifremi unuttum' }), to: '/password-reset' },
  { from: '/', link: (page: Page) => page.getByTestId('header-login'), to: '/login' },
  { from: '/contact', link: (page: Page) => page.getByTestId('header-login'), to: '/login' },
  { from: '/faq', link: (page: Page) => page.getByTestId('header-login'), to: '/login' },
];

test.describe('a link followed before the app arrives', () => {
  for (const { from, link, to } of LINKS_BEFORE_THE_APP) {
    test(`${from} -> ${to}: the old page's app, arriving meanwhile, leaves the visitor on ${to}, which works`, async ({ page }) => {
      // the old page tells when its app has hydrated it (React's fiber on its heading)
      await page.addInitScript((from) => {
        if (location.pathname !== from) return;
        const check = () => {
          const heading = document.querySelector('h1');
          if (heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber'))) console.log(`app took over ${from}`);
          else setTimeout(check, 10);
        };
        check();
      }, from);
      let oldAppArrived = () => {};
      const oldApp = new Promise<void>((resolve) => {
        oldAppArrived = resolve;
      });
      let tookOverWhileLeaving = false;
      page.on('console', (message) => {
        if (message.text() !== `app took over ${from}`) return;
        tookOverWhileLeaving = nextPageAsked;
        oldAppArrived();
      });
      const scripts = await holdScripts(page);
      let nextPageAsked = false;
      await page.route(
        (url) => url.pathname === to,
        async (route) => {
          if (!route.request().isNavigationRequest()) return route.continue();
          nextPageAsked = true;
          scripts.release();
          await Promise.race([oldApp, new Promise((resolve) => setTimeout(resolve, 10_000))]);
          await route.continue();
        },
      );
      await page.goto(from, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
      await page.evaluate(() => {
        (window as Window & { oldPage?: boolean }).oldPage = true;
      });
      await link(page).click();
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      // the race did happen: the old page's app hydrated it while the next page was on its way
      expect(tookOverWhileLeaving).toBe(true);
      // a new document (not the old page's app drawing the next page), and it stays there
      await expect.poll(() => page.evaluate(() => (window as Window & { oldPage?: boolean }).oldPage ?? false)).toBe(false);
      if (to === '/password-reset') {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Şifre Sıfırlama');
        await page.getByLabel('E-posta adresi').fill('operator@ege.example');
        await expect(page.getByRole('button', { name: 'Sıfırlama Bağlantısı Gönder' })).toBeEnabled();
      } else {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Giriş Yap');
        await hydrated(page);
        await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeEnabled();
      }
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe(to);
    });
  }
});
