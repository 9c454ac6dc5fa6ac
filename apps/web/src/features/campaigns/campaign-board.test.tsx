import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampaignBoard, CampaignBoardRow } from '@windscope/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeApi, MANAGER, OPERATOR, signIn } from '../management/test-support.ts';
import { CampaignsRoute } from './campaigns-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const row = (id: number, overrides: Partial<CampaignBoardRow>): CampaignBoardRow => ({
  turbine_id: id,
  code: `EGE-${id}`,
  turbine_name: `Türbin ${id}`,
  name: null,
  site_name: 'Soma RES',
  rooms: 1,
  state: 'planned',
  methods: [{ method: 'drone', photo_count: 0, captured: false, waived: false, missing: [{ blade: 'A', room: null }], waived_cells: 0 }],
  missing_count: 1,
  drafts: 0,
  report: null,
  report_outdated: null,
  ...overrides,
});

const BOARD: CampaignBoard = {
  campaign: {
    id: 7,
    company_id: 2,
    company_name: 'Ege Rüzgar Enerji',
    name: 'Soma bahar',
    year: 2026,
    methods: ['drone'],
    planned_start: '2026-04-01',
    planned_end: '2026-04-30',
    turbine_ids: [1, 2],
    created_by_name: 'Zeynep Kaya',
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
  },
  rows: [
    row(1, {}),
    row(3, {
      state: 'reviewed',
      methods: [{ method: 'drone', photo_count: 3, captured: true, waived: false, missing: [], waived_cells: 0 }],
      missing_count: 0,
      report: { id: 9, name: 'muayene-raporu-EGE-3.pdf', created_at: '2026-04-10T09:00:00.000Z' },
      report_outdated: { changed_findings: 2, last_change_at: '2026-04-12T15:30:00.000Z' },
    }),
    row(2, {
      state: 'coverage_complete',
      methods: [{ method: 'drone', photo_count: 3, captured: true, waived: false, missing: [], waived_cells: 0 }],
      missing_count: 0,
      drafts: 2,
    }),
  ],
  reached: { planned: 2, captured: 1, coverage_complete: 1, reviewed: 0, report_issued: 0 },
  waivers: [],
};

const WAIVER = {
  id: 1,
  turbine_id: 1,
  method: 'drone',
  blade: 'A',
  room: null,
  reason: 'Kanat A buzlu',
  created_by_name: 'Zeynep Kaya',
  created_at: '2026-04-02T10:00:00.000Z',
  removed_by_name: null,
  removed_at: null,
};

function openBoard(me = MANAGER) {
  signIn(me);
  const api = fakeApi({ 'GET /api/campaigns/7': BOARD, 'POST /api/campaigns/7/waivers': WAIVER });
  renderWithProviders(<CampaignsRoute />, { route: '/dashboard/campaigns/7', path: '/dashboard/campaigns/:id?' });
  return api;
}

describe('campaign board', () => {
  it('shows each turbine state in words, the counts and the progress of each state', async () => {
    openBoard();
    const rows = await screen.findAllByTestId('board-row');
    expect(rows.map((r) => within(r).getByTestId('turbine-state').textContent)).toEqual(['Planlandı', 'İncelendi', 'Kapsam tamam']);
    expect(within(rows[2] as HTMLElement).getByTestId('drafts-count')).toHaveTextContent('2');
    // a report older than the last change of the year's findings is shown as outdated, with what changed (issue 24 item 11)
    expect(within(rows[1] as HTMLElement).getByTestId('report-outdated')).toHaveTextContent(
      'Rapor güncel değil: sonrasında 2 bulgu değişti (son değişiklik 12 Nis 2026)',
    );
    expect(within(rows[0] as HTMLElement).queryByTestId('report-outdated')).toBeNull();
    expect(screen.getByTestId('summary-captured')).toHaveAttribute('data-count', '1');
    expect(screen.getByLabelText('Kapsam tamam: 1 / 3 türbin', { selector: 'p' })).toBeInTheDocument();
  });

  it('refuses a waiver without a reason before asking the server, then records one with its reason', async () => {
    const api = openBoard();
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('board-row');
    await user.click(within(rows[0] as HTMLElement).getByTestId('open-waivers'));
    const dialog = within(await screen.findByTestId('waiver-dialog'));
    await user.click(dialog.getByLabelText('Kanat A'));
    await user.click(dialog.getByTestId('waiver-submit'));
    expect(await dialog.findByText('Muafiyet için bir gerekçe yazın.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/campaigns/7/waivers')).toHaveLength(0);
    await user.type(dialog.getByTestId('waiver-reason'), 'Kanat A buzlu');
    await user.click(dialog.getByTestId('waiver-submit'));
    await waitFor(() => expect(api.callsTo('POST', '/api/campaigns/7/waivers')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/campaigns/7/waivers')[0]?.body).toEqual({
      turbine_id: 1,
      method: 'drone',
      blade: 'A',
      room: null,
      reason: 'Kanat A buzlu',
    });
  });

  it("waives a blade's whole interior in one step, its single rooms then taken by it (issue 24 item 25)", async () => {
    const interior = row(1, {
      methods: [
        {
          method: 'interior',
          photo_count: 2,
          captured: true,
          waived: false,
          missing: [
            { blade: 'A', room: 1 },
            { blade: 'A', room: 2 },
            { blade: 'B', room: 3 },
          ],
          waived_cells: 0,
        },
      ],
      missing_count: 3,
    });
    signIn(MANAGER);
    const api = fakeApi({
      'GET /api/campaigns/7': { ...BOARD, campaign: { ...BOARD.campaign, methods: ['interior'] }, rows: [interior] },
      'POST /api/campaigns/7/waivers': WAIVER,
    });
    renderWithProviders(<CampaignsRoute />, { route: '/dashboard/campaigns/7', path: '/dashboard/campaigns/:id?' });
    const user = userEvent.setup();
    await user.click(within((await screen.findAllByTestId('board-row'))[0] as HTMLElement).getByTestId('open-waivers'));
    const dialog = within(await screen.findByTestId('waiver-dialog'));
    expect(dialog.getAllByTestId('waive-blade')).toHaveLength(2);
    // a line per blade: its whole interior, then its own missing rooms
    const lines = dialog.getAllByTestId('waive-blade-line');
    expect(
      lines.map((line) =>
        within(line)
          .getAllByRole('checkbox')
          .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
      ),
    ).toEqual([
      ['A kanadının tüm iç odaları', 'Kanat A, oda 1', 'Kanat A, oda 2'],
      ['B kanadının tüm iç odaları', 'Kanat B, oda 3'],
    ]);
    await user.click(dialog.getByLabelText('A kanadının tüm iç odaları'));
    await user.type(dialog.getByTestId('waiver-reason'), 'A kanadına iç erişim yok');
    await user.click(dialog.getByTestId('waiver-submit'));
    await waitFor(() => expect(api.callsTo('POST', '/api/campaigns/7/waivers')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/campaigns/7/waivers')[0]?.body).toEqual({
      turbine_id: 1,
      method: 'interior',
      blade: 'A',
      room: null,
      reason: 'A kanadına iç erişim yok',
    });
  });

  it('offers no waiving, editing or deleting to an operator', async () => {
    openBoard(OPERATOR);
    await screen.findAllByTestId('board-row');
    expect(screen.queryByTestId('open-waivers')).toBeNull();
    expect(screen.queryByTestId('edit-campaign')).toBeNull();
  });
});
