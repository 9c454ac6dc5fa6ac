import { describe, expect, it } from 'vitest';
import { compareLinkSuggestions, findingGrowth, linkPlacementBodySchema } from './findings.ts';

describe('findingGrowth', () => {
  it('is the length change per year between the first and the last sized sighting', () => {
    const g = findingGrowth([
      { year: 2026, length_mm: 140 },
      { year: 2023, length_mm: 80 },
      { year: 2024, length_mm: null },
      { year: 2025, length_mm: 100 },
    ]);
    expect(g).toEqual({ first_year: 2023, last_year: 2026, first_length_mm: 80, last_length_mm: 140, mm_per_year: 20 });
  });
  it('can shrink (negative growth) and ignores repair evidence', () => {
    const g = findingGrowth([
      { year: 2024, length_mm: 50 },
      { year: 2026, length_mm: 40 },
      { year: 2027, length_mm: 0, kind: 'repair' },
    ]);
    expect(g?.mm_per_year).toBe(-5);
    expect(g?.last_year).toBe(2026);
  });
  it('has no rate within one year, and nothing without a size', () => {
    expect(findingGrowth([{ year: 2026, length_mm: 30 }])?.mm_per_year).toBeNull();
    expect(
      findingGrowth([
        { year: 2026, length_mm: 30 },
        { year: 2026, length_mm: 45 },
      ])?.last_length_mm,
    ).toBe(45);
    expect(findingGrowth([{ year: 2026, length_mm: null }])).toBeNull();
    expect(findingGrowth([])).toBeNull();
  });
});

describe('compareLinkSuggestions', () => {
  const s = (id: number, same_type: boolean, distance_delta_m: number, last_seen_year = 2025) => ({
    id,
    same_type,
    distance_delta_m,
    last_seen_year,
  });
  it('puts the same type first, then the nearest, then the most recently seen', () => {
    const list = [s(1, false, 0), s(2, true, 0.8), s(3, true, 0.1), s(4, true, 0.1, 2024), s(5, false, 0.5)];
    expect(list.sort(compareLinkSuggestions).map((x) => x.id)).toEqual([3, 4, 2, 1, 5]);
  });
});

describe('linkPlacementBodySchema', () => {
  it('needs the room inside and a distance', () => {
    const base = { blade: 'A', surface: 'LE', distance_from_root_m: 3, type: 'crack', year: 2026 };
    expect(linkPlacementBodySchema.safeParse(base).success).toBe(true);
    expect(linkPlacementBodySchema.safeParse({ ...base, surface: 'interior' }).success).toBe(false);
    expect(linkPlacementBodySchema.safeParse({ ...base, surface: 'interior', room: 2 }).success).toBe(true);
    expect(linkPlacementBodySchema.safeParse({ ...base, distance_from_root_m: undefined }).success).toBe(false);
  });
});
