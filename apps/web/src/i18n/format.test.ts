import { describe, expect, it } from 'vitest';
import { formatCaptureTime, formatDate, formatDistance, formatFileSize, formatNumber } from './format.ts';
import { i18n } from './i18n.ts';
import { registerCatalog } from './register-catalog.ts';

describe('dates and numbers in the current language (DECISIONS §8)', () => {
  const date = new Date(2026, 2, 9, 14, 5);

  it('writes Turkish dates the Turkish way', () => {
    expect(formatDate(date, 'tr', { day: 'numeric', month: 'long', year: 'numeric' })).toBe('9 Mart 2026');
    expect(formatDate(date, 'tr', { day: '2-digit', month: '2-digit', year: 'numeric' })).toBe('09.03.2026');
  });

  it('writes English dates day first', () => {
    expect(formatDate(date, 'en', { day: 'numeric', month: 'long', year: 'numeric' })).toBe('9 March 2026');
  });

  it('returns nothing for an invalid date', () => {
    expect(formatDate('not a date', 'tr')).toBe('');
  });

  it('uses the decimal comma in Turkish', () => {
    expect(formatNumber(1234.5, 'tr')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
  });
});

describe('file sizes (spec §9: bytes/1024/1024)', () => {
  it('shows KB below 1 MB, never "0.0 MB"', () => {
    expect(formatFileSize(40_000, 'en')).toBe('39 KB');
    expect(formatFileSize(100, 'tr')).toBe('1 KB');
    expect(formatFileSize(0, 'en')).toBe('0 KB');
    expect(formatFileSize(999 * 1024, 'en')).toBe('999 KB');
  });

  it('never shows four digits before the unit: MB from 1,000 KB, GB from 1,000 MB (issue 24 item 18)', () => {
    // 1,032,000 bytes read "1.008 KB" in Turkish: a thousand times too big at a glance
    expect(formatFileSize(1_032_000, 'tr')).toBe('1,0 MB');
    expect(formatFileSize(1000 * 1024, 'en')).toBe('1.0 MB');
    expect(formatFileSize(1023.7 * 1024, 'en')).toBe('1.0 MB');
    expect(formatFileSize(999.9 * 1024 * 1024, 'en')).toBe('999.9 MB');
    expect(formatFileSize(999.96 * 1024 * 1024, 'en')).toBe('1.0 GB');
    expect(formatFileSize(6.8 * 1024 ** 3, 'tr')).toBe('6,8 GB');
    expect(formatFileSize(6.8 * 1024 ** 3, 'en', 2)).toBe('6.80 GB');
    for (let bytes = 1; bytes < 50 * 1024 ** 3; bytes = Math.ceil(bytes * 1.37)) {
      for (const language of ['tr', 'en'] as const) {
        const [amount = ''] = formatFileSize(bytes, language).split(' ');
        const [whole = ''] = amount.split(language === 'tr' ? ',' : '.');
        expect(whole.replace(/\D/g, '').length, `${bytes} bytes: ${amount}`).toBeLessThanOrEqual(3);
      }
    }
  });

  it("shows MB with one decimal for photos and two for reports, in the language's style", () => {
    expect(formatFileSize(1536 * 1024, 'en')).toBe('1.5 MB');
    expect(formatFileSize(1536 * 1024, 'tr')).toBe('1,5 MB');
    expect(formatFileSize(1536 * 1024, 'en', 2)).toBe('1.50 MB');
    expect(formatFileSize(5 * 1024 * 1024 + 40_000, 'tr', 2)).toBe('5,04 MB');
  });
});

describe('registerCatalog', () => {
  it("adds a page's own namespace in both languages", () => {
    registerCatalog('example-page', { tr: { heading: 'Başlık' }, en: { heading: 'Heading' } });
    expect(i18n.getResource('tr', 'example-page', 'heading')).toBe('Başlık');
    expect(i18n.getResource('en', 'example-page', 'heading')).toBe('Heading');
  });
});

describe('distances on the ground (issue 24 item 22)', () => {
  it('shows metres under a kilometre: to the metre up to 100 m, then to ten metres', () => {
    expect(formatDistance(0, 'en')).toBe('0 m');
    expect(formatDistance(12.4, 'tr')).toBe('12 m');
    expect(formatDistance(99.4, 'en')).toBe('99 m');
    expect(formatDistance(263.1, 'en')).toBe('260 m');
    expect(formatDistance(994, 'tr')).toBe('990 m');
  });

  it("shows kilometres from 1 km, one decimal below 10 km, in the language's number style", () => {
    expect(formatDistance(995, 'en')).toBe('1.0 km');
    expect(formatDistance(1348.4, 'en')).toBe('1.3 km');
    expect(formatDistance(1348.4, 'tr')).toBe('1,3 km');
    expect(formatDistance(9960, 'en')).toBe('10 km');
    expect(formatDistance(45_140, 'tr')).toBe('45 km');
    expect(formatDistance(1_234_567, 'en')).toBe('1,235 km');
    expect(formatDistance(1_234_567, 'tr')).toBe('1.235 km');
  });

  it('shows nothing for a distance that is not one', () => {
    expect(formatDistance(Number.NaN, 'en')).toBe('');
    expect(formatDistance(-5, 'tr')).toBe('');
    expect(formatDistance(Number.POSITIVE_INFINITY, 'en')).toBe('');
  });
});

describe('capture times', () => {
  it("are the camera's clock (kept as UTC by the server) in the page language's date format", () => {
    expect(formatCaptureTime('2024-05-17T10:21:33.000Z', 'tr')).toBe('17 May 2024 10:21');
    expect(formatCaptureTime('2024-05-17T10:21:33.000Z', 'en')).toBe('17 May 2024, 10:21');
    expect(formatCaptureTime('2024-11-03T23:59:00.000Z', 'tr')).toBe('3 Kas 2024 23:59');
    expect(formatCaptureTime('garbage', 'en')).toBe('');
  });
});
