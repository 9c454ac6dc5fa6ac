import { describe, expect, it } from 'vitest';
import { formatMessage, formatWait } from './messages.ts';

describe('rate-limit waits read as people say them', () => {
  it('says minutes, rounded up, from a minute on, in both languages', () => {
    expect(formatMessage('RATE_LIMITED', 'tr', { seconds: 893 })).toBe(
      'Çok fazla deneme yapıldı. Lütfen yaklaşık 15 dakika sonra tekrar deneyin.',
    );
    expect(formatMessage('RATE_LIMITED', 'en', { seconds: 2410 })).toBe('Too many attempts. Please try again in about 41 minutes.');
    expect(formatWait(60, 'en')).toBe('about 1 minute');
    expect(formatWait(61, 'tr')).toBe('yaklaşık 2 dakika');
  });

  it('says seconds under a minute, and hours for long waits', () => {
    expect(formatWait(1, 'en')).toBe('1 second');
    expect(formatWait(0.2, 'en')).toBe('1 second');
    expect(formatWait(45, 'en')).toBe('45 seconds');
    expect(formatWait(45, 'tr')).toBe('45 saniye');
    expect(formatWait(3 * 3600, 'en')).toBe('about 3 hours');
    expect(formatWait(3 * 3600, 'tr')).toBe('yaklaşık 3 saat');
  });

  it('leaves plain placeholders as they were', () => {
    expect(formatMessage('COMPANY_NAME_TAKEN', 'en', { name: 'Ege' })).toBe('A company named "Ege" already exists');
  });
});
