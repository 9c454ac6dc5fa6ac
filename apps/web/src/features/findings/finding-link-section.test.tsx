import { screen } from '@testing-library/react';
import type { FindingDetail, LinkSuggestion } from '@windscope/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, MANAGER, OPERATOR, signIn } from '../management/test-support.ts';
import { testFindingDetail } from '../../test/findings.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { FindingLinkSection } from './finding-link-section.tsx';

const later = (over: Partial<FindingDetail>) =>
  testFindingDetail({ severity: 4, status: 'draft', created_by: OPERATOR.id, created_by_name: 'Mert Demir', version: 3, ...over });
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
