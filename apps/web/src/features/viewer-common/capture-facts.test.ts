import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../i18n/format.ts';
import { captureFacts, formatPosition } from './capture-facts.ts';

const BERGAMA = '39.1842,27.0861';
// 0.001° of latitude north of Bergama RES: 111 m
const near = { latitude: 39.1852, longitude: 27.0861 };

describe('what a viewer header says about where and when a photo was taken (issue 24 item 22)', () => {
  it('gives the capture time, the position and its distance from the turbine', () => {
    const facts = captureFacts({ taken_at: '2025-06-14T10:30:12.000Z', gps: near }, BERGAMA);
    expect(facts.takenAt).toBe('2025-06-14T10:30:12.000Z');
    expect(facts.position).toEqual(near);
    expect(facts.fromTurbine).toBeCloseTo(111.2, 1);
  });

  it('reads the turbine coordinates generously (spaces, decimal commas, hemisphere letters)', () => {
    for (const text of [' 39.1842 , 27.0861 ', '39,1842, 27,0861', '39.1842 N 27.0861 E', '39.1842;27.0861']) {
      expect(captureFacts({ taken_at: null, gps: near }, text).fromTurbine).toBeCloseTo(111.2, 1);
    }
  });

  it('leaves the distance out when the turbine has no coordinates or unreadable ones, and keeps the position', () => {
    for (const text of [null, '', 'Bergama', '39.1842', '95,27', '39.18,27.08,3', 'lat,lng']) {
      const facts = captureFacts({ taken_at: null, gps: near }, text);
      expect(facts.position).toEqual(near);
      expect(facts.fromTurbine).toBeNull();
    }
  });

  it('has nothing to say about a photo without EXIF', () => {
    expect(captureFacts({ taken_at: null, gps: null }, BERGAMA)).toEqual({ takenAt: null, position: null, fromTurbine: null });
  });
});

describe('formatPosition', () => {
  const tr = { north: 'K', south: 'G', east: 'D', west: 'B' };
  const en = { north: 'N', south: 'S', east: 'E', west: 'W' };
  it('writes five decimals in the language, the hemisphere by letter', () => {
    expect(formatPosition(near, tr, (v, o) => formatNumber(v, 'tr', o))).toBe('39,18520° K 27,08610° D');
    expect(formatPosition(near, en, (v, o) => formatNumber(v, 'en', o))).toBe('39.18520° N 27.08610° E');
    expect(formatPosition({ latitude: -33.8688, longitude: -70.6483 }, en, (v, o) => formatNumber(v, 'en', o))).toBe(
      '33.86880° S 70.64830° W',
    );
  });
});
