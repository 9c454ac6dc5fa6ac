import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/header-layout.ts';
import { expectHydrated, PUBLIC_PAGES, useLanguageAndTheme } from '../support/public-site.ts';

const COMPANY_PHONE = '902325550190';
const GREETING = 'Merhaba, Windscope hakkında bilgi almak istiyorum.';

test.describe('every public route, in Turkish and in English', () => {
  for (const language of ['tr', 'en'] as const) {
    for (const route of PUBLIC_PAGES) {
      test(`${route.path} in ${language}`, async ({ page }) => {
        await useLanguageAndTheme(page, language);
        const response = await page.goto(route.path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route[language]);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page).toHaveTitle(/Windscope/);
        // the public layout: header links, language toggle, login; footer links and contact details
        const header = page.locator('header').first();
        await expect(header.getByRole('link', { name: language === 'tr' ? 'İletişim' : 'Contact' })).toBeVisible();
        await expect(header.getByTestId('language-toggle')).toBeVisible();
        await expect(header.getByTestId('header-login')).toHaveAttribute('href', '/login');
        const footer = page.locator('footer');
        for (const href of ['/about', '/contact', '/support', '/faq', '/privacy'])
          await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
        await expect(footer).toContainText('info@windscope.example');
        await expect(footer).toContainText('+90 232 555 01 90');
        await expect(footer).toContainText('İzmir');
      });
    }
  }
});

