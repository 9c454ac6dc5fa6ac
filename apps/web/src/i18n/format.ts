import { useTranslation } from 'react-i18next';
import type { Language } from '@windscope/contract';
import { isLanguage } from './detect-language.ts';

/** BCP 47 locale per interface language (DECISIONS §8: dates in the current language's locale). */
export const LOCALES: Record<Language, string> = { tr: 'tr-TR', en: 'en-GB' };

type DateInput = Date | string | number;

export function formatDate(value: DateInput, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[language], options).format(date);
}

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(LOCALES[language], options).format(value);
}

const KB = 1024;
const MB = 1024 * 1024;
const GB = 1024 * 1024 * 1024;

/** A file's or a queue's size (spec §9: bytes/1024/1024), one formatter everywhere: KB up to 999 (a small file never
 *  reads "0.0 MB"), then MB with one decimal for photos and two for reports, then GB (a turbine's 5-7 GB of field
 *  photos), in the language's number style ("1,5 MB" in Turkish). Never four digits before the unit: "1.008 KB" read
 *  as a thousand times too big (issue 24 item 18). */
export function formatFileSize(bytes: number, language: Language, decimals: 1 | 2 = 1): string {
  const fixed = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  const kilobytes = Math.round(bytes / KB);
  if (kilobytes < 1000) return `${formatNumber(bytes > 0 ? Math.max(1, kilobytes) : 0, language)} KB`;
  // the unit follows what is printed: 999.96 MB rounds to "1,000.0", so it goes up to GB first
  if (Number((bytes / MB).toFixed(decimals)) < 1000) return `${formatNumber(bytes / MB, language, fixed)} MB`;
  return `${formatNumber(bytes / GB, language, fixed)} GB`;
}

/** A distance on the ground: metres under a kilometre (to the metre up to 100 m, then to ten metres), then kilometres
 *  with one decimal below 10 km and whole above, in the language's number style and unit ("1,4 km" in Turkish). */
export function formatDistance(metres: number, language: Language): string {
  if (!Number.isFinite(metres) || metres < 0) return '';
  const shownMetres = metres < 100 ? Math.round(metres) : Math.round(metres / 10) * 10;
  if (shownMetres < 1000) return formatNumber(shownMetres, language, { style: 'unit', unit: 'meter', unitDisplay: 'short' });
  const km = metres / 1000;
  const digits = Number(km.toFixed(1)) < 10 ? 1 : 0;
  return formatNumber(km, language, {
    style: 'unit',
    unit: 'kilometer',
    unitDisplay: 'short',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** When a photo was taken, as its camera's clock read. The server keeps an EXIF time without an offset as if it were UTC
 *  (media/exif.ts; the month it files a photo under and the reports' dates read it so), so it is shown in UTC: the
 *  camera's wall-clock time whatever the viewer's own time zone. */
export function formatCaptureTime(value: DateInput, language: Language): string {
  return formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
}

/** Formatters bound to the current language; they re-render with it. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'tr';
  return {
    language,
    date: (value: DateInput) => formatDate(value, language, { dateStyle: 'medium' }),
    dateTime: (value: DateInput) => formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' }),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    fileSize: (bytes: number, decimals: 1 | 2 = 1) => formatFileSize(bytes, language, decimals),
    distance: (metres: number) => formatDistance(metres, language),
    captureTime: (value: DateInput) => formatCaptureTime(value, language),
  };
}
