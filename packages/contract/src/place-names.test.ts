import { describe, expect, it } from 'vitest';
import { displayCity, normalizeCity } from './place-names.ts';

describe('city names, stored lower-cased and shown with Turkish capitals (issue 24 item 9)', () => {
  it.each([
    ['İZMİR', 'izmir', 'İzmir'],
    ['izmir', 'izmir', 'İzmir'],
    ['ISPARTA', 'ısparta', 'Isparta'],
    ['Iğdır', 'ığdır', 'Iğdır'],
    ['  ŞANLIURFA ', 'şanlıurfa', 'Şanlıurfa'],
    ['çanakkale', 'çanakkale', 'Çanakkale'],
    ['Afyon-Karahisar', 'afyon-karahisar', 'Afyon-Karahisar'],
    ['kahramanmaraş elbistan', 'kahramanmaraş elbistan', 'Kahramanmaraş Elbistan'],
  ])('%s is stored as %s and shown as %s, and round-trips', (typed, stored, shown) => {
    expect(normalizeCity(typed)).toBe(stored);
    expect(displayCity(stored)).toBe(shown);
    expect(normalizeCity(displayCity(stored))).toBe(stored);
    expect(displayCity(normalizeCity(shown))).toBe(shown);
  });
});
