import { configure, fireEvent, getConfig, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../config/storage-keys.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeApi, makeCompany, makeTurbine, MANAGER, OPERATOR, SUPERADMIN, signIn } from '../management/test-support.ts';
import { DashboardPage } from './dashboard-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const EGE = makeCompany({ id: 2, name: 'Ege Rüzgar Enerji' });
const MARMARA = makeCompany({ id: 3, name: 'Marmara Enerji' });
const fleet = [
  makeTurbine({ id: 1, turbine_name: 'Bergama RES T-01', code: 'EGE-BRG-01', city: 'izmir', location: 'Bergama' }),
  makeTurbine({ id: 2, turbine_name: 'Didim RES T-02', code: 'EGE-DDM-02', city: 'aydın', location: 'Didim', status: 'faulty' }),
  makeTurbine({
    id: 3,
    turbine_name: 'Gelibolu RES T-09',
    code: 'MRM-GLB-09',
    city: 'çanakkale',
    location: 'Gelibolu',
    company_id: 3,
    company_name: 'Marmara Enerji',
  }),
];

function renderDashboard() {
  return renderWithProviders(<DashboardPage />, { route: '/dashboard', path: '/dashboard' });
}

const names = () => screen.queryAllByTestId('turbine-name').map((el) => el.textContent);

