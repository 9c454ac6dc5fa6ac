import { describe, expect, it } from 'vitest';
import { turbineTrend } from './notifications.ts';

describe('turbineTrend (issue 16: this year worst severity against last year)', () => {
  it('is worse, same or better by the worst severities, and says when a year has nothing', () => {
    expect(turbineTrend({ worst_this_year: 4, worst_last_year: 2 })).toBe('worse');
    expect(turbineTrend({ worst_this_year: 3, worst_last_year: 3 })).toBe('same');
    expect(turbineTrend({ worst_this_year: 1, worst_last_year: 5 })).toBe('better');
    expect(turbineTrend({ worst_this_year: 2, worst_last_year: null })).toBe('no_earlier');
    expect(turbineTrend({ worst_this_year: null, worst_last_year: 3 })).toBe('no_data');
    expect(turbineTrend({ worst_this_year: null, worst_last_year: null })).toBe('no_data');
  });
});
