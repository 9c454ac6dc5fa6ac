import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { STORAGE_KEYS } from '../../config/storage-keys.ts';
import { demoUser, fakeToken, jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { ProtectedRoute } from './protected-route.tsx';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function store(token: string | null, user = demoUser()) {
  if (token) window.localStorage.setItem(STORAGE_KEYS.token, token);
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

const renderProtected = () =>
  renderWithProviders(
    <ProtectedRoute>
      <p>secret screen</p>
    </ProtectedRoute>,
    { route: '/dashboard/turbine/3', path: '/dashboard/turbine/:id', routes: [{ path: '/login', element: <p>login screen</p> }] },
  );

describe('ProtectedRoute (spec §2)', () => {
  it('shows the loading screen while the server validates, then the page', async () => {
    store(fakeToken());
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderProtected();
    expect(screen.getByText('Oturumunuz doğrulanıyor...')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/auth/validate-session');
    const fresh = demoUser({ role: 'admin' });
    answer(jsonResponse({ success: true, data: { user: fresh }, user: fresh }));
    expect(await screen.findByText('secret screen')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? '{}').role).toBe('admin');
  });

  it('sends a visitor without a session to /login, remembering the page, without asking the server', async () => {
    const { router } = renderProtected();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fdashboard%2Fturbine%2F3');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats an expired token as signed out and clears what was stored', async () => {
    store(fakeToken(-60));
    const { router } = renderProtected();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs out when the server refuses the session', async () => {
    store(fakeToken());
    fetchMock.mockResolvedValue(jsonResponse({ success: false, code: 'UNAUTHORIZED', message: 'Oturum süresi dolmuş.' }, 401));
    const { router } = renderProtected();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps the page when a later background re-check cannot reach the server, but leaves on a 401', async () => {
    store(fakeToken());
    const user = demoUser();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: { user }, user }));
    const { queryClient, router } = renderProtected();
    expect(await screen.findByText('secret screen')).toBeInTheDocument();

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await queryClient.refetchQueries();
    expect(screen.getByText('secret screen')).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, code: 'UNAUTHORIZED', message: 'x' }, 401));
    await queryClient.refetchQueries();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('offers Try Again when the server cannot be reached, keeping the session', async () => {
    store(fakeToken());
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderProtected();
    expect(await screen.findByText('Ağ bağlantı hatası.')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
    const user = demoUser();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { user }, user }));
    screen.getByRole('button', { name: 'Tekrar Dene' }).click();
    expect(await screen.findByText('secret screen')).toBeInTheDocument();
  });
});
