import type { Language } from '@windscope/contract';
import { STORAGE_KEYS } from '../config/storage-keys.ts';

export const DEFAULT_LANGUAGE: Language = 'tr';

/** The contract's LANGUAGES, spelled out here: importing that value would pull the whole message catalogue onto `/`. */
export const SUPPORTED_LANGUAGES = ['tr', 'en'] as const satisfies readonly Language[];

export function isLanguage(value: unknown): value is Language {
  return value === 'tr' || value === 'en';
}

interface DetectionSources {
  storage?: Pick<Storage, 'getItem'>;
  navigator?: Pick<Navigator, 'language' | 'languages'>;
}

/** Spec §1: the saved preference, else the browser language (tr* -> tr, anything else -> en); Turkish on any error. */
export function detectLanguage(sources: DetectionSources = {}): Language {
  try {
    const storage = sources.storage ?? window.localStorage;
    const saved = storage.getItem(STORAGE_KEYS.language);
    if (isLanguage(saved)) return saved;
    const nav = sources.navigator ?? window.navigator;
    const browser = nav.languages?.[0] ?? nav.language;
    if (!browser) return DEFAULT_LANGUAGE;
    return browser.toLowerCase().startsWith('tr') ? 'tr' : 'en';
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Keeps the choice in localStorage, and in a cookie of the same name (the contract's LANGUAGE_COOKIE, not imported: it
 *  would bring the contract's constants onto `/`) by which the server sends the prerendered public pages in it. */
export function saveLanguage(language: Language): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the app supports
    document.cookie = `${STORAGE_KEYS.language}=${language}; path=/; max-age=31536000; samesite=lax`;
    window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // storage can be unavailable (private mode); the choice then lasts for this visit only
  }
}
