import { LANGUAGE_COOKIE } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../config/storage-keys.ts';
import { detectLanguage, saveLanguage } from './detect-language.ts';

const storageWith = (saved: string | null) => ({ getItem: (key: string) => (key === STORAGE_KEYS.language ? saved : null) });
const browser = (language: string, languages: string[] = [language]) => ({ language, languages });

describe('detectLanguage (spec §1)', () => {
  it('prefers the saved choice over the browser language', () => {
    expect(detectLanguage({ storage: storageWith('en'), navigator: browser('tr-TR') })).toBe('en');
    expect(detectLanguage({ storage: storageWith('tr'), navigator: browser('en-US') })).toBe('tr');
  });

  it('ignores a saved value that is not a language we offer', () => {
    expect(detectLanguage({ storage: storageWith('de'), navigator: browser('en-GB') })).toBe('en');
  });

  it('maps any tr* browser language to Turkish', () => {
    expect(detectLanguage({ storage: storageWith(null), navigator: browser('tr') })).toBe('tr');
    expect(detectLanguage({ storage: storageWith(null), navigator: browser('tr-TR') })).toBe('tr');
    expect(detectLanguage({ storage: storageWith(null), navigator: browser('TR-cy') })).toBe('tr');
  });

  it('maps every other browser language to English', () => {
    expect(detectLanguage({ storage: storageWith(null), navigator: browser('en-US') })).toBe('en');
    expect(detectLanguage({ storage: storageWith(null), navigator: browser('de-DE') })).toBe('en');
  });

  it("uses the browser's first preferred language", () => {
    expect(detectLanguage({ storage: storageWith(null), navigator: browser('en-US', ['tr-TR', 'en-US']) })).toBe('tr');
  });

  it('falls back to Turkish when detection fails', () => {
    const broken = {
      getItem: () => {
        throw new Error('storage disabled');
      },
    };
    expect(detectLanguage({ storage: broken, navigator: browser('en-US') })).toBe('tr');
    expect(detectLanguage({ storage: storageWith(null), navigator: { language: '', languages: [] } })).toBe('tr');
  });
});

describe('saveLanguage', () => {
  it('keeps the choice in localStorage and in the cookie by which the server picks a prerendered page (issue 22)', () => {
    saveLanguage('en');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
    saveLanguage('tr');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('tr');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=tr`);
    expect(document.cookie).not.toContain(`${LANGUAGE_COOKIE}=en`);
  });
});
