import { describe, expect, it } from 'vitest';
import { isSafeFileName, roomChoices, roomLabel, stripStoredPrefix, turbineDisplayName, yearChoices } from './constants.ts';
import { formatMessage, languageFromHeader } from './messages.ts';
import { companyBodySchema, coordinatesSchema, createTurbineBodySchema } from './schemas.ts';
import { isStorableText } from './text-fields.ts';

describe('constants and helpers', () => {
  it('labels rooms 1..9 and falls back to "Oda {n}"', () => {
    expect(roomLabel(1)).toBe('Root - WW');
    expect(roomLabel(6)).toBe('Tip - SW');
    expect(roomLabel(9)).toBe('Tip - LW');
    expect(roomLabel(10)).toBe('Oda 10');
    expect(roomLabel(12, 'Room')).toBe('Room 12');
    expect(roomChoices()).toHaveLength(25);
  });

  it('offers the current year and the ten before it, newest first', () => {
    const years = yearChoices(new Date('2026-03-01'));
    expect(years).toHaveLength(11);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2016);
  });

  it('accepts only letters, digits, underscore, hyphen and dot in file names', () => {
    expect(isSafeFileName('IMG_0001-a.JPG')).toBe(true);
    for (const bad of ['my photo.jpg', 'foto(1).jpg', 'çatlak.jpg', '../x.jpg', 'a\0.jpg', '', '..'])
      expect(isSafeFileName(bad)).toBe(false);
  });

  it('strips the stored number-number- prefix', () => {
    expect(stripStoredPrefix('1718000000000-123456-rapor_2024.pdf')).toBe('rapor_2024.pdf');
    expect(stripStoredPrefix('plain.pdf')).toBe('plain.pdf');
  });

  it('names a turbine by turbine_name, else name, else its code (one rule for every page)', () => {
    expect(turbineDisplayName({ turbine_name: 'Alaçatı 5', name: 'T5', code: 'EGE-5' })).toBe('Alaçatı 5');
    expect(turbineDisplayName({ turbine_name: '  ', name: 'T5', code: 'EGE-5' })).toBe('T5');
    expect(turbineDisplayName({ turbine_name: null, name: null, code: 'EGE-5' })).toBe('EGE-5');
  });

  it('formats messages in both languages and picks the language from a header', () => {
    expect(formatMessage('COMPANY_NAME_TAKEN', 'tr', { name: 'Ege' })).toBe('"Ege" adında bir şirket zaten mevcut');
    expect(formatMessage('COMPANY_NAME_TAKEN', 'en', { name: 'Ege' })).toBe('A company named "Ege" already exists');
    expect(languageFromHeader('tr-TR,tr;q=0.9')).toBe('tr');
    expect(languageFromHeader('en-US')).toBe('en');
    expect(languageFromHeader(undefined)).toBe('tr');
    expect(languageFromHeader('de-DE')).toBe('tr');
  });

  it('validates coordinates and turbine rooms', () => {
    expect(coordinatesSchema.safeParse('38.42,27.14').success).toBe(true);
    expect(coordinatesSchema.safeParse('91,27').success).toBe(false);
    expect(coordinatesSchema.safeParse('izmir').success).toBe(false);
    const base = { city: 'İzmir', code: 'T1', location: 'Bergama' };
    expect(createTurbineBodySchema.parse(base).rooms).toBe(3);
    const zero = createTurbineBodySchema.safeParse({ ...base, rooms: 0 });
    expect(zero.success).toBe(false);
    expect(zero.error?.issues[0]?.message).toBe('TURBINE_ROOMS_MIN');
    expect(createTurbineBodySchema.safeParse({ ...base, extra: 1 }).success).toBe(false);
  });
});

describe('storable text', () => {
  it('refuses NUL and lone surrogates, keeps every real character', () => {
    for (const ok of ['', 'Rüzgar', 'İı', '😀', '👩‍👩‍👧', '🇹🇷', 'e\u0301', 'مرحبا', '\u{10ffff}'])
      expect(isStorableText(ok), ok).toBe(true);
    for (const bad of ['a\u0000b', '\ud800', 'x\udfff', '😀'.slice(0, 1), `${'😀'.slice(1)}x`])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('gives text fields a message of their own in both languages', () => {
    const refused = companyBodySchema.safeParse({ name: 'Rüzgar \ud83d' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('TEXT_INVALID_CHARACTERS');
    expect(formatMessage('TEXT_INVALID_CHARACTERS', 'tr')).toMatch(/geçersiz karakter/);
    expect(formatMessage('TEXT_INVALID_CHARACTERS', 'en')).toMatch(/invalid characters/);
    expect(companyBodySchema.safeParse({ name: 'Rüzgar 😀' }).success).toBe(true);
  });
});
