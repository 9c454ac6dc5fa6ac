/** Business constants of the spec (section 9) and DECISIONS.md. */
export const BLADES = ['A', 'B', 'C'] as const;
export type Blade = (typeof BLADES)[number];

export const PHOTO_CATEGORIES = ['drone', 'operator', 'robot'] as const;
export type PhotoCategory = (typeof PHOTO_CATEGORIES)[number];

export const TURBINE_STATUSES = ['active', 'maintenance', 'faulty', 'offline', 'inactive', 'unknown'] as const;
export type TurbineStatus = (typeof TURBINE_STATUSES)[number];

export const DEFAULT_ROOMS = 3;
export const MIN_ROOMS = 1;
export const UPLOAD_ROOM_CHOICES = 25;
export const YEAR_CHOICES = 11;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const COMMENT_MAX_LENGTH = 500;
export const COMMENT_TRUNCATE_AT = 100;
export const COMMENT_EDIT_WINDOW_MS = 60 * 60 * 1000;

export const COMPARE_LIMIT = 2;
export const ZOOM_STEP = 1.5;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 5;
/** Viewers load a photo's preview (DECISIONS §6), this many pixels wide at most; the server makes it. */
export const PREVIEW_WIDTH = 1600;
export const ANNOTATION_DEFAULTS = { color: 'red', strokeWidth: 3, textSize: 16 } as const;
export const ANNOTATION_HIT_TOLERANCE = { text: 30, circle: 15, rectangle: 10 } as const;

export const MOBILE_MAX_WIDTH = 768;
export const POLL_INTERVAL_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 1_800_000;
export const UPLOAD_BATCH = {
  bladeFiles: 3,
  categoryFiles: 2,
  categoryBytes: 20 * 1024 * 1024,
  categoryPauseMs: 1000,
} as const;
export const ERROR_BANNER_MS = { invalidNames: 5000, pdfProblems: 8000 } as const;
export const TOAST_DURATION_MS = 3000;
export const CONTACT_SUCCESS_MS = 3000;
export const SLIDESHOW = { intervalMs: 3000, fadeMs: 1500, loginIntervalMs: 6500 } as const;
export const PARTNER_STRIP = { loopSeconds: 30, repeats: 8 } as const;
export const CONTACT_BUTTON_DELAY_MS = 1000;
export const UNAUTHORIZED_REDIRECT_MS = 2000;

/** Client cache stale times (DECISIONS §9). */
export const STALE_TIME_MS = { default: 5 * 60_000, turbines: 2 * 60_000, photos: 3 * 60_000 } as const;

/** DECISIONS §17: a signed file URL lives at most 15 minutes, and the server hands out one URL for a third of that (it is
 *  then good for ten to fifteen minutes). The web app fetches answers that carry file URLs again this often, so the
 *  URLs it holds always have five minutes or more left. */
export const FILE_URL_MAX_LIFETIME_SECONDS = 900;
export const FILE_URL_REFRESH_MS = (FILE_URL_MAX_LIFETIME_SECONDS / 3) * 1000;

/** File limits (DECISIONS §6); the server reads overrides from its configuration. */
export const FILE_LIMITS = {
  photoBytes: 200 * 1024 * 1024,
  reportBytes: 100 * 1024 * 1024,
  maxMegapixels: 400,
} as const;

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Row ids are PostgreSQL integers: anything above cannot name a row. */
export const MAX_ROW_ID = 2_147_483_647;
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** A sign-in link (the way out of a rate-limited sign-in) is short-lived and single use. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** A manager's change of a user's e-mail address waits for the new address to confirm it: the link is valid a day, once. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Names of uploaded files: letters, digits, underscore, hyphen, dot. */
export const SAFE_FILE_NAME = /^[A-Za-z0-9_.-]+$/;
export function isSafeFileName(name: string): boolean {
  return name.length > 0 && name.length <= 200 && SAFE_FILE_NAME.test(name) && name !== '.' && name !== '..';
}

/** The current year and the ten before it, newest first. */
export function yearChoices(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: YEAR_CHOICES }, (_, i) => current - i);
}

export function roomChoices(count: number = UPLOAD_ROOM_CHOICES): number[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => i + 1);
}

const ROOM_LABELS: Record<number, string> = {
  1: 'Root - WW',
  2: 'Mid - WW',
  3: 'Tip - WW',
  4: 'Root - SW',
  5: 'Mid - SW',
  6: 'Tip - SW',
  7: 'Root - LW',
  8: 'Mid - LW',
  9: 'Tip - LW',
};

/** Room label for 1..9; other numbers get the "Oda {n}" fallback, with the word supplied in the current language. */
export function roomLabel(room: number, roomWord = 'Oda'): string {
  return ROOM_LABELS[room] ?? `${roomWord} ${room}`;
}

/** A turbine's name wherever one is shown (spec §2 card, §3): turbine_name, else name, else its code, which unlike a
 *  city identifies it. */
export function turbineDisplayName(turbine: { turbine_name: string | null; name: string | null; code: string }): string {
  return turbine.turbine_name?.trim() || turbine.name?.trim() || turbine.code;
}

/** Stored file names carry a "number-number-" prefix that the interface strips. */
export function stripStoredPrefix(name: string): string {
  const m = /^\d+-[A-Za-z0-9]+-(.+)$/.exec(name);
  return m?.[1] ?? name;
}

/** The cookie that mirrors the web app's saved language (localStorage), so the server can send the prerendered public
 *  pages in that language (issue 22: no page painted in the wrong language before the app runs). */
export const LANGUAGE_COOKIE = 'windscope.language';
