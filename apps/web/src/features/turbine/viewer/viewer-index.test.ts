import { describe, expect, it } from 'vitest';
import { indexAfterRemoval, stepIndex, wrapIndex } from './viewer-index.ts';

describe('viewer index (spec §2, §4)', () => {
  it('wraps previous and next around the ends', () => {
    expect(stepIndex(0, -1, 5)).toBe(4);
    expect(stepIndex(4, 1, 5)).toBe(0);
    expect(stepIndex(2, 1, 5)).toBe(3);
    expect(stepIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(-6, 5)).toBe(4);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it('clamps after a delete, or closes when nothing is left', () => {
    expect(indexAfterRemoval(4, 4)).toBe(3); // the last one went: show the new last
    expect(indexAfterRemoval(2, 4)).toBe(2); // one in the middle: the next takes its place
    expect(indexAfterRemoval(0, 3)).toBe(0);
    expect(indexAfterRemoval(0, 0)).toBeNull();
  });
});
