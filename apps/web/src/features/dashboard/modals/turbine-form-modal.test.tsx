import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { fakeApi, makeCompany, makeTurbine, MANAGER, SUPERADMIN, signIn } from '../../management/test-support.ts';
import { DashboardPage } from '../dashboard-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const EGE = makeCompany({ id: 2, name: 'Ege Rüzgar Enerji' });
const MARMARA = makeCompany({ id: 3, name: 'Marmara Enerji' });
const existing = makeTurbine({
  id: 7,
  turbine_name: 'Didim RES T-02',
  city: 'aydın',
  code: 'EGE-DDM-02',
  location: 'Didim',
  rooms: 6,
  status: 'faulty',
});

async function openDashboard(user = SUPERADMIN, extra: Record<string, unknown> = {}) {
  signIn(user);
  const api = fakeApi({ 'GET /api/turbines': [existing], 'GET /api/companies': [EGE, MARMARA], ...extra });
  renderWithProviders(<DashboardPage />, { route: '/dashboard', path: '/dashboard' });
  await screen.findAllByTestId('turbine-card');
  return api;
}

const field = (label: RegExp) => within(screen.getByRole('dialog')).getByLabelText(label, { selector: 'input' });
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => screen.getByTestId('turbine-submit');

describe('add turbine (spec §5)', () => {
  it('keeps the add button disabled until city, code, location and rooms are filled', async () => {
    await openDashboard(MANAGER);
    await userEvent.click(screen.getByRole('button', { name: 'Türbin Ekle' }));
    expect(await screen.findByText('Yeni Türbin Ekle')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    type(/^Şehir/, 'izmir');
    type(/^Kod/, 'T-1');
    expect(submit()).toBeDisabled();
    type(/^Konum/, 'Aliağa');
    expect(submit()).toBeEnabled();
    type(/^Oda sayısı/, '');
    expect(submit()).toBeDisabled();
    type(/^Şehir/, '   ');
    expect(submit()).toBeDisabled();
  });

  it('says "Oda sayısı 1 veya daha büyük olmalıdır" for 0 rooms and sends nothing', async () => {
    const api = await openDashboard(MANAGER);
    await userEvent.click(screen.getByRole('button', { name: 'Türbin Ekle' }));
    type(/^Şehir/, 'izmir');
    type(/^Kod/, 'T-1');
    type(/^Konum/, 'Aliağa');
    type(/^Oda sayısı/, '0');
    expect(screen.getByText('Oda sayısı 1 veya daha büyük olmalıdır')).toBeInTheDocument();
    await userEvent.click(submit());
    expect(api.callsTo('POST', '/api/turbines')).toHaveLength(0);
  });

  it('makes the superadmin pick a company first ("Lütfen bir şirket seçin"), then sends the form', async () => {
    const api = await openDashboard(SUPERADMIN, {
      'POST /api/turbines': () => jsonResponse({ success: true, data: makeTurbine({ id: 99 }), message: 'Türbin eklendi.' }, 201),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Türbin Ekle' }));
    type(/^Şehir/, 'İzmir');
    type(/^Kod/, 'T-9');
    type(/^Konum/, 'Aliağa');
    type(/^Koordinatlar/, '38.8,26.9');
    await userEvent.click(submit());
    expect(await screen.findByText('Lütfen bir şirket seçin')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/turbines')).toHaveLength(0);

    await userEvent.click(field(/^Şirket/));
    await userEvent.click(await screen.findByRole('option', { name: 'Marmara Enerji' }));
    await userEvent.click(submit());
    await waitFor(() => expect(api.callsTo('POST', '/api/turbines')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/turbines')[0]?.body).toMatchObject({
      city: 'İzmir',
      code: 'T-9',
      location: 'Aliağa',
      rooms: 3,
      coordinates: '38.8,26.9',
      company_id: 3,
    });
    // the list refreshes after the change and the modal closes
    await waitFor(() => expect(screen.queryByText('Yeni Türbin Ekle')).not.toBeInTheDocument());
    expect(api.callsTo('GET', '/api/turbines').length).toBeGreaterThan(1);
  });

  it('checks coordinates as "lat,lng"', async () => {
    await openDashboard(MANAGER);
    await userEvent.click(screen.getByRole('button', { name: 'Türbin Ekle' }));
    type(/^Şehir/, 'izmir');
    type(/^Kod/, 'T-1');
    type(/^Konum/, 'Aliağa');
    type(/^Koordinatlar/, 'kuzey');
    await userEvent.click(submit());
    expect(await screen.findByText('Koordinatlar "enlem,boylam" biçiminde olmalıdır (ör. 38.42,27.14)')).toBeInTheDocument();
  });

  it('shows the server refusal inside the modal', async () => {
    await openDashboard(MANAGER, {
      'POST /api/turbines': () => jsonResponse({ success: false, message: 'Bu işlem için yetkiniz yok.', code: 'FORBIDDEN' }, 403),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Türbin Ekle' }));
    type(/^Şehir/, 'izmir');
    type(/^Kod/, 'T-1');
    type(/^Konum/, 'Aliağa');
    await userEvent.click(submit());
    expect(await screen.findByText('Türbin eklenirken hata oluştu')).toBeInTheDocument();
    expect(screen.getByText('Bu işlem için yetkiniz yok.')).toBeInTheDocument();
  });

  it('closes on Escape and opens with empty fields again', async () => {
    await openDashboard(MANAGER);
    await userEvent.click(screen.getByRole('button', { name: 'Türbin Ekle' }));
    type(/^Şehir/, 'izmir');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Yeni Türbin Ekle')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Türbin Ekle' }));
    expect(field(/^Şehir/)).toHaveValue('');
    expect(field(/^Oda sayısı/)).toHaveValue('3');
  });
});

describe('a code the company already uses', () => {
  const taken = {
    success: false,
    code: 'TURBINE_CODE_TAKEN',
    params: { code: 'EGE-DDM-02' },
    message: '"EGE-DDM-02" kodlu bir türbin bu şirkette zaten var.',
  };

  it('shows the refusal under the code field, in the current language, until the code changes', async () => {
    await openDashboard(MANAGER, { 'POST /api/turbines': () => jsonResponse(taken, 409) });
    await userEvent.click(screen.getByRole('button', { name: 'Türbin Ekle' }));
    type(/^Şehir/, 'aydın');
    type(/^Kod/, 'EGE-DDM-02');
    type(/^Konum/, 'Didim');
    await userEvent.click(submit());
    const message = await within(screen.getByRole('dialog')).findByText(taken.message);
    expect(field(/^Kod/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Kod/).getAttribute('aria-describedby')).toContain(message.id);
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
    // another field's edit leaves it; editing the code clears it
    type(/^Konum/, 'Didim, Akbük');
    expect(screen.getByText(taken.message)).toBeInTheDocument();
    type(/^Kod/, 'EGE-DDM-03');
    expect(screen.queryByText(taken.message)).toBeNull();
  });
});

describe('edit and delete turbine (superadmin)', () => {
  it('requires city, code and location, and carries rooms over with the chosen status', async () => {
    const api = await openDashboard(SUPERADMIN, {
      'PUT /api/turbines/7': () => jsonResponse({ success: true, data: existing, message: 'Türbin güncellendi.' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Düzenle: Didim RES T-02' }));
    // the city as the cards show it (one display rule), not as stored
    expect(field(/^Şehir/)).toHaveValue('Aydın');
    type(/^Şehir/, '');
    await userEvent.click(submit());
    expect((await screen.findAllByText('Şehir, kod ve konum gereklidir')).length).toBeGreaterThan(0);
    type(/^Şehir/, 'muğla');
    await userEvent.click(field(/^Durum/));
    await userEvent.click(await screen.findByRole('option', { name: 'Bakımda' }));
    await userEvent.click(submit());
    await waitFor(() => expect(api.callsTo('PUT', '/api/turbines/7')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/turbines/7')[0]?.body).toMatchObject({ city: 'muğla', rooms: 6, status: 'maintenance', company_id: 2 });
  });

  it("asks with the spec's text and warnings before deleting", async () => {
    const api = await openDashboard(SUPERADMIN, {
      'DELETE /api/turbines/7': () => jsonResponse({ success: true, message: 'Türbin silindi.', data: { id: 7 } }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sil: Didim RES T-02' }));
    expect(
      await screen.findByText('Bu türbini silmek istediğinizden emin misiniz: Didim RES T-02? Bu işlem geri alınamaz.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Tüm fotoğraflar')).toBeInTheDocument();
    expect(screen.getByText('Tüm raporlar')).toBeInTheDocument();
    expect(screen.getByText('Tüm yorumlar')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Evet, sil' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/turbines/7')).toHaveLength(1));
  });
});
