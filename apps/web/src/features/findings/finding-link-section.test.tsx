import { screen } from '@testing-library/react';
import type { FindingDetail, LinkSuggestion } from '@windscope/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, MANAGER, OPERATOR, signIn } from '../management/test-support.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { FindingLinkSection } from './finding-link-section.tsx';

const later = (over: Partial<FindingDetail>): FindingDetail => ({
  id: 21,
  turbine_id: 1,
  blade: 'A',
  surface: 'LE',
  room: null,
  distance_from_root_m: 21,
  type: 'crack',
  severity: 4,
  depth_class: null,
  length_mm: null,
  width_mm: null,
  notes: null,
  status: 'draft',
  due_date: null,
  overdue: false,
  created_by: OPERATOR.id,
  created_by_name: 'Mert Demir',
  repaired_by: null,
  version: 3,
  first_seen_year: 2026,
  last_seen_year: 2026,
  observation_count: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  observations: [],
  events: [],
  transitions: [],
  ...over,
});
const suggestion: LinkSuggestion = {
  finding: { ...later({ id: 14, status: 'confirmed', first_seen_year: 2025, last_seen_year: 2025 }) },
  distance_delta_m: 0.3,
  same_type: true,
  crop_url: null,
};

describe('linking from the finding drawer (issue 23)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const show = async (finding: FindingDetail) => {
    fakeApi({ 'GET /api/turbines/1/findings/21/link-suggestions': [suggestion] });
    renderWithProviders(<FindingLinkSection turbineId={1} finding={finding} onLinked={() => {}} />);
    return screen.findByTestId('link-suggestion');
  };

  it('offers an operator the link of their own draft', async () => {
    signIn(OPERATOR);
    await show(later({}));
    expect(screen.getByTestId('link-suggestion-link')).toBeInTheDocument();
  });

  it('hides the link of a reviewed finding from its operator, as the server refuses it', async () => {
    signIn(OPERATOR);
    await show(later({ status: 'confirmed' }));
    expect(screen.queryByTestId('link-suggestion-link')).toBeNull();
    expect(screen.getByTestId('link-suggestion-dismiss')).toBeInTheDocument();
  });

  it('offers a manager the link of someone else’s reviewed finding', async () => {
    signIn(MANAGER);
    await show(later({ status: 'repair_planned' }));
    expect(screen.getByTestId('link-suggestion-link')).toBeInTheDocument();
  });

  it('hides the link of a manager’s own reviewed finding (they are no reviewer of it)', async () => {
    signIn(MANAGER);
    await show(later({ status: 'confirmed', created_by: MANAGER.id }));
    expect(screen.queryByTestId('link-suggestion-link')).toBeNull();
  });
});
