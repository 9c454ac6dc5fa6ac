import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FLEET_FINDINGS_LIMIT } from '@windscope/contract';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../config/storage-keys.ts';
import { testFinding } from '../../../test/findings.ts';
import { demoUser, fakeToken, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { FleetFindingsPage } from './fleet-findings-page.tsx';

// Issue 27 item 3: the fleet findings page pages through every match (the server answers 500 a page with the total),
// (three findings a page here, to keep the test quick) and the charts' "no model" bar's address asks the server for the turbines without a model.

let fetchMock: Mock<typeof fetch>;
const TOTAL = 1203;
const calledAt = (pathname: string) =>
  fetchMock.mock.calls.map((call) => new URL(String(call[0]), 'http://x')).filter((url) => url.pathname === pathname);
const asked = () => calledAt('/api/findings');

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/findings/export')
      return new Response('\uFEFFFiltreler\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="findings-2026-05-04.csv"' },
      });
    if (url.pathname !== '/api/findings') return jsonResponse({ success: true, data: [] });
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const items = Array.from({ length: 3 }, (_, i) => ({
      ...testFinding({ id: offset + i + 1 }),
      turbine_code: 'T-1',
      turbine_name: 'Bozcaada 1',
    }));
    return jsonResponse({ success: true, data: { items, total: TOTAL, offset, limit: FLEET_FINDINGS_LIMIT } });
  });
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(demoUser()));
});
afterEach(() => vi.unstubAllGlobals());

describe('the fleet findings page', () => {
  it('asks for the page in its address and moves between pages; "no model" reaches the server and shows as a filter', async () => {
    const { router } = renderWithProviders(<FleetFindingsPage />, {
      route: '/dashboard/findings?city=izmir&no_model=1&page=2',
      path: '/dashboard/findings',
    });
    expect(await screen.findByTestId('fleet-findings-total')).toHaveTextContent('1.203 açık bulgudan 501–503 arası');
    const first = asked()[0];
    expect(first?.searchParams.get('offset')).toBe('500');
    expect(first?.searchParams.get('no_model')).toBe('1');
    expect(first?.searchParams.get('city')).toBe('izmir');
    expect(screen.getByTestId('fleet-findings-filters')).toHaveTextContent('Model: girilmemiş');

    // three pages of 500 for 1,203 findings; the next one is the third
    const pages = screen.getByTestId('fleet-findings-pagination');
    expect(pages).toHaveTextContent('3');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));
    await waitFor(() => expect(asked().some((url) => url.searchParams.get('offset') === '1000')).toBe(true));
    expect(router.state.location.search).toContain('no_model=1');
  }, 60_000);

  it("exports the list's rows: the export asks for the list's filters (no model, band, status), every page", async () => {
    renderWithProviders(<FleetFindingsPage />, {
      route: '/dashboard/findings?city=izmir&no_model=1&no_blade_type=1&distance_from=10&distance_to=20&page=2',
      path: '/dashboard/findings',
    });
    await screen.findByTestId('fleet-findings-total');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('fleet-findings-export'));
    const shown = await screen.findByTestId('fleet-findings-export-shown-csv');
    expect(shown).toHaveTextContent('Bu listedeki bulgular (1.203) · CSV');
    await user.click(shown);
    await waitFor(() => expect(calledAt('/api/findings/export')).toHaveLength(1));
    const exported = calledAt('/api/findings/export')[0] as URL;
    const listed = asked()[0] as URL;
    const without = (url: URL, ...names: string[]) =>
      [...url.searchParams].filter(([name]) => !names.includes(name)).sort(([a], [b]) => a.localeCompare(b));
    // the list's own query, but the page and the format
    expect(without(exported, 'format')).toEqual(without(listed, 'offset'));
    expect(Object.fromEntries(exported.searchParams)).toEqual({
      city: 'izmir',
      no_model: '1',
      no_blade_type: '1',
      distance_from: '10',
      distance_to: '20',
      status: 'open',
      format: 'csv',
    });

    // "all": every finding the user may see, none of the list's filters
    await user.click(screen.getByTestId('fleet-findings-export'));
    await user.click(await screen.findByTestId('fleet-findings-export-all-xlsx'));
    await waitFor(() => expect(calledAt('/api/findings/export')).toHaveLength(2));
    expect(Object.fromEntries((calledAt('/api/findings/export')[1] as URL).searchParams)).toEqual({ format: 'xlsx' });
  }, 60_000);
});
