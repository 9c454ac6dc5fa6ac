import { screen } from '@testing-library/react';
import type { LinkSuggestion, Observation } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { SuggestionCard } from './link-suggestions.tsx';
import { perYear } from './timeline-data.ts';
import { testFinding } from '../../test/findings.ts';

const finding = (over: Partial<LinkSuggestion['finding']>) =>
  testFinding({
    id: 14,
    first_seen_year: 2024,
    last_seen_year: 2025,
    observation_count: 2,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...over,
  });

describe('link suggestions (issue 16)', () => {
  it('says how far the earlier finding is, when it was seen and when its type differs', async () => {
    renderWithProviders(
      <>
        <SuggestionCard suggestion={{ finding: finding({}), distance_delta_m: 0.3, same_type: true, crop_url: null }} />
        <SuggestionCard
          suggestion={{
            finding: finding({ id: 15, type: 'erosion', first_seen_year: 2025, distance_from_root_m: 21.8 }),
            distance_delta_m: 0.5,
            same_type: false,
            crop_url: null,
          }}
        />
      </>,
    );
    const cards = await screen.findAllByTestId('link-suggestion');
    expect(cards.map((c) => c.getAttribute('data-finding-id'))).toEqual(['14', '15']);
    expect(cards[0]?.textContent).toMatch(/0,3 m uzakta|0\.3 m away/);
    expect(cards[0]?.textContent).toMatch(/2024–2025/);
    expect(cards[0]?.textContent).not.toMatch(/farklı tür|other type/);
    expect(cards[1]?.textContent).toMatch(/2025 yılında görüldü|Seen 2025/);
    expect(cards[1]?.textContent).toMatch(/farklı tür|other type/);
  });
});

describe('the timeline per year', () => {
  const o = (id: number, year: number, severity: number, length_mm: number | null, kind: 'sighting' | 'repair' = 'sighting') =>
    ({ id, year, severity, length_mm, kind, created_at: `${year}-06-0${id}T00:00:00Z` }) as Observation;
  it("takes each year's latest sighting, keeps a year's length when the latest has none, ignores repair evidence", () => {
    expect(perYear([o(3, 2026, 4, null), o(1, 2024, 2, 40), o(2, 2024, 3, 55), o(4, 2026, 1, 0, 'repair'), o(5, 2025, 3, 70)])).toEqual([
      { year: 2024, severity: 3, length: 55 },
      { year: 2025, severity: 3, length: 70 },
      { year: 2026, severity: 4, length: null },
    ]);
  });
});