describe('dashboard', () => {
  it('shows every card field, the status label and the counters', async () => {
    signIn(SUPERADMIN);
    fakeApi({ 'GET /api/turbines': fleet, 'GET /api/companies': [EGE, MARMARA] });
    renderDashboard();
    const cards = await screen.findAllByTestId('turbine-card');
    const card = cards.find((c) => c.textContent?.includes('Didim RES T-02')) as HTMLElement;
    expect(within(card).getByText('Didim RES T-02')).toBeInTheDocument();
    expect(within(card).getByText('Aydın')).toBeInTheDocument();
    expect(within(card).getByText('EGE-DDM-02')).toBeInTheDocument();
    expect(within(card).getByText('Didim')).toBeInTheDocument();
    expect(within(card).getByText('Ege Rüzgar Enerji')).toBeInTheDocument();
    expect(within(card).getByText('9 oda')).toBeInTheDocument();
    expect(within(card).getByText('4 fotoğraf')).toBeInTheDocument();
    expect(within(card).getByText('Arızalı')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Fotoğraflar/ })).toHaveAttribute('href', '/dashboard/turbine/2');
    expect(within(card).getByRole('link', { name: /360° Görünüm/ })).toHaveAttribute('href', '/dashboard/turbine/2/360-view');
    expect(screen.getByTestId('count-total')).toHaveTextContent('3');
    expect(screen.getByTestId('count-found')).toHaveTextContent('3');
  });

  it('free text narrows the cards and the found counter; no match shows the no-results message', async () => {
    signIn(OPERATOR);
    fakeApi({ 'GET /api/turbines': fleet });
    renderDashboard();
    await screen.findAllByTestId('turbine-card');
    const search = screen.getByRole('searchbox', { name: 'Ara' });
    fireEvent.change(search, { target: { value: 'glb' } });
    expect(names()).toEqual(['Gelibolu RES T-09']);
    expect(screen.getByTestId('count-found')).toHaveTextContent('1');
    expect(screen.getByTestId('count-total')).toHaveTextContent('3');
    fireEvent.change(search, { target: { value: 'yok-boyle-bir-turbin' } });
    expect(screen.getByText('Sonuç bulunamadı')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Filtreleri temizle' }));
    expect(names()).toHaveLength(3);
  });

  it('gives the superadmin a company filter that asks the server for that company', async () => {
    signIn(SUPERADMIN);
    const api = fakeApi({
      'GET /api/turbines': ({ url }: { url: URL }) =>
        new Response(JSON.stringify({ success: true, data: url.searchParams.get('filter_company_id') === '3' ? [fleet[2]] : fleet }), {
          headers: { 'Content-Type': 'application/json' },
        }),
      'GET /api/companies': [EGE, MARMARA],
    });
    renderDashboard();
    await screen.findAllByTestId('turbine-card');
    await userEvent.click(screen.getByLabelText('Şirket', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Marmara Enerji' }));
    await waitFor(() => expect(names()).toEqual(['Gelibolu RES T-09']));
    expect(api.callsTo('GET', '/api/turbines').at(-1)?.url.searchParams.get('filter_company_id')).toBe('3');
    expect(screen.getByTestId('count-total')).toHaveTextContent('1');
  });

  it('hides the company filter and the superadmin buttons from other roles', async () => {
    signIn(MANAGER);
    fakeApi({ 'GET /api/turbines': fleet.slice(0, 2) });
    renderDashboard();
    await screen.findAllByTestId('turbine-card');
    expect(screen.queryByLabelText('Şirket', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Türbin Ekle' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kullanıcı Ayarları' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Partner Yönetimi' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-turbine')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delete-turbine')).not.toBeInTheDocument();
  });

  it('shows operators no add, partner or user buttons', async () => {
    signIn(OPERATOR);
    fakeApi({ 'GET /api/turbines': fleet.slice(0, 2) });
    renderDashboard();
    await screen.findAllByTestId('turbine-card');
    expect(screen.queryByRole('button', { name: 'Türbin Ekle' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Kullanıcı Ayarları' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Partner Yönetimi' })).not.toBeInTheDocument();
  });

  it('filters by city and by year', async () => {
    signIn(OPERATOR);
    fakeApi({
      'GET /api/turbines': [
        makeTurbine({ id: 1, turbine_name: 'A', city: 'izmir', updated_at: '2025-05-01T00:00:00Z' }),
        makeTurbine({ id: 2, turbine_name: 'B', city: 'aydın', updated_at: '2024-05-01T00:00:00Z' }),
        makeTurbine({ id: 3, turbine_name: 'C', city: 'izmir', updated_at: '2023-05-01T00:00:00Z' }),
      ],
    });
    renderDashboard();
    await screen.findAllByTestId('turbine-card');
    await userEvent.click(screen.getByLabelText('Yıl', { selector: 'input' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['2025', '2024', '2023']);
    await userEvent.click(screen.getByRole('option', { name: '2023' }));
    expect(names()).toEqual(['C']);
    await userEvent.click(screen.getByLabelText('Şehir', { selector: 'input' }));
    await userEvent.click(screen.getByRole('option', { name: 'Aydın' }));
    expect(screen.getByTestId('no-results')).toBeInTheDocument();
  });
});

describe('grid or list view', () => {
  it('switches to the list and remembers the choice', async () => {
    signIn(OPERATOR);
    fakeApi({ 'GET /api/turbines': fleet });
    const first = renderDashboard();
    await screen.findAllByTestId('turbine-card');
    expect(screen.getByTestId('turbine-list')).toHaveAttribute('data-view', 'grid');
    await userEvent.click(screen.getByText('Liste'));
    expect(await screen.findAllByTestId('turbine-row')).toHaveLength(3);
    expect(screen.queryByTestId('turbine-card')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.dashboardView)).toBe('list');
    first.unmount();

    renderDashboard();
    expect(await screen.findAllByTestId('turbine-row')).toHaveLength(3);
    await userEvent.click(screen.getByText('Kart'));
    expect(await screen.findAllByTestId('turbine-card')).toHaveLength(3);
    expect(window.localStorage.getItem(STORAGE_KEYS.dashboardView)).toBe('grid');
  });

  it('falls back to cards for an unknown saved value', async () => {
    signIn(OPERATOR);
    window.localStorage.setItem(STORAGE_KEYS.dashboardView, 'mosaic');
    fakeApi({ 'GET /api/turbines': fleet });
    renderDashboard();
    expect(await screen.findAllByTestId('turbine-card')).toHaveLength(3);
  });
});

it('shows the load error in the current language', async () => {
  signIn(OPERATOR);
  fakeApi({
    'GET /api/turbines': () =>
      new Response(JSON.stringify({ success: false, message: 'Sunucu hatası.', code: 'INTERNAL' }), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      }),
  });
  renderDashboard();
  const banner = await screen.findByTestId('dashboard-error', {}, { timeout: 4000 });
  expect(banner).toHaveTextContent('Türbinler yüklenirken hata oluştu');
  expect(banner).toHaveTextContent('Sunucu hatası.');
});

describe('order and sorting', () => {
  it('puts cards in Turkish alphabetical order of city, whatever order the list came in', async () => {
    signIn(OPERATOR);
    fakeApi({
      'GET /api/turbines': [
        makeTurbine({ id: 1, turbine_name: 'T', city: 'tekirdağ' }),
        makeTurbine({ id: 2, turbine_name: 'Ç', city: 'çanakkale' }),
        makeTurbine({ id: 3, turbine_name: 'I', city: 'ısparta' }),
        makeTurbine({ id: 4, turbine_name: 'İ', city: 'izmir' }),
      ],
    });
    renderDashboard();
    await screen.findAllByTestId('turbine-card');
    expect(names()).toEqual(['Ç', 'I', 'İ', 'T']);
  });

  it('sorts the list view by a column header, says so with aria-sort, and keeps the sort in the URL', async () => {
    signIn(OPERATOR);
    fakeApi({ 'GET /api/turbines': fleet });
    const view = renderWithProviders(<DashboardPage />, { route: '/dashboard?view=list', path: '/dashboard' });
    const table = await screen.findByRole('table', { name: 'Türbin listesi' });
    expect(table).toHaveAttribute('aria-rowcount', '4');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(10);
    const code = within(table).getByRole('columnheader', { name: 'Kod' });
    expect(within(table).getByRole('columnheader', { name: 'Şehir' })).toHaveAttribute('aria-sort', 'ascending');
    expect(code).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Didim RES T-02', 'Gelibolu RES T-09', 'Bergama RES T-01']);
    await userEvent.click(within(code).getByRole('button'));
    expect(code).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Bergama RES T-01', 'Didim RES T-02', 'Gelibolu RES T-09']);
    await userEvent.click(within(code).getByRole('button'));
    expect(code).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Gelibolu RES T-09', 'Didim RES T-02', 'Bergama RES T-01']);
    expect(view.router.state.location.search).toBe('?view=list&sort=code&dir=desc');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveAttribute('aria-rowindex', '2');
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')).toHaveLength(10);
  });
});

describe('filters in the URL', () => {
  it('opens with the filters, view and sort a shared link names', async () => {
    signIn(OPERATOR);
    fakeApi({ 'GET /api/turbines': fleet });
    renderWithProviders(<DashboardPage />, { route: '/dashboard?q=res&city=izmir&view=list', path: '/dashboard' });
    expect(await screen.findAllByTestId('turbine-row')).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: 'Ara' })).toHaveValue('res');
    expect(screen.getByLabelText('Şehir', { selector: 'input' })).toHaveValue('İzmir');
  });

  it('writes each choice into the URL; typing replaces the entry, a chosen city adds one', async () => {
    signIn(SUPERADMIN);
    fakeApi({ 'GET /api/turbines': fleet, 'GET /api/companies': [EGE, MARMARA] });
    const view = renderDashboard();
    await screen.findAllByTestId('turbine-card');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Ara' }), { target: { value: 'r' } });
    expect(view.router.state.historyAction).toBe('REPLACE');
    await userEvent.click(screen.getByLabelText('Şehir', { selector: 'input' }));
    await userEvent.click(screen.getByRole('option', { name: 'İzmir' }));
    expect(view.router.state.historyAction).toBe('PUSH');
    await userEvent.click(screen.getByText('Liste'));
    const search = new URLSearchParams(view.router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({ q: 'r', city: 'izmir', view: 'list' });
    await view.router.navigate(-1);
    await waitFor(() => expect(screen.getByTestId('turbine-list')).toHaveAttribute('data-view', 'grid'));
    expect(screen.getByLabelText('Şehir', { selector: 'input' })).toHaveValue('İzmir');
  });

  it('keeps the changes the router has not drawn yet: a pick, a click and a key at once (a busy machine)', async () => {
    signIn(SUPERADMIN);
    fakeApi({ 'GET /api/turbines': fleet, 'GET /api/companies': [EGE, MARMARA] });
    const view = renderDashboard();
    await screen.findAllByTestId('turbine-card');
    await userEvent.click(screen.getByLabelText('Şehir', { selector: 'input' }));
    const izmir = await screen.findByRole('option', { name: 'İzmir' });
    // one after another as a browser sends them, outside act(): React draws the router's navigations later, in a
    // transition, so each event comes before the one before it is drawn
    const { eventWrapper } = getConfig();
    configure({ eventWrapper: (dispatch) => dispatch() });
    try {
      fireEvent.click(izmir);
      fireEvent.click(screen.getByText('Liste'));
      fireEvent.change(screen.getByRole('searchbox', { name: 'Ara' }), { target: { value: 'r' } });
    } finally {
      configure({ eventWrapper });
    }
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(view.router.state.location.search))).toEqual({ q: 'r', city: 'izmir', view: 'list' }),
    );
    // drawn in a transition outside act(): slow in jsdom on a busy machine
    expect(await screen.findAllByTestId('turbine-row', {}, { timeout: 10_000 })).toHaveLength(1);
    expect(screen.getByLabelText('Şehir', { selector: 'input' })).toHaveValue('İzmir');
    expect(screen.getByRole('searchbox', { name: 'Ara' })).toHaveValue('r');
    // back/forward is not a change of this page's: the next change starts from the entry it went to
    const after = view.router.state.location.key;
    await view.router.navigate(-1);
    await waitFor(() => expect(view.router.state.location.key).not.toBe(after));
    const back = Object.fromEntries(new URLSearchParams(view.router.state.location.search));
    expect(back.q).not.toBe('r');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Ara' })).toHaveValue(back.q ?? ''), { timeout: 10_000 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Ara' }), { target: { value: 'd' } });
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(view.router.state.location.search))).toEqual({ ...back, q: 'd' }));
  });
});

