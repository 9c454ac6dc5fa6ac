import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { PasswordResetPage } from './password-reset-page.tsx';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderReset = (route = '/password-reset') =>
  renderWithProviders(<PasswordResetPage />, {
    route,
    path: '/password-reset',
    routes: [{ path: '/login', element: <p>login screen</p> }],
  });

const sentAnswer = () =>
  jsonResponse({ success: true, message: 'Bu adres kayıtlıysa şifre sıfırlama bağlantısı gönderildi.', data: { email: 'x' } });

async function requestLink(email: string) {
  const user = userEvent.setup();
  const field = screen.getByLabelText(/E-posta adresi|E-mail address/);
  await user.clear(field);
  if (email) await user.type(field, email);
  await user.click(screen.getByRole('button', { name: /Sıfırlama Bağlantısı Gönder|Send reset link/ }));
  return user;
}

describe('password reset request: validation (spec §5)', () => {
  it('requires an address', async () => {
    renderReset();
    await requestLink('');
    expect(screen.getByText('E-posta adresi gereklidir.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires a valid address', async () => {
    renderReset();
    await requestLink('not-an-address');
    expect(screen.getByText('Lütfen geçerli bir e-posta adresi girin.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so in English too', async () => {
    await i18n.changeLanguage('en');
    renderReset();
    await requestLink('');
    expect(screen.getByText('Email address is required')).toBeInTheDocument();
    await requestLink('name@');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });
});

describe('password reset request: states (spec §4)', () => {
  it('shows sending, then the address, the spam reminder, back to sign-in and resend', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderReset();
    const user = await requestLink('operator@ege.example');

    const button = screen.getByRole('button', { name: /Sıfırlama Bağlantısı Gönder/ });
    expect(button).toHaveAttribute('data-loading');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/^\/api\/auth\/password-reset\?_t=\d+$/);
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ email: 'operator@ege.example' });

    answer(sentAnswer());
    const sent = await screen.findByTestId('reset-sent');
    expect(within(sent).getByTestId('reset-email')).toHaveTextContent('operator@ege.example');
    expect(within(sent).getByText('E-postayı göremiyorsanız spam (gereksiz) klasörünüzü de kontrol edin.')).toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: 'Giriş sayfasına dön' })).toHaveAttribute('href', '/login');

    await user.click(within(sent).getByRole('button', { name: 'Tekrar gönder' }));
    expect(screen.getByLabelText(/E-posta adresi/)).toHaveValue('operator@ege.example');
  });

  it("shows the server's refusal in the error box", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { success: false, code: 'RATE_LIMITED', message: 'Çok fazla deneme yapıldı. Lütfen 60 saniye sonra tekrar deneyin.' },
        429,
      ),
    );
    renderReset();
    await requestLink('operator@ege.example');
    const box = await screen.findByTestId('form-error');
    expect(box).toHaveTextContent('Şifre sıfırlama işlemi başarısız');
    expect(box).toHaveTextContent('Çok fazla deneme yapıldı.');
  });

  it('falls back to the generic failure without an answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderReset();
    await requestLink('operator@ege.example');
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Şifre sıfırlama işleminde hata oluştu');
  });
});

describe('set a new password from the e-mailed link (DECISIONS §3)', () => {
  const TOKEN = 'reset-token-from-the-mail';

  async function setPassword(password: string, confirm: string) {
    const user = userEvent.setup();
    if (password) await user.type(screen.getByLabelText(/^Yeni şifre\s*\*?$/), password);
    if (confirm) await user.type(screen.getByLabelText(/Yeni şifre \(tekrar\)/), confirm);
    await user.click(screen.getByRole('button', { name: 'Şifreyi Kaydet' }));
  }

  it('applies the change-password rules', async () => {
    renderReset(`/password-reset?token=${TOKEN}`);
    await setPassword('', '');
    expect(screen.getByText('Yeni şifre gereklidir')).toBeInTheDocument();
    await setPassword('abc', 'abc');
    expect(screen.getByText('Şifre en az 6 karakter olmalı')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs both entries to match', async () => {
    renderReset(`/password-reset?token=${TOKEN}`);
    await setPassword('secret-1', 'secret-2');
    expect(screen.getByText('Şifreler eşleşmiyor')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends token and password, then opens the sign-in screen', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'Şifreniz güncellendi. Yeni şifrenizle giriş yapabilirsiniz.' }));
    const { router } = renderReset(`/password-reset?token=${TOKEN}`);
    await setPassword('new-secret', 'new-secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/^\/api\/auth\/password-reset\/confirm\?_t=\d+$/);
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ token: TOKEN, password: 'new-secret' });
  });

  it.each([
    ['tr', 'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.', 'Yeni bağlantı iste'],
    ['en', 'The password reset link is invalid or has expired.', null],
  ])('a malformed link says the link is invalid (%s), never the validator', async (language, message, linkName) => {
    await i18n.changeLanguage(language);
    renderReset('/password-reset?token=abc');
    const box = await screen.findByTestId('form-error');
    expect(box).toHaveTextContent(message);
    expect(box).not.toHaveTextContent(/token|Too small|expected/);
    const link = within(box).getByRole('link');
    expect(link).toHaveAttribute('href', '/password-reset');
    if (linkName) expect(link).toHaveTextContent(linkName);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains an expired link and offers a new one', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { success: false, code: 'PASSWORD_RESET_TOKEN_INVALID', message: 'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.' },
        400,
      ),
    );
    renderReset(`/password-reset?token=${TOKEN}`);
    await setPassword('new-secret', 'new-secret');
    const box = await screen.findByTestId('form-error');
    expect(box).toHaveTextContent('Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.');
    expect(within(box).getByRole('link', { name: 'Yeni bağlantı iste' })).toHaveAttribute('href', '/password-reset');
  });
});
