import { describe, expect, it } from 'vitest';
import { nextSlide } from './use-slideshow.ts';

describe('nextSlide', () => {
  it('goes round in order', () => {
    expect([0, 1, 2].map((i) => nextSlide(i, 3, 'sequential'))).toEqual([1, 2, 0]);
  });

  it('never repeats the current slide in random order', () => {
    for (let current = 0; current < 3; current++) {
      for (const r of [0, 0.2, 0.49, 0.5, 0.75, 0.999]) {
        const next = nextSlide(current, 3, 'random', () => r);
        expect(next).not.toBe(current);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(3);
      }
    }
  });

  it('stays on the only slide', () => {
    expect(nextSlide(0, 1, 'random')).toBe(0);
  });
});
