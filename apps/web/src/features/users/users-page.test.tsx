import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { demoUser, jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { fakeApi, makeCompany, MANAGER, OPERATOR, SUPERADMIN, signIn } from '../management/test-support.ts';
import { UsersPage } from './users-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const EGE = makeCompany({ id: 2, name: 'Ege Rüzgar Enerji' });
const MARMARA = makeCompany({ id: 3, name: 'Marmara Enerji' });
const EMRE = demoUser({ id: 2, first_name: 'Emre', last_name: 'Yıldız', email: 'admin@ege.example', role: 'admin' });
const CAN = demoUser({ id: 6, first_name: 'Can', last_name: 'Öztürk', email: 'viewer@ege.example', role: 'viewer', company_name: null });
const everyone = [SUPERADMIN, EMRE, MANAGER, CAN];

async function openUsers(me = SUPERADMIN, extra: Record<string, unknown> = {}, users = everyone) {
  signIn(me);
  const api = fakeApi({ 'GET /api/users': users, 'GET /api/companies': me.role === 'superadmin' ? [EGE, MARMARA] : [EGE], ...extra });
  const view = renderWithProviders(<UsersPage />, {
    route: '/dashboard/users',
    path: '/dashboard/users',
    routes: [{ path: '/dashboard', element: <p>turbine list</p> }],
  });
  return { api, view };
}

const row = (email: string) => screen.getAllByTestId('user-row').find((r) => r.getAttribute('data-email') === email) as HTMLElement;
const modal = () => within(screen.getByRole('dialog'));
const type = (label: RegExp, value: string) =>
  fireEvent.change(modal().getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('users table', () => {
  it('shows initials and ID, e-mail, the role label and the company or a dash', async () => {
    await openUsers();
    await screen.findAllByTestId('user-row');
    const can = row('viewer@ege.example');
    expect(within(can).getByText('CÖ')).toBeInTheDocument();
    expect(within(can).getByText('ID: 6')).toBeInTheDocument();
    expect(within(can).getByText('İzleyici')).toBeInTheDocument();
    expect(within(can).getByTestId('user-company')).toHaveTextContent('—');
    expect(within(row('admin@ege.example')).getByText('Yönetici')).toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(await within(row('admin@ege.example')).findByText('Admin')).toBeInTheDocument();
  });

  it('searches names, e-mails, roles and companies', async () => {
    await openUsers();
    await screen.findAllByTestId('user-row');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Ara' }), { target: { value: 'izleyici' } });
    expect(screen.getAllByTestId('user-row').map((r) => r.getAttribute('data-email'))).toEqual(['viewer@ege.example']);
  });

  it('offers no action on the protected user (here also yourself)', async () => {
    await openUsers();
    await screen.findAllByTestId('user-row');
    const me = row('superadmin@windscope.example');
    expect(within(me).queryByTestId('edit-user')).not.toBeInTheDocument();
    expect(within(me).queryByTestId('password-user')).not.toBeInTheDocument();
    expect(within(me).queryByTestId('delete-user')).not.toBeInTheDocument();
    expect(within(row('admin@ege.example')).getByTestId('delete-user')).toBeInTheDocument();
  });

  it('lets a manager act on its company but never delete itself or touch a superadmin; no add button', async () => {
    const embedded = demoUser({ id: 9, email: 'boss@ege.example', role: 'superadmin' });
    await openUsers(MANAGER, {}, [EMRE, MANAGER, embedded]);
    await screen.findAllByTestId('user-row');
    expect(screen.queryByRole('button', { name: 'Kullanıcı Ekle' })).not.toBeInTheDocument();
    expect(within(row('admin@ege.example')).getByTestId('delete-user')).toBeInTheDocument();
    const self = row('manager@ege.example');
    expect(within(self).queryByTestId('delete-user')).not.toBeInTheDocument();
    const boss = row('boss@ege.example');
    expect(within(boss).queryByTestId('edit-user')).not.toBeInTheDocument();
    expect(within(boss).queryByTestId('password-user')).not.toBeInTheDocument();
    expect(within(boss).queryByTestId('delete-user')).not.toBeInTheDocument();
  });

  it('sends operators back to /dashboard', async () => {
    const { view } = await openUsers(OPERATOR);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows a refused delete in the error banner', async () => {
    await openUsers(SUPERADMIN, {
      'DELETE /api/users/2': () => jsonResponse({ success: false, code: 'FORBIDDEN', message: 'Bu işlem için yetkiniz yok.' }, 403),
    });
    await screen.findAllByTestId('user-row');
    await userEvent.click(within(row('admin@ege.example')).getByTestId('delete-user'));
    expect(screen.getByText(/Emre Yıldız \(admin@ege\.example\) kullanıcısını silmek istediğinizden emin misiniz\?/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Evet, sil' }));
    const banner = await screen.findByTestId('users-error');
    expect(banner).toHaveTextContent('Kullanıcı silinirken hata oluştu');
    expect(banner).toHaveTextContent('Bu işlem için yetkiniz yok.');
  });
});

describe('add user (superadmin)', () => {
  it('says "Tüm alanları doldurun", "Şirket seçin" and the password rule, then sends an operator by default', async () => {
    const { api } = await openUsers(SUPERADMIN, {
      'POST /api/users': () => jsonResponse({ success: true, data: CAN, message: 'Kullanıcı oluşturuldu.' }, 201),
    });
    await screen.findAllByTestId('user-row');
    await userEvent.click(screen.getByRole('button', { name: 'Kullanıcı Ekle' }));
    expect(modal().getByLabelText(/^Rol/, { selector: 'input' })).toHaveValue('Operatör');
    await userEvent.click(screen.getByTestId('user-submit'));
    expect(await screen.findByText('Tüm alanları doldurun')).toBeInTheDocument();
    expect(modal().getByText('Şirket seçin')).toBeInTheDocument();

    type(/^Ad/, 'Deniz');
    type(/^Soyad/, 'Kara');
    type(/^E-posta/, 'deniz@marmara.example');
    fireEvent.change(modal().getByLabelText(/^Şifre/), { target: { value: 'abc' } });
    await userEvent.click(screen.getByTestId('user-submit'));
    expect(await modal().findByText('Şifre en az 6 karakter olmalı')).toBeInTheDocument();
    expect(modal().getByText('Şirket seçin')).toBeInTheDocument();
    expect(modal().queryByText('Tüm alanları doldurun')).not.toBeInTheDocument();

    await userEvent.click(modal().getByLabelText(/^Rol/, { selector: 'input' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Operatör', 'Yönetici', 'Müşteri', 'İzleyici']);
    await userEvent.keyboard('{Escape}');
    fireEvent.change(modal().getByLabelText(/^Şifre/), { target: { value: 'abc123' } });
    await userEvent.click(modal().getByLabelText(/^Şirket/, { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Marmara Enerji' }));
    await userEvent.click(screen.getByTestId('user-submit'));
    await waitFor(() => expect(api.callsTo('POST', '/api/users')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/users')[0]?.body).toEqual({
      first_name: 'Deniz',
      last_name: 'Kara',
      email: 'deniz@marmara.example',
      password: 'abc123',
      role: 'operator',
      company_id: 3,
      is_active: true,
    });
  });
});

describe('a refused e-mail address', () => {
  it('shows the server message under the e-mail field until it changes, and in the language switched to', async () => {
    const taken = { success: false, code: 'USER_EMAIL_TAKEN', message: 'Bu e-posta adresi zaten kullanılıyor.' };
    await openUsers(SUPERADMIN, { 'POST /api/users': () => jsonResponse(taken, 409) });
    await screen.findAllByTestId('user-row');
    await userEvent.click(screen.getByRole('button', { name: 'Kullanıcı Ekle' }));
    type(/^Ad/, 'Deniz');
    type(/^Soyad/, 'Kara');
    type(/^E-posta/, 'admin@ege.example');
    fireEvent.change(modal().getByLabelText(/^Şifre/), { target: { value: 'abc123' } });
    await userEvent.click(modal().getByLabelText(/^Şirket/, { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Marmara Enerji' }));
    await userEvent.click(screen.getByTestId('user-submit'));
    expect(await modal().findByText(taken.message)).toBeInTheDocument();
    expect(modal().getByLabelText(/^E-posta/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
    await act(() => i18n.changeLanguage('en'));
    expect(await modal().findByText('This e-mail address is already in use.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('tr'));
    type(/^Soyad/, 'Karaca');
    expect(modal().getByText(taken.message)).toBeInTheDocument();
    type(/^E-posta/, 'deniz@marmara.example');
    expect(modal().queryByText(taken.message)).toBeNull();
  });
});

describe('edit user and change password', () => {
  it('says "Tüm alanlar gereklidir"; a manager cannot move the user to another company', async () => {
    const { api } = await openUsers(
      MANAGER,
      {
        'PUT /api/users/2': () => jsonResponse({ success: true, data: EMRE, message: 'Kullanıcı güncellendi.' }),
      },
      [EMRE, MANAGER],
    );
    await screen.findAllByTestId('user-row');
    await userEvent.click(within(row('admin@ege.example')).getByTestId('edit-user'));
    expect(modal().getByLabelText(/^Şirket/, { selector: 'input' })).toBeDisabled();
    type(/^Ad/, ' ');
    await userEvent.click(screen.getByTestId('user-submit'));
    expect(await screen.findByText('Tüm alanlar gereklidir')).toBeInTheDocument();
    type(/^Ad/, 'Emre Can');
    await userEvent.click(screen.getByTestId('user-submit'));
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/2')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/users/2')[0]?.body).toMatchObject({ first_name: 'Emre Can', role: 'admin', company_id: 2 });
  });

  it('says "Yeni şifre gereklidir", "Şifreler eşleşmiyor", "Şifre en az 6 karakter olmalı" in that order', async () => {
    const { api } = await openUsers(SUPERADMIN, {
      'PUT /api/users/2/password': () => jsonResponse({ success: true, message: 'Şifre başarıyla değiştirildi.' }),
    });
    await screen.findAllByTestId('user-row');
    await userEvent.click(within(row('admin@ege.example')).getByTestId('password-user'));
    const [first, second] = [modal().getByLabelText(/^Yeni şifre \*?$/), modal().getByLabelText(/^Yeni şifre \(tekrar\)/)] as HTMLElement[];
    await userEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('Yeni şifre gereklidir')).toBeInTheDocument();
    fireEvent.change(first as HTMLElement, { target: { value: 'abc' } });
    fireEvent.change(second as HTMLElement, { target: { value: 'abd' } });
    await userEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('Şifreler eşleşmiyor')).toBeInTheDocument();
    fireEvent.change(second as HTMLElement, { target: { value: 'abc' } });
    await userEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('Şifre en az 6 karakter olmalı')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/2/password')).toHaveLength(0);
    fireEvent.change(first as HTMLElement, { target: { value: 'abcdef' } });
    fireEvent.change(second as HTMLElement, { target: { value: 'abcdef' } });
    await userEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/2/password')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/users/2/password')[0]?.body).toEqual({ password: 'abcdef' });
  });

  it('asks for the current password only when you change your own', async () => {
    const { api } = await openUsers(MANAGER, {
      'PUT /api/users/3/password': () => jsonResponse({ success: true, message: 'Şifre başarıyla değiştirildi.' }),
    });
    await screen.findAllByTestId('user-row');
    await userEvent.click(within(row('manager@ege.example')).getByTestId('password-user'));
    const current = modal().getByLabelText(/^Mevcut şifre/);
    fireEvent.change(modal().getByLabelText(/^Yeni şifre \*?$/), { target: { value: 'abcdef' } });
    fireEvent.change(modal().getByLabelText(/^Yeni şifre \(tekrar\)/), { target: { value: 'abcdef' } });
    await userEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('Mevcut şifrenizi girin.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/3/password')).toHaveLength(0);
    fireEvent.change(current, { target: { value: 'old-secret' } });
    await userEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/3/password')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/users/3/password')[0]?.body).toEqual({ password: 'abcdef', current_password: 'old-secret' });
  });

  it("does not ask a manager for their own password to set someone else's", async () => {
    await openUsers(MANAGER);
    await screen.findAllByTestId('user-row');
    await userEvent.click(within(row('viewer@ege.example')).getByTestId('password-user'));
    expect(modal().getByLabelText(/^Yeni şifre \*?$/)).toBeInTheDocument();
    expect(modal().queryByLabelText(/^Mevcut şifre/)).not.toBeInTheDocument();
  });
});

describe("a manager's change of an address waits for its confirmation", () => {
  it('says the link was sent, then shows "Onay bekliyor" in the list and the form, and cancels it', async () => {
    let current = EMRE;
    const { api } = await openUsers(
      MANAGER,
      {
        'GET /api/users': () => jsonResponse({ success: true, data: [current, MANAGER] }),
        'PUT /api/users/2': () => {
          current = { ...EMRE, pending_email: 'emre.new@example.com' };
          return jsonResponse({
            success: true,
            data: current,
            message: 'Kullanıcı güncellendi. Yeni e-posta adresine bir onay bağlantısı gönderildi; adres onaylanınca değişecek.',
          });
        },
        'DELETE /api/users/2/email-change': () => {
          current = EMRE;
          return jsonResponse({ success: true, data: current, message: 'Bekleyen e-posta değişikliği iptal edildi.' });
        },
      },
      [EMRE, MANAGER],
    );
    await screen.findAllByTestId('user-row');
    await userEvent.click(within(row('admin@ege.example')).getByTestId('edit-user'));
    expect(modal().getByText('Yeni bir adres, o adrese gönderilen bağlantı onaylanınca geçerli olur.')).toBeInTheDocument();
    type(/^E-posta/, 'emre.new@example.com');
    await userEvent.click(screen.getByTestId('user-submit'));
    expect(
      await screen.findByText('Yeni e-posta adresine (emre.new@example.com) bir onay bağlantısı gönderildi; adres onaylanınca değişecek.'),
    ).toBeInTheDocument();
    const badge = await within(row('admin@ege.example')).findByTestId('pending-email');
    expect(badge).toHaveTextContent('Onay bekliyor: emre.new@example.com');

    await userEvent.click(within(row('admin@ege.example')).getByTestId('edit-user'));
    expect(modal().getByTestId('pending-email-note')).toHaveTextContent('emre.new@example.com');
    await userEvent.click(modal().getByRole('button', { name: 'emre.new@example.com adresine bekleyen değişikliği iptal et' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/users/2/email-change')).toHaveLength(1));
    await waitFor(() => expect(modal().queryByTestId('pending-email-note')).toBeNull());
    await userEvent.click(modal().getByRole('button', { name: 'İptal' }));
    await waitFor(() => expect(within(row('admin@ege.example')).queryByTestId('pending-email')).toBeNull());
  });

  it('speaks English and cancels from the list', async () => {
    await i18n.changeLanguage('en');
    const waiting = { ...EMRE, pending_email: 'emre.new@example.com' };
    const { api } = await openUsers(MANAGER, { 'DELETE /api/users/2/email-change': EMRE }, [waiting, MANAGER]);
    await screen.findAllByTestId('user-row');
    expect(within(row('admin@ege.example')).getByTestId('pending-email')).toHaveTextContent('Awaiting confirmation: emre.new@example.com');
    await userEvent.click(within(row('admin@ege.example')).getByRole('button', { name: 'Cancel change to emre.new@example.com' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/users/2/email-change')).toHaveLength(1));
  });

  it('the superadmin is told nothing waits: no confirmation hint', async () => {
    await openUsers();
    await screen.findAllByTestId('user-row');
    await userEvent.click(within(row('admin@ege.example')).getByTestId('edit-user'));
    expect(modal().queryByText('Yeni bir adres, o adrese gönderilen bağlantı onaylanınca geçerli olur.')).toBeNull();
  });
});
