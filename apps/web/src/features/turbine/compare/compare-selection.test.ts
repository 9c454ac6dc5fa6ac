import { describe, expect, it } from 'vitest';
import { canCompare, isCompareDisabled, toggleCompare } from './compare-selection.ts';

describe('comparison ticks (spec §2, §5: at most 2)', () => {
  it('ticks up to two photos and ignores a third', () => {
    let selected = toggleCompare([], 1);
    selected = toggleCompare(selected, 2);
    expect(selected).toEqual([1, 2]);
    expect(toggleCompare(selected, 3)).toEqual([1, 2]);
  });

  it('disables further checkboxes once two are ticked, but never a ticked one', () => {
    expect(isCompareDisabled([1], 2)).toBe(false);
    expect(isCompareDisabled([1, 2], 3)).toBe(true);
    expect(isCompareDisabled([1, 2], 2)).toBe(false);
  });

  it('unticks, which frees the other checkboxes', () => {
    const selected = toggleCompare([1, 2], 1);
    expect(selected).toEqual([2]);
    expect(isCompareDisabled(selected, 3)).toBe(false);
  });

  it('compares exactly two', () => {
    expect(canCompare([])).toBe(false);
    expect(canCompare([1])).toBe(false);
    expect(canCompare([1, 2])).toBe(true);
  });
});
