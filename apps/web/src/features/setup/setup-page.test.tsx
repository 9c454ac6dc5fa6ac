import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { SetupPage } from './setup-page.tsx';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (route: string) =>
  renderWithProviders(<SetupPage />, {
    route,
    path: '/setup',
    routes: [
      { path: '/login', element: <p>login screen</p> },
      { path: '/dashboard', element: <p>dashboard screen</p> },
    ],
  });

const needed = () => jsonResponse({ success: true, data: { needed: true } });

/** fireEvent, not typing: seven fields typed key by key outlast the test's time on a busy machine */
async function fillForm(password: string, confirm = password) {
  const set = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await screen.findByLabelText(/^Şirketinizin adı/, {}, { timeout: 8000 });
  set(/^Şirketinizin adı/, 'Kuzey Rüzgar');
  set(/^Ad( \*)?$/, 'Ayşe');
  set(/^Soyad/, 'Çelik');
  set(/^E-posta adresi/, 'ayse@kuzey.example');
  set(/^Şifre( \*)?$/, password);
  set(/^Şifre \(tekrar\)/, confirm);
  fireEvent.click(screen.getByRole('button', { name: 'Hesabı oluştur ve giriş yap' }));
}

describe('/setup', () => {
  it('checks the two password entries before asking the server', async () => {
    fetchMock.mockResolvedValueOnce(needed());
    renderPage('/setup?token=the-printed-token');
    await fillForm('kuzey rüzgarı', 'kuzey rüzgar');
    expect(await screen.findByText('Şifreler eşleşmiyor', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("sends the address's token and the form, then opens the dashboard signed in", async () => {
    fetchMock.mockResolvedValueOnce(needed());
    renderPage('/setup?token=the-printed-token');
    // the key came with the address: no field asks for it
    await screen.findByLabelText(/^Şirketinizin adı/, {}, { timeout: 8000 });
    expect(screen.queryByLabelText(/^Kurulum anahtarı/)).toBeNull();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          success: true,
          message: 'Kurulum tamamlandı. Hoş geldiniz!',
          data: {
            token: 'a.b.c',
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
            user: {
              id: 1,
              first_name: 'Ayşe',
              last_name: 'Çelik',
              email: 'ayse@kuzey.example',
              role: 'superadmin',
              company_id: 1,
              company_name: 'Kuzey Rüzgar',
              is_active: true,
              is_protected: true,
              pending_email: null,
              created_at: new Date().toISOString(),
              updated_at: new Date().toISOString(),
            },
          },
        },
        201,
      ),
    );
    await fillForm('kuzey rüzgarı yedi');
    // signing in, then the route change: on a loaded machine this takes more than the default second
    expect(await screen.findByText('dashboard screen', {}, { timeout: 8000 })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(String(url)).toContain('/api/setup');
    expect(JSON.parse(String(init?.body))).toEqual({
      token: 'the-printed-token',
      company_name: 'Kuzey Rüzgar',
      first_name: 'Ayşe',
      last_name: 'Çelik',
      email: 'ayse@kuzey.example',
      password: 'kuzey rüzgarı yedi',
      language: 'tr',
    });
  });

  it('says the instance is set up when the API answers 404', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, code: 'SETUP_NOT_AVAILABLE', message: 'Bu Windscope zaten kurulmuş' }, 404),
    );
    renderPage('/setup?token=x');
    expect(await screen.findByTestId('setup-done', {}, { timeout: 8000 })).toHaveTextContent('Windscope zaten kurulmuş');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Giriş sayfasına git' }));
    expect(await screen.findByText('login screen', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
