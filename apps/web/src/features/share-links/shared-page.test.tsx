import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SharedContent } from '@windscope/contract';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { SharedPage } from './shared-page.tsx';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TOKEN = 'abcdefghijklmnopqrstuv';
const renderPage = () =>
  renderWithProviders(<SharedPage />, {
    route: `/share/${TOKEN}`,
    path: '/share/:token',
    routes: [{ path: '/login', element: <p>login screen</p> }],
  });
const refusal = (status: number, code: string, message: string) => jsonResponse({ success: false, code, message }, status);

const CONTENT: SharedContent = {
  kind: 'findings',
  label: 'Sigorta dosyası',
  company_name: 'Ege Rüzgar',
  turbine: { code: 'EGE-01', name: 'Çeşme 1', city: 'İZMİR' },
  expires_at: '2026-12-04T10:00:00Z',
  urls_expire_at: '2026-11-27T10:15:00Z',
  urls_valid_seconds: 900,
  report: null,
  findings: [
    {
      id: 7,
      blade: 'A',
      surface: 'LE',
      room: null,
      distance_from_root_m: 21.5,
      type: 'crack',
      severity: 4,
      length_mm: 120,
      width_mm: null,
      status: 'confirmed',
      due_date: null,
      notes: null,
      first_seen_year: 2026,
      last_seen_year: 2026,
      observations: [
        { year: 2026, kind: 'sighting', severity: 4, length_mm: 120, width_mm: null, crop_url: '/api/share/files/1/1/s/crop/3' },
      ],
    },
  ],
  photos: [],
};

describe('the shared page (/share/{token})', () => {
  it('shows one neutral page for a link that opens nothing, and asks search engines to keep away', async () => {
    fetchMock.mockResolvedValue(refusal(404, 'SHARE_LINK_INVALID', 'Bağlantı geçerli değil.'));
    renderPage();
    expect(await screen.findByTestId('share-invalid')).toHaveTextContent('Bağlantı geçerli değil');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/share/open');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
    // no sign-in redirect, no app navigation
    expect(screen.queryByText('login screen')).toBeNull();
  });

  it("asks for the password, says when it is wrong, then shows the findings without anyone's name", async () => {
    await i18n.changeLanguage('en');
    fetchMock
      .mockResolvedValueOnce(refusal(401, 'SHARE_LINK_PASSWORD_REQUIRED', 'This link is protected by a password.'))
      .mockResolvedValueOnce(refusal(401, 'SHARE_LINK_PASSWORD_WRONG', 'The password is wrong.'))
      .mockResolvedValueOnce(jsonResponse({ success: true, data: CONTENT }));
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('The password is wrong.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'rüzgar-2026');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('share-title')).toHaveTextContent('Sigorta dosyası');
    expect(JSON.parse(String(fetchMock.mock.calls[2]?.[1]?.body))).toEqual({ token: TOKEN, password: 'rüzgar-2026' });
    expect(screen.getByRole('heading', { name: '#7 · Crack' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Evidence of finding #7, 2026' })).toHaveAttribute('src', '/api/share/files/1/1/s/crop/3');
  });

  it('swaps in new file URLs before they expire, without opening the link again, and ends on a revoked link', async () => {
    await i18n.changeLanguage('en');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const renewed = (n: number): SharedContent => ({
      ...CONTENT,
      findings: CONTENT.findings.map((f) => ({
        ...f,
        observations: f.observations.map((o) => ({ ...o, crop_url: `/api/share/files/1/${n}/s/crop/3` })),
      })),
    });
    fetchMock
      .mockResolvedValueOnce(refusal(401, 'SHARE_LINK_PASSWORD_REQUIRED', 'This link is protected by a password.'))
      .mockResolvedValueOnce(jsonResponse({ success: true, data: CONTENT }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ success: true, data: renewed(2) }))
      .mockResolvedValueOnce(refusal(404, 'SHARE_LINK_INVALID', 'This link is not valid.'));
    renderPage();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Password'), 'rüzgar-2026');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const crop = await screen.findByRole('img', { name: 'Evidence of finding #7, 2026' });
    expect(crop).toHaveAttribute('src', '/api/share/files/1/1/s/crop/3');
    // nothing before the URLs near their end (900 s valid: a minute before)
    await act(() => vi.advanceTimersByTimeAsync(830_000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [url, init] = fetchMock.mock.calls[2] ?? [];
    expect(String(url)).toContain('/api/share/refresh');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN, password: 'rüzgar-2026' });
    // a failed try keeps the page and its URLs, and is tried again half a minute later
    expect(screen.getByRole('img', { name: 'Evidence of finding #7, 2026' })).toHaveAttribute('src', '/api/share/files/1/1/s/crop/3');
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Evidence of finding #7, 2026' })).toHaveAttribute('src', '/api/share/files/1/2/s/crop/3'),
    );
    expect(String(fetchMock.mock.calls[3]?.[0])).toContain('/api/share/refresh');
    // the link is revoked meanwhile: at the next refresh the page says so
    await act(() => vi.advanceTimersByTimeAsync(900_000));
    expect(await screen.findByTestId('share-invalid')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/share/open'))).toHaveLength(2);
  });
});