describe('a list that failed to load', () => {
  it('offers "Tekrar Dene", which fetches again, and shows the counters as unavailable meanwhile', async () => {
    signIn(OPERATOR);
    let failing = true;
    const api = fakeApi({
      'GET /api/turbines': () =>
        failing
          ? new Response(JSON.stringify({ success: false, message: 'Kayıt bulunamadı.', code: 'NOT_FOUND' }), {
              status: 404,
              headers: { 'Content-Type': 'application/json' },
            })
          : new Response(JSON.stringify({ success: true, data: fleet }), { headers: { 'Content-Type': 'application/json' } }),
    });
    renderDashboard();
    const banner = await screen.findByTestId('dashboard-error', {}, { timeout: 4000 });
    expect(screen.getByTestId('count-total')).toHaveTextContent('Kullanılamıyor');
    expect(screen.getByTestId('count-found')).toHaveTextContent('Kullanılamıyor');
    failing = false;
    const before = api.callsTo('GET', '/api/turbines').length;
    await userEvent.click(within(banner).getByRole('button', { name: 'Tekrar Dene' }));
    expect(await screen.findAllByTestId('turbine-card')).toHaveLength(3);
    expect(api.callsTo('GET', '/api/turbines').length).toBe(before + 1);
    expect(screen.queryByTestId('dashboard-error')).toBeNull();
    expect(screen.getByTestId('count-total')).toHaveTextContent('3');
  });
});

