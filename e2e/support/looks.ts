import type { Browser, Page } from '@playwright/test';
import { type Session, signIn } from './viewer-data.ts';

/** The looks every changed screen is pictured in (the brief): 1440 px Turkish light and 769 px English dark. */
export const LOOKS = [
  { width: 1440, language: 'tr', theme: 'light' },
  { width: 769, language: 'en', theme: 'dark' },
] as const;
export type Look = (typeof LOOKS)[number];

/** Runs `body` once per look in a fresh browser context of that width (900 px high), signed in as `session` in that
 *  language and theme; the context is closed afterwards, also when the body fails. */
export async function inEachLook(
  browser: Browser,
  session: Session,
  body: (page: Page, look: Look) => Promise<void>,
  options: { reducedMotion?: boolean } = {},
): Promise<void> {
  for (const look of LOOKS) {
    const context = await browser.newContext({ viewport: { width: look.width, height: 900 } });
    try {
      const page = await context.newPage();
      if (options.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
      await signIn(page, session, { language: look.language, theme: look.theme });
      await body(page, look);
    } finally {
      await context.close();
    }
  }
}
