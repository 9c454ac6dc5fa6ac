import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { EmailChangePage } from './email-change-page.tsx';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (route: string) =>
  renderWithProviders(<EmailChangePage />, { route, path: '/email-change', routes: [{ path: '/login', element: <p>login screen</p> }] });

describe('/email-change: confirming a new address', () => {
  it('confirms on a press, not on opening, then offers sign-in', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'E-posta adresiniz değiştirildi.' }));
    renderPage('/email-change?token=abcdefghijklmnop');
    expect(screen.getByRole('heading', { name: 'Yeni e-posta adresinizi onaylayın' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Adresi Onayla' }));
    expect(await screen.findByTestId('email-change-done')).toHaveTextContent('E-posta adresiniz değiştirildi');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/auth/email-change/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abcdefghijklmnop' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Giriş yap' }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });

  it('an invalid or used link says so (in English too)', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          success: false,
          code: 'EMAIL_CHANGE_LINK_INVALID',
          message: 'The e-mail confirmation link is invalid, already used or has expired.',
        },
        400,
      ),
    );
    renderPage('/email-change?token=abcdefghijklmnop');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm Address' }));
    const box = await screen.findByTestId('email-change-invalid');
    expect(box).toHaveTextContent('The e-mail confirmation link is invalid, already used or has expired.');
    expect(box).toHaveTextContent('ask your administrator to make the address change again');
  });

  it('a cut-short link is invalid at once, without asking the server', async () => {
    renderPage('/email-change?token=abc');
    expect(await screen.findByTestId('email-change-invalid')).toHaveTextContent(
      'E-posta onay bağlantısı geçersiz, kullanılmış veya süresi dolmuş.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an address taken meanwhile: not changed', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          success: false,
          code: 'EMAIL_CHANGE_ADDRESS_UNAVAILABLE',
          message: 'Bu e-posta adresi artık kullanılamıyor; adres değiştirilmedi.',
        },
        409,
      ),
    );
    renderPage('/email-change?token=abcdefghijklmnop');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Adresi Onayla' }));
    const box = await screen.findByTestId('email-change-unavailable');
    expect(box).toHaveTextContent('Adres değiştirilemedi');
    expect(box).toHaveTextContent('Bu e-posta adresi artık kullanılamıyor');
  });
});
