import { expect, test } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeQuotedPrintable, OUTBOX, waitForMail } from '../support/outbox.ts';
import { useLanguageAndTheme } from '../support/public-site.ts';

/** The server's CONTACT_INBOX default: messages go there (the outbox folder in tests). */
const INBOX = 'info@windscope.example';

/** Every e-mail in the outbox that mentions `text`. */
async function mailsMentioning(text: string): Promise<string[]> {
  const names = (await readdir(OUTBOX).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const mails = await Promise.all(names.map(async (name) => decodeQuotedPrintable(await readFile(path.join(OUTBOX, name), 'utf8'))));
  return mails.filter((mail) => mail.includes(text));
}

test.describe('contact form (DECISIONS §4: stored and e-mailed)', () => {
  test('the browser refuses to send without name, subject and message', async ({ page }) => {
    await useLanguageAndTheme(page, 'tr');
    await page.goto('/contact');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/contact')) calls.push(request.url());
    });
    await page.getByTestId('contact-submit').click();
    expect(await page.getByRole('textbox', { name: /^Ad Soyad/ }).evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
  });

  test('a message reaches the server and the outbox; the banner shows for 3 s, then the form resets', async ({ page }) => {
    await useLanguageAndTheme(page, 'tr');
    await page.goto('/contact');
    const subject = `ROV teklifi ${Date.now()}`;
    const since = Date.now() - 1000;
    await page.getByRole('textbox', { name: /^Ad Soyad/ }).fill('Ayla Kurt');
    await page.getByRole('textbox', { name: /^E-posta/ }).fill('ayla.kurt@example.com');
    await page.getByRole('textbox', { name: /^Telefon/ }).fill('+90 555 111 22 33');
    await page.getByRole('textbox', { name: /^Konu/ }).fill(subject);
    await page.getByRole('textbox', { name: /^Mesaj/ }).fill('Üç açık deniz türbini için temel incelemesi istiyoruz.');

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/contact') && r.request().method() === 'POST'),
      page.getByTestId('contact-submit').click(),
    ]);
    expect(response.status()).toBe(200);
    const banner = page.getByTestId('contact-success');
    await expect(banner).toBeVisible();
    const shownAt = Date.now();

    // the outbox helper undoes quoted-printable byte by byte: read those bytes as UTF-8
    const mail = Buffer.from(await waitForMail(INBOX, since), 'latin1').toString('utf8');
    expect(mail).toContain(subject);
    expect(mail).toContain('Ayla Kurt');
    expect(mail).toContain('Üç açık deniz türbini için temel incelemesi istiyoruz.');
    expect(mail).toMatch(/^Reply-To: .*ayla\.kurt@example\.com/im);

    await expect(banner).toBeHidden({ timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_000);
    await expect(page.getByRole('textbox', { name: /^Ad Soyad/ })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: /^Konu/ })).toHaveValue('');
  });

  test('a filled honeypot looks sent to the bot, but nothing is e-mailed', async ({ page }) => {
    await useLanguageAndTheme(page, 'en');
    await page.goto('/contact');
    const subject = `Cheap pills ${Date.now()}`;
    await page.getByRole('textbox', { name: /^Full name/ }).fill('Bot');
    await page.getByRole('textbox', { name: /^Subject/ }).fill(subject);
    await page.getByRole('textbox', { name: /^Message/ }).fill('spam');
    await page.locator('#contact-website').fill('http://spam.example');
    const answered = page.waitForResponse((r) => r.url().includes('/api/contact'));
    await page.getByTestId('contact-submit').click();
    const response = await answered;
    await expect(page.getByTestId('contact-success')).toBeVisible();
    expect(response.status()).toBe(200);
    // the server answered like a success; give a real message time to land, then look
    await page.waitForTimeout(1_500);
    expect(await mailsMentioning(subject)).toEqual([]);
  });
});
