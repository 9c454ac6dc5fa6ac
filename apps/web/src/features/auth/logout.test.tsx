import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { STORAGE_KEYS } from '../../config/storage-keys.ts';
import { demoUser, fakeToken, jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { AppHeader } from '../../ui/app-header/app-header.tsx';
import { ProtectedRoute } from './protected-route.tsx';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(demoUser()));
});
afterEach(() => vi.unstubAllGlobals());

const renderDashboard = () =>
  renderWithProviders(
    <ProtectedRoute>
      <AppHeader title="Panel" />
    </ProtectedRoute>,
    {
      route: '/dashboard',
      path: '/dashboard',
      routes: [
        { path: '/', element: <p>home screen</p> },
        { path: '/login', element: <p>login screen</p> },
      ],
    },
  );

describe('sign out (spec §2)', () => {
  it.each([
    ['the server confirms', async () => jsonResponse({ success: true, message: 'Çıkış yapıldı.' })],
    ['the call fails', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('clears the session and goes home when %s', async (_case, logoutAnswer) => {
    const user = demoUser();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: { user }, user }));
    fetchMock.mockImplementationOnce(logoutAnswer);
    window.sessionStorage.setItem('draft', 'x');
    const { router } = renderDashboard();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Çıkış Yap' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[1]?.[0])).toMatch(/^\/api\/auth\/logout\?_t=/);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(window.sessionStorage.getItem('draft')).toBeNull();
  });
});
