import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { fakeApi, makeCompany, MANAGER, SUPERADMIN, signIn } from '../management/test-support.ts';
import { CompaniesPage } from './companies-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const EGE = makeCompany({ id: 2, name: 'Ege Rüzgar Enerji' });
const MARMARA = makeCompany({
  id: 3,
  name: 'Marmara Enerji',
  contact_email: 'info@marmara.example',
  authorized_number: 'Deniz Arslan',
  phone: '+90 266 555 30 30',
  address: 'Karesi, Balıkesir',
  user_count: 2,
  turbine_count: 3,
});
const EMPTY = makeCompany({
  id: 4,
  name: 'Boş Enerji',
  contact_email: null,
  authorized_number: null,
  phone: null,
  address: null,
  user_count: 0,
  turbine_count: 0,
});

async function openCompanies(me = SUPERADMIN, extra: Record<string, unknown> = {}) {
  signIn(me);
  const api = fakeApi({ 'GET /api/companies': [EGE, MARMARA, EMPTY], ...extra });
  const view = renderWithProviders(<CompaniesPage />, {
    route: '/dashboard/companies',
    path: '/dashboard/companies',
    routes: [{ path: '/dashboard', element: <p>turbine list</p> }],
  });
  return { api, view };
}

const card = (name: string) => screen.getAllByTestId('company-card').find((c) => c.textContent?.includes(name)) as HTMLElement;
const modal = () => within(screen.getByRole('dialog'));
const nameField = () => modal().getByLabelText(/^Şirket adı/);

describe('partners page', () => {
  it('shows contact e-mail, authorized person, phone, address and the counts', async () => {
    await openCompanies();
    await screen.findAllByTestId('company-card');
    const marmara = card('Marmara Enerji');
    for (const text of ['info@marmara.example', 'Deniz Arslan', '+90 266 555 30 30', 'Karesi, Balıkesir', '2 kullanıcı', '3 türbin']) {
      expect(within(marmara).getByText(text)).toBeInTheDocument();
    }
    fireEvent.change(screen.getByRole('searchbox', { name: 'Ara' }), { target: { value: 'balıkesir' } });
    expect(screen.getAllByTestId('company-card')).toHaveLength(1);
  });

  it('says "Şirket adı gereklidir" and refuses a name taken in another case', async () => {
    const { api } = await openCompanies(SUPERADMIN, {
      'POST /api/companies': () =>
        jsonResponse({ success: true, data: makeCompany({ id: 9, name: 'Yeni' }), message: 'Şirket eklendi.' }, 201),
    });
    await screen.findAllByTestId('company-card');
    await userEvent.click(screen.getByRole('button', { name: 'Partner Ekle' }));
    await userEvent.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('Şirket adı gereklidir')).toBeInTheDocument();
    fireEvent.change(nameField(), { target: { value: '  marmara ENERJİ ' } });
    await userEvent.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('"marmara ENERJİ" adında bir şirket zaten mevcut')).toBeInTheDocument();
    fireEvent.change(modal().getByLabelText('İletişim e-postası'), { target: { value: 'yanlis' } });
    fireEvent.change(nameField(), { target: { value: 'Yeni Enerji' } });
    await userEvent.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('Lütfen geçerli bir e-posta adresi girin.')).toBeInTheDocument();
    fireEvent.change(modal().getByLabelText('İletişim e-postası'), { target: { value: 'info@yeni.example' } });
    await userEvent.click(screen.getByTestId('company-submit'));
    await waitFor(() => expect(api.callsTo('POST', '/api/companies')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/companies')[0]?.body).toMatchObject({ name: 'Yeni Enerji', contact_email: 'info@yeni.example' });
  });

  it('edits a company keeping its own name', async () => {
    const { api } = await openCompanies(SUPERADMIN, {
      'PUT /api/companies/3': () => jsonResponse({ success: true, data: MARMARA, message: 'Şirket güncellendi.' }),
    });
    await screen.findAllByTestId('company-card');
    await userEvent.click(within(card('Marmara Enerji')).getByTestId('edit-company'));
    expect(nameField()).toHaveValue('Marmara Enerji');
    fireEvent.change(modal().getByLabelText('Telefon'), { target: { value: '+90 266 000 00 00' } });
    await userEvent.click(screen.getByTestId('company-submit'));
    await waitFor(() => expect(api.callsTo('PUT', '/api/companies/3')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/companies/3')[0]?.body).toMatchObject({ name: 'Marmara Enerji', phone: '+90 266 000 00 00' });
  });

  it('will not confirm deleting a company that still has turbines and users, and says why once', async () => {
    const { api } = await openCompanies(SUPERADMIN);
    await screen.findAllByTestId('company-card');
    await userEvent.click(within(card('Marmara Enerji')).getByTestId('delete-company'));
    expect(modal().getByTestId('company-has-dependents')).toHaveTextContent('3 türbini ve 2 kullanıcısı');
    expect(modal().queryByText('Bir şirketi silmeden önce şirkete ait türbinleri ve kullanıcıları kaldırmanız gerekir.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Evet, sil' })).toBeDisabled();
    // focus starts on Cancel: Enter does not delete
    expect(screen.getByRole('button', { name: 'İptal' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(api.callsTo('DELETE', '/api/companies/3')).toHaveLength(0);
  });

  it('shows a 409 the list did not foresee once, in the dialog, in place of the note', async () => {
    const refusal = 'Bu şirketi silmeden önce şirkete ait türbinleri ve kullanıcıları kaldırın. (1 türbin, 0 kullanıcı)';
    await openCompanies(SUPERADMIN, {
      'DELETE /api/companies/4': () =>
        jsonResponse({ success: false, code: 'COMPANY_HAS_DEPENDENTS', params: { turbines: 1, users: 0 }, message: refusal }, 409),
    });
    await screen.findAllByTestId('company-card');
    await userEvent.click(within(card('Boş Enerji')).getByTestId('delete-company'));
    await userEvent.click(screen.getByRole('button', { name: 'Evet, sil' }));
    expect(await modal().findByText(refusal)).toBeInTheDocument();
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(modal().queryByText('Bir şirketi silmeden önce şirkete ait türbinleri ve kullanıcıları kaldırmanız gerekir.')).toBeNull();
  });

  it('deletes an empty company without the dependents warning', async () => {
    const { api } = await openCompanies(SUPERADMIN, {
      'DELETE /api/companies/4': () =>
        jsonResponse({ success: true, message: 'Şirket ve ilgili fotoğraflar başarıyla silindi', data: { id: 4 } }),
    });
    await screen.findAllByTestId('company-card');
    await userEvent.click(within(card('Boş Enerji')).getByTestId('delete-company'));
    expect(modal().queryByTestId('company-has-dependents')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Evet, sil' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/companies/4')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET', '/api/companies').length).toBeGreaterThan(1));
  });

  it('shows others the unauthorized message, then /dashboard after 2 s', async () => {
    const { view, api } = await openCompanies(MANAGER);
    expect(await screen.findByText('Bu sayfaya erişim yetkiniz yok.')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/dashboard/companies');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'), { timeout: 3500 });
    expect(api.callsTo('GET', '/api/companies')).toHaveLength(0);
  });
});
