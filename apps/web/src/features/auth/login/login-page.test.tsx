import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../config/storage-keys.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { demoUser, fakeToken, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { markUploadsPausedForSignIn, uploadsPausedForSignIn } from '../../uploads/paused-for-sign-in.ts';
import { LoginPage } from './login-page.tsx';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderLogin(route = '/login') {
  return renderWithProviders(<LoginPage />, {
    route,
    path: '/login',
    routes: [
      { path: '/dashboard', element: <p>dashboard screen</p> },
      { path: '/dashboard/turbine/:id', element: <p>turbine screen</p> },
    ],
  });
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/E-posta|E-mail/), email);
  if (password) await user.type(screen.getByLabelText(/^(Şifre|Password)/), password);
  await user.click(screen.getByRole('button', { name: /Giriş Yap|Sign in/ }));
}

describe('login form validation (spec §5)', () => {
  it('requires e-mail and password before calling the server', { timeout: 20_000 }, async () => {
    renderLogin();
    await fillAndSubmit('', '');
    // the first submit of the file fetches the validation module (zod and the contract): slow to transform on a busy machine
    expect(await screen.findAllByText('E-posta ve şifre gereklidir.', {}, { timeout: 10_000 })).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires the password when only the e-mail is given, in English too', async () => {
    await i18n.changeLanguage('en');
    renderLogin();
    await fillAndSubmit('operator@ege.example', '');
    expect(await screen.findAllByText('E-mail and password are required.')).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('login error box (spec §8)', () => {
  it('offers a sign-in link by e-mail when sign-ins are rate-limited, with the typed address', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { success: false, message: 'Çok fazla deneme yapıldı. Lütfen yaklaşık 15 dakika sonra tekrar deneyin.', code: 'RATE_LIMITED' },
        429,
      ),
    );
    renderLogin();
    await fillAndSubmit('operator@ege.example', 'demo1234');
    const box = await screen.findByTestId('form-error');
    expect(within(box).getByText('Çok fazla deneme yapıldı. Lütfen yaklaşık 15 dakika sonra tekrar deneyin.')).toBeInTheDocument();
    const offer = within(box).getByRole('link', { name: 'E-posta ile giriş bağlantısı al' });
    expect(offer).toHaveAttribute('href', '/sign-in-link?email=operator%40ege.example');
  });

  it('offers no sign-in link for a wrong password', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'E-posta veya şifre hatalı.', code: 'LOGIN_FAILED' }, 401));
    renderLogin();
    await fillAndSubmit('operator@ege.example', 'wrong-password');
    const box = await screen.findByTestId('form-error');
    expect(within(box).queryByRole('link')).toBeNull();
  });

  it("shows a heading and the server's message for wrong credentials", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'E-posta veya şifre hatalı.', code: 'LOGIN_FAILED' }, 401));
    renderLogin();
    await fillAndSubmit('operator@ege.example', 'wrong-password');
    const box = await screen.findByTestId('form-error');
    expect(within(box).getByText('Giriş başarısız')).toBeInTheDocument();
    expect(within(box).getByText('E-posta veya şifre hatalı.')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('says the server could not be reached when there is no answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderLogin();
    await fillAndSubmit('operator@ege.example', 'demo1234');
    expect(await screen.findByText('Sunucuya bağlanılamadı. Lütfen daha sonra tekrar deneyin.')).toBeInTheDocument();
  });

  it('falls back to the generic sign-in failure when the server gave no message', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    renderLogin();
    await fillAndSubmit('operator@ege.example', 'demo1234');
    const box = await screen.findByTestId('form-error');
    expect(box).toHaveTextContent('Sign-in failed');
    expect(box).toHaveTextContent('An error occurred while signing in');
  });
});

describe('signing in', () => {
  const answer = () => {
    const token = fakeToken();
    const user = demoUser();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { token, user, expires_at: '2030-01-01T00:00:00Z' }, token, user }));
    return { token, user };
  };

  it('stores token and user, clears session storage and opens /dashboard', async () => {
    const { token, user } = answer();
    window.sessionStorage.setItem('left-over', 'x');
    const { router } = renderLogin();
    await fillAndSubmit('Operator@Ege.example', 'demo1234');
    expect(await screen.findByText('dashboard screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(user);
    expect(window.sessionStorage.getItem('left-over')).toBeNull();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ email: 'operator@ege.example', password: 'demo1234' });
  });

  it('returns to the remembered page', async () => {
    answer();
    const { router } = renderLogin('/login?next=%2Fdashboard%2Fturbine%2F3');
    expect(screen.getByText('Devam etmek için lütfen giriş yapın.')).toBeInTheDocument();
    await fillAndSubmit('operator@ege.example', 'demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/turbine/3'));
  });

  it('says that uploads stopped by the ended session are paused and carry on after signing in (issue 24 item 16)', async () => {
    answer();
    markUploadsPausedForSignIn(3);
    const { router } = renderLogin('/login?next=%2Fdashboard%2Fturbine%2F3');
    expect(await screen.findByTestId('uploads-paused-notice')).toHaveTextContent(
      'Oturumunuz sona erdiği için 3 dosyanın yüklemesi duraklatıldı; oturum açtığınızda kaldığı yerden devam edecek.',
    );
    await fillAndSubmit('operator@ege.example', 'demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/turbine/3'));
    // said once: the next sign-in page of this tab has nothing to say about uploads
    expect(uploadsPausedForSignIn()).toBe(0);
  });

  it('never follows a remembered page on another site', async () => {
    answer();
    const { router } = renderLogin('/login?next=%2F%2Fevil.example%2Fphish');
    await fillAndSubmit('operator@ege.example', 'demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
