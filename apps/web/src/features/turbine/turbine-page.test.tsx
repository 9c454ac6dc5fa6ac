import { NO_TURBINE_ASSETS, type Photo, type Turbine } from '@windscope/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { STORAGE_KEYS } from '../../config/storage-keys.ts';
import { demoUser, fakeToken, jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { categoryPhoto, testPhoto, testReport } from './test-photos.ts';
import { TurbinePage } from './turbine-page.tsx';

const turbine: Turbine = {
  id: 5,
  turbine_name: null,
  name: null,
  city: 'izmir',
  code: 'EGE-ALI-05',
  location: 'Aliağa',
  site_name: null,
  coordinates: null,
  coordinates_unreadable: null,
  ...NO_TURBINE_ASSETS,
  rooms: 9,
  company_id: 2,
  company_name: null,
  status: 'active',
  photo_count: 4,
  health: {
    worst_open_severity: null,
    open: 0,
    overdue: 0,
    open_by_severity: [0, 0, 0, 0, 0],
    escalated_this_year: 0,
    worst_this_year: null,
    worst_last_year: null,
  },
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

let photos: Photo[];
let fetchMock: Mock<typeof fetch>;
let turbineAnswer: () => Response;

function route(url: string, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  if (url.startsWith('/api/turbines/5/photos') && method === 'DELETE') {
    const key = new URL(url, 'http://x').searchParams.get('key');
    photos = photos.filter((p) => p.key !== key);
    return jsonResponse({ success: true, message: 'Fotoğraf başarıyla silindi.' });
  }
  if (url.startsWith('/api/turbines/5/photos')) return jsonResponse({ success: true, data: photos, message: '' });
  if (url.startsWith('/api/turbines/5/reports')) return jsonResponse({ success: true, data: [testReport(1)], message: '' });
  if (url.startsWith('/api/turbines/5')) return turbineAnswer();
  if (url.startsWith('/api/turbines/'))
    return jsonResponse({ success: false, code: 'TURBINE_NOT_FOUND', message: 'Türbin bulunamadı' }, 404);
  return jsonResponse({ success: false, code: 'X', message: 'unexpected call' }, 500);
}

function signIn(role: 'operator' | 'customer' | 'superadmin' = 'operator') {
  window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(demoUser({ role })));
}

const renderPage = (id: string | number = 5) =>
  renderWithProviders(<TurbinePage />, { route: `/dashboard/turbine/${id}`, path: '/dashboard/turbine/:id' });

// jsdom lays nothing out: give elements a size so the virtualized grid renders its rows
const sizes = {
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
};
// the whole page is a lot of DOM for jsdom (six upload panels with their selects): the project's limits (60 s a test,
// 20 s for findBy/waitFor, src/test/setup.ts) leave room for it on a busy machine
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
});
afterAll(() => {
  if (sizes.clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', sizes.clientHeight);
  if (sizes.clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', sizes.clientWidth);
});

beforeEach(() => {
  photos = [
    testPhoto(1, { originalName: 'root_1.jpg', uploaded_by: 4 }),
    testPhoto(2, { originalName: 'mid_2.jpg', uploaded_by: 99 }),
    categoryPhoto(3, 'drone', { originalName: 'drone_3.jpg', uploaded_by: 4 }),
    testPhoto(4, { originalName: 'cloud_4.pcd', uploaded_by: 4, mime_type: 'application/octet-stream' }),
  ];
  turbineAnswer = () => jsonResponse({ success: true, data: turbine, turbine });
  fetchMock = vi.fn<typeof fetch>(async (input, init) => route(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('turbine detail page states', () => {
  it('says "Geçersiz türbin ID" for a bad id, without calling the API for it', async () => {
    renderPage('abc');
    expect(await screen.findByRole('heading', { name: 'Geçersiz türbin ID' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/turbines/'))).toBe(false);
  });

  it('says "not found" once for an unknown turbine, with what may have happened (issue 24 item 19)', async () => {
    renderPage(77);
    expect(await screen.findByRole('heading', { name: 'Türbin bulunamadı' })).toBeInTheDocument();
    // the server's message is the same words: shown as the text too, the page said them twice
    expect(screen.getAllByText('Türbin bulunamadı')).toHaveLength(1);
    expect(screen.getByText('Aradığınız türbin silinmiş olabilir ya da bu türbini görme yetkiniz olmayabilir.')).toBeInTheDocument();
  });

  it('shows "Hata Oluştu" with "Tekrar Dene", which loads again', async () => {
    turbineAnswer = () => jsonResponse({ success: false, code: 'INTERNAL', message: 'boom' }, 500);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Hata Oluştu' })).toBeInTheDocument();
    expect(screen.getByText('Türbin bilgileri yüklenirken hata oluştu')).toBeInTheDocument();
    turbineAnswer = () => jsonResponse({ success: true, data: turbine, turbine });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tekrar Dene' }));
    expect(await screen.findByTestId('turbine-card')).toBeInTheDocument();
  });

  it('waits for the user record ("Loading user data...")', async () => {
    window.localStorage.removeItem(STORAGE_KEYS.user);
    renderPage();
    expect(await screen.findByText('Kullanıcı verileri yükleniyor...')).toBeInTheDocument();
  });
});

describe('turbine detail page', () => {
  it('falls back to the code, as every other page does, and a dash for missing fields', async () => {
    renderPage();
    expect(await screen.findByTestId('turbine-name')).toHaveTextContent('EGE-ALI-05');
    expect(screen.getByTestId('turbine-code')).toHaveTextContent('EGE-ALI-05');
    expect(screen.getByTestId('turbine-company')).toHaveTextContent('—');
  });

  it('opens the viewer at the clicked photo, wraps around, and closes on Escape', async () => {
    const user = userEvent.setup();
    renderPage();
    // the list's order, by name (issue 24 item 22): cloud_4.pcd, drone_3.jpg, mid_2.jpg, root_1.jpg
    await user.click(await screen.findByRole('button', { name: 'mid_2.jpg fotoğrafını aç' }));
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('3 / 4');
    await user.click(screen.getByRole('button', { name: 'Sonraki fotoğraf' }));
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('4 / 4');
    await user.click(screen.getByRole('button', { name: 'Sonraki fotoğraf' }));
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('1 / 4');
    // a point cloud opens in its 3D preview (lazy); jsdom has no Web Worker, so it says the browser cannot show it
    expect(await screen.findByTestId('pcd-message')).toHaveTextContent('Tarayıcınız bu önizlemeyi desteklemiyor');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('4 / 4');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('viewer-counter')).not.toBeInTheDocument());
  });

  it('filters by type and text with the count and the empty-search message', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getByTestId('photo-count')).toHaveTextContent('4 fotoğraf'));
    await user.type(screen.getByPlaceholderText('Fotoğraf ara...'), 'drone');
    expect(screen.getByTestId('photo-count')).toHaveTextContent('1 fotoğraf');
    await user.clear(screen.getByPlaceholderText('Fotoğraf ara...'));
    await user.type(screen.getByPlaceholderText('Fotoğraf ara...'), 'zzz');
    expect(screen.getByText('Fotoğraf Bulunamadı')).toBeInTheDocument();
    expect(screen.getByText('Arama kriterlerinize uygun fotoğraf bulunamadı.')).toBeInTheDocument();
  });

  it('compares exactly two ticked photos', async () => {
    const user = userEvent.setup();
    renderPage();
    const boxes = await screen.findAllByTestId('compare-checkbox');
    expect(screen.getByTestId('compare-button')).toBeDisabled();
    // in the list's order, by name: cloud_4.pcd, drone_3.jpg, mid_2.jpg, root_1.jpg
    await user.click(boxes[3] as HTMLElement);
    await user.click(boxes[2] as HTMLElement);
    expect(boxes[0]).toBeDisabled();
    expect(boxes[1]).toBeDisabled();
    await user.click(screen.getByTestId('compare-button'));
    const panes = await screen.findAllByTestId('compare-pane');
    // the first ticked on the left
    expect(panes.map((pane) => within(pane).getByText(/\.jpg$/).textContent)).toEqual(['root_1.jpg', 'mid_2.jpg']);
  });

  it('deletes from the viewer after confirmation: gone from the list, index clamped, lists reloaded', async () => {
    const user = userEvent.setup();
    renderPage();
    // the last of the list by name, so the index is clamped after the delete
    await user.click(await screen.findByRole('button', { name: 'root_1.jpg fotoğrafını aç' }));
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('4 / 4');
    await user.click(screen.getByTestId('viewer-delete'));
    expect(screen.getByText('root_1.jpg fotoğrafını silmek istediğinizden emin misiniz? Bu işlem geri alınamaz.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'Fotoğrafı Sil' })).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Fotoğraf Silindi')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('viewer-counter')).toHaveTextContent('3 / 3'));
    const deleteCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(deleteCall?.[0])).toContain(`key=${encodeURIComponent(testPhoto(1, { originalName: 'root_1.jpg' }).key)}`);
    await waitFor(() => expect(screen.getByTestId('photo-count')).toHaveTextContent('3 fotoğraf'));
    // turbine and reports asked again
    const turbineCalls = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/turbines/5').length;
    expect(turbineCalls).toBeGreaterThanOrEqual(2);
  });

  it('an operator may delete only its own photos', async () => {
    renderPage();
    await screen.findAllByTestId('photo-tile');
    const tile = (name: string) =>
      screen.getAllByTestId('photo-tile').find((el) => el.getAttribute('data-photo-name') === name) as HTMLElement;
    expect(within(tile('root_1.jpg')).getByTestId('photo-delete')).toBeInTheDocument();
    expect(within(tile('mid_2.jpg')).queryByTestId('photo-delete')).not.toBeInTheDocument();
  });

  it('customers get the gallery-only layout: no uploads, no deletes', async () => {
    signIn('customer');
    renderPage();
    expect(await screen.findByTestId('gallery-only')).toBeInTheDocument();
    await screen.findAllByTestId('photo-tile');
    expect(screen.queryByTestId('blade-section')).not.toBeInTheDocument();
    expect(document.querySelectorAll('input[type="file"]')).toHaveLength(0);
    expect(screen.queryAllByTestId('photo-delete')).toHaveLength(0);
    expect(await screen.findByTestId('report-row')).toBeInTheDocument();
    expect(screen.queryByTestId('report-delete')).not.toBeInTheDocument();
  });

  it('shows the empty states of photos and reports', async () => {
    photos = [];
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith('/api/turbines/5/reports') ? jsonResponse({ success: true, data: [] }) : route(String(input), init),
    );
    renderPage();
    expect(await screen.findByText('Bu türbin için henüz fotoğraf yüklenmemiş.')).toBeInTheDocument();
    expect(await screen.findByText('Henüz rapor yüklenmemiş')).toBeInTheDocument();
  });

  it('shows a dismissible error banner when the photo list fails, with a retry', async () => {
    let failPhotos = true;
    fetchMock.mockImplementation(async (input, init) =>
      failPhotos && String(input).startsWith('/api/turbines/5/photos')
        ? jsonResponse({ success: false, code: 'INTERNAL', message: 'boom' }, 500)
        : route(String(input), init),
    );
    const user = userEvent.setup();
    renderPage();
    const banner = await screen.findByTestId('error-banner');
    expect(banner).toHaveTextContent('Fotoğraflar yüklenirken hata oluştu.');
    await user.click(within(banner).getByRole('button', { name: 'Kapat' }));
    expect(screen.queryByTestId('error-banner')).not.toBeInTheDocument();

    // the next failure shows it again; Tekrar Dene reloads
    await user.click(screen.getByTestId('clear-cache'));
    const again = await screen.findByTestId('error-banner');
    failPhotos = false;
    await user.click(within(again).getByRole('button', { name: 'Tekrar Dene' }));
    await waitFor(() => expect(screen.getByTestId('photo-count')).toHaveTextContent('4 fotoğraf'));
    expect(screen.queryByTestId('error-banner')).not.toBeInTheDocument();
  });
});