describe('turbine health (DECISIONS §12)', () => {
  const sick = [
    makeTurbine({ id: 1, turbine_name: 'Sağlam', code: 'A-1', city: 'izmir' }),
    makeTurbine({
      id: 2,
      turbine_name: 'Hasarlı',
      code: 'A-2',
      city: 'izmir',
      health: {
        worst_open_severity: 4,
        open: 3,
        overdue: 1,
        open_by_severity: [0, 1, 1, 1, 0],
        escalated_this_year: 2,
        worst_this_year: 4,
        worst_last_year: 2,
      },
    }),
    makeTurbine({
      id: 3,
      turbine_name: 'Kozmetik',
      code: 'A-3',
      city: 'izmir',
      health: {
        worst_open_severity: 1,
        open: 2,
        overdue: 0,
        open_by_severity: [2, 0, 0, 0, 0],
        escalated_this_year: 0,
        worst_this_year: 1,
        worst_last_year: 3,
      },
    }),
  ];

  it('shows the worst severity in words with open and overdue counts on each card, and the counters per severity', async () => {
    signIn(OPERATOR);
    fakeApi({ 'GET /api/turbines': sick });
    renderDashboard();
    const cards = await screen.findAllByTestId('turbine-card');
    const card = (name: string) => within(cards.find((c) => c.textContent?.includes(name)) as HTMLElement).getByTestId('turbine-health');
    expect(card('Hasarlı')).toHaveTextContent('Sağlık:4 · Yüksek3 açık1 gecikmişGeçen yıla göre:Kötüleşti');
    expect(card('Kozmetik')).toHaveTextContent('1 · Kozmetik2 açık0 gecikmişGeçen yıla göre:İyileşti');
    // no sightings this year or last: no trend at all
    expect(card('Sağlam')).toHaveTextContent(/^Sağlık:Açık bulgu yok$/);
    expect(screen.getByTestId('count-severity-1')).toHaveTextContent('Kozmetik: 2');
    expect(screen.getByTestId('count-severity-4')).toHaveTextContent('Yüksek: 1');
    expect(screen.getByTestId('count-severity-5')).toHaveTextContent('Kritik: 0');
    // issue 16: escalated this year and overdue, added up over the turbines found
    expect(screen.getByTestId('count-escalated')).toHaveTextContent('2');
    expect(screen.getByTestId('count-overdue')).toHaveTextContent('1');
    const worse = within(cards.find((c) => c.textContent?.includes('Hasarlı')) as HTMLElement).getByTestId('turbine-trend');
    expect(worse).toHaveAttribute('data-trend', 'worse');
    expect(worse).toHaveAttribute('title', 'Bu yılın en kötü önemi 4, geçen yılın 2');
  });

  it('filters by worst severity from the URL, sorts worst first, and the counters follow the turbines found', async () => {
    signIn(OPERATOR);
    fakeApi({ 'GET /api/turbines': sick });
    renderWithProviders(<DashboardPage />, { route: '/dashboard?severity=1&sort=health', path: '/dashboard' });
    await screen.findAllByTestId('turbine-card');
    expect(names()).toEqual(['Hasarlı', 'Kozmetik']);
    expect(screen.getByTestId('count-found')).toHaveTextContent('2');
    expect(screen.getByLabelText('En kötü önem en az', { selector: 'input' })).toHaveValue('1 · Kozmetik ve üstü');
    expect(screen.getByLabelText('Sıralama', { selector: 'input' })).toHaveValue('Sağlık (en kötü önce)');
  });

  it('sorts the list by the health column, worst first on the first press', async () => {
    signIn(OPERATOR);
    fakeApi({ 'GET /api/turbines': sick });
    const view = renderWithProviders(<DashboardPage />, { route: '/dashboard?view=list', path: '/dashboard' });
    const table = await screen.findByRole('table', { name: 'Türbin listesi' });
    await userEvent.click(within(table).getByRole('button', { name: 'Sağlık' }));
    expect(within(table).getByRole('columnheader', { name: 'Sağlık' })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Hasarlı', 'Kozmetik', 'Sağlam']);
    expect(view.router.state.location.search).toBe('?view=list&sort=health');
  });
});