test.describe('narrow phones', () => {
  // issue 24 item 20: at 360 px the menu button stuck out by 2 px and the pages scrolled sideways
  for (const language of ['tr', 'en'] as const) {
    test(`every public page and sign-in fit 360 px (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await useLanguageAndTheme(page, language);
      for (const path of [...PUBLIC_PAGES.map((route) => route.path), '/login']) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          if (path !== '/login') {
            const menu = page
              .locator('header')
              .first()
              .getByRole('button', { name: language === 'tr' ? 'Menüyü aç' : 'Open menu' });
            await expect(menu).toBeInViewport({ ratio: 1 });
          }
          await expectNoSidewaysScroll(page);
        });
      }
    });
  }
});

test.describe('page contents', () => {
  test('home: slideshow, four stats, technology chips, 150+ reading, ROV services, partner strip', async ({ page }) => {
    await useLanguageAndTheme(page, 'tr');
    await page.goto('/');
    const slideshow = page.getByTestId('hero-slideshow');
    // each slide: its still picture (the scene in motion, once the page has loaded, is drawn over it: public-motion.spec)
    await expect(slideshow.locator(':scope > span > img')).toHaveCount(3);
    await expect(page.getByTestId('hero-dot')).toHaveCount(3);
    const start = await slideshow.getAttribute('data-slide');
    await expect(slideshow).not.toHaveAttribute('data-slide', start ?? '0', { timeout: 5_000 });
    await page.getByTestId('hero-dot').nth(2).click();
    await expect(slideshow).toHaveAttribute('data-slide', '2');
    for (const value of ['500+', '50+', '99.9%', '7/24']) await expect(page.getByTestId('home-stats')).toContainText(value);
    await expect(page.getByTestId('technology-chips')).toContainText('360° Görüntüleme');
    await expect(page.getByTestId('hero-live')).toHaveText('150+ türbin 7/24 izleniyor');
    await expect(page.getByTestId('rov-services')).toBeVisible();
    const strip = page.getByTestId('partner-strip');
    await expect(strip.locator('li')).toHaveCount(56);
    await expect(strip).toHaveCSS('animation-duration', '30s');
    // the scenes and logos are our own SVG files, served by the app
    for (const img of await page.locator('img').all()) {
      const src = (await img.getAttribute('src')) ?? '';
      expect(src).toMatch(/^\/assets\/.+\.svg$/);
    }
  });

  test('support: four channels with their response times, four steps, call and e-mail buttons', async ({ page }) => {
    await useLanguageAndTheme(page, 'en');
    await page.goto('/support');
    const channels = page.getByTestId('support-channels');
    await expect(channels.locator('article')).toHaveCount(4);
    for (const text of ['24/7', 'Within 4 hours', '09:00 - 18:00', 'Within 5 minutes', 'Within 30 minutes'])
      await expect(channels).toContainText(text);
    await expect(page.getByTestId('maintenance-steps').locator('li')).toHaveCount(4);
    await expect(page.getByTestId('support-call')).toHaveAttribute('href', `tel:+${COMPANY_PHONE}`);
    await expect(page.getByTestId('support-email')).toHaveAttribute('href', 'mailto:info@windscope.example');
  });

  test('about: story, mission, vision, the four values and the link to contact', async ({ page }) => {
    await useLanguageAndTheme(page, 'tr');
    await page.goto('/about');
    await expect(page.getByTestId('about-story')).toBeVisible();
    await expect(page.getByTestId('about-mission')).toContainText('Misyonumuz');
    await expect(page.getByTestId('about-vision')).toContainText('Vizyonumuz');
    for (const value of ['Sürdürülebilirlik', 'İnovasyon', 'Verimlilik', 'Kalite'])
      await expect(page.getByTestId('about-values')).toContainText(value);
    // a click before hydration would be a plain page load, not the app's navigation
    await expectHydrated(page.getByTestId('about-contact-link'));
    await page.getByTestId('about-contact-link').click();
    await expect(page).toHaveURL(/\/contact$/);
    // every route change scrolls to the top
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('FAQ: twelve questions, search, category filter, expandable answers, clear filters', async ({ page }) => {
    await useLanguageAndTheme(page, 'tr');
    await page.goto('/faq');
    await expect(page.getByTestId('faq-count')).toHaveText('12 soru bulundu');
    await page.getByTestId('faq-search').fill('10 MB');
    await expect(page.getByTestId('faq-count')).toHaveText('1 soru bulundu');
    const question = page.getByRole('button', { name: 'Hangi dosya formatlarını yükleyebilirim?' });
    await question.click();
    await expect(page.getByText('JPG, PNG ve WebP formatındaki fotoğrafları')).toBeVisible();
    await page.getByTestId('faq-filters').getByRole('button', { name: 'Güvenlik' }).click();
    await expect(page.getByTestId('faq-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Filtreleri Temizle' }).click();
    await expect(page.getByTestId('faq-count')).toHaveText('12 soru bulundu');
  });

  test('privacy: all sections and the retention figures', async ({ page }) => {
    await useLanguageAndTheme(page, 'en');
    await page.goto('/privacy');
    await expect(page.getByTestId('privacy-policy').getByRole('heading', { level: 2 })).toHaveText([
      'Introduction',
      'Data Controller',
      'Data We Collect',
      'How We Use Data',
      'Sharing of Data',
      'Data Security',
      'Retention Periods',
      'Your Rights',
      'Contact',
    ]);
    const retention = page.getByTestId('privacy-retention');
    for (const period of ['Service period + 10 years', '3 years', '1 year', 'Until consent is withdrawn + 1 year'])
      await expect(retention).toContainText(period);
  });
});

test.describe('language and theme', () => {
  test('survive a reload and a deep link', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await page.getByTestId('language-toggle').getByRole('button', { name: 'EN' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_PAGES[0].en);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_PAGES[0].en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.goto('/faq');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.getByTestId('language-toggle').getByRole('button', { name: 'TR' }).click();
    await page.getByTestId('theme-toggle').click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sıkça Sorulan Sorular');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});

test.describe('floating contact button', () => {
  test('appears after 1 s, shows its tooltip on hover, opens the messaging-app chat in a new tab without an opener', async ({
    page,
    context,
  }) => {
    // when did the page and the button show up?
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { marks: Record<string, number> }).marks = marks;
      new MutationObserver(() => {
        if (!marks.main && document.querySelector('main h1')) marks.main = performance.now();
        if (!marks.button && document.querySelector('[data-testid="floating-contact"]')) marks.button = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }));
    await useLanguageAndTheme(page, 'tr');
    await page.goto('/');
    const button = page.getByTestId('floating-contact');
    await expect(button).toBeVisible();
    const marks = await page.evaluate(() => (window as unknown as { marks: Record<string, number> }).marks);
    expect((marks.button ?? 0) - (marks.main ?? 0)).toBeGreaterThanOrEqual(900);

    const href = (await button.getAttribute('href')) ?? '';
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${COMPANY_PHONE}`);
    expect(url.searchParams.get('text')).toBe(GREETING);
    await expect(button).toHaveAttribute('target', '_blank');
    expect((await button.getAttribute('rel'))?.split(' ')).toContain('noopener');

    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await button.hover();
    await expect(page.getByRole('tooltip')).toHaveText('WhatsApp ile iletişime geçin');
    await page.mouse.move(10, 400);
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(href);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(page).toHaveURL(/\/$/);
  });

  test('is on every public page', async ({ context }) => {
    // the pages side by side, one tab each in the same browser context (each waits its own second for the button)
    await Promise.all(
      PUBLIC_PAGES.map(async (route) => {
        const page = await context.newPage();
        await page.goto(route.path);
        await expect(page.getByTestId('floating-contact'), route.path).toBeVisible();
        await page.close();
      }),
    );
  });
});
