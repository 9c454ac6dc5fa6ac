import { describe, expect, it } from 'vitest';
import { foldedCount } from './fit-header.ts';

const base = { fixed: 400, menu: 36, gap: 10, foldable: [150, 120, 100] };

describe('foldedCount (the header folds only what does not fit)', () => {
  it('folds nothing when everything fits', () => {
    expect(foldedCount({ ...base, available: 800 })).toBe(0);
  });

  it('folds the first controls in folding order, leaving room for the menu button', () => {
    // all: 400 + 160 + 130 + 110 = 800; one folded: 800 - 160 + 46 (menu and its gap) = 686
    expect(foldedCount({ ...base, available: 799 })).toBe(1);
    expect(foldedCount({ ...base, available: 686 })).toBe(1);
    expect(foldedCount({ ...base, available: 685 })).toBe(2);
    expect(foldedCount({ ...base, available: 300 })).toBe(3);
  });

  it('shows everything before the header is laid out', () => {
    expect(foldedCount({ ...base, available: 0 })).toBe(0);
  });
});
