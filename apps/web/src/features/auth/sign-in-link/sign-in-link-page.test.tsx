import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../config/storage-keys.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { demoUser, fakeToken, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { SignInLinkPage } from './sign-in-link-page.tsx';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (route: string) =>
  renderWithProviders(<SignInLinkPage />, {
    route,
    path: '/sign-in-link',
    routes: [
      { path: '/login', element: <p>login screen</p> },
      { path: '/dashboard', element: <p>dashboard screen</p> },
    ],
  });

describe('sign-in link: asking for one', () => {
  it('comes with the address from the sign-in screen and shows where the link went', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'Bu adres kayıtlıysa giriş bağlantısı gönderildi.' }));
    renderPage('/sign-in-link?email=operator%40ege.example');
    expect(screen.getByLabelText(/E-posta adresi/)).toHaveValue('operator@ege.example');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Giriş Bağlantısı Gönder' }));
    const sent = await screen.findByTestId('sign-in-link-sent');
    expect(within(sent).getByText('operator@ege.example')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/auth/sign-in-link');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'operator@ege.example' });
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    renderPage('/sign-in-link');
    expect(screen.getByRole('heading', { name: 'Sign in by e-mail' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send Sign-in Link' }));
    expect(screen.getByText('Email address is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('sign-in link: using it', () => {
  it('signs in on a press, not on opening, and opens the dashboard', async () => {
    const token = fakeToken();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { token, user: demoUser(), expires_at: new Date().toISOString() } }));
    renderPage('/sign-in-link?token=abcdefghijklmnop');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(await screen.findByText('dashboard screen')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ token: 'abcdefghijklmnop' });
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token));
  });

  it("shows the server's message for a used link and offers a new one", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { success: false, code: 'SIGN_IN_LINK_INVALID', message: 'Giriş bağlantısı geçersiz, kullanılmış veya süresi dolmuş.' },
        400,
      ),
    );
    renderPage('/sign-in-link?token=abcdefghijklmnop');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Giriş Yap' }));
    const box = await screen.findByTestId('form-error');
    expect(within(box).getByText('Giriş bağlantısı geçersiz, kullanılmış veya süresi dolmuş.')).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'Yeni bağlantı iste' })).toHaveAttribute('href', '/sign-in-link');
  });
});
