import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { onUnauthorized } from '../../../api/session-events.ts';
import { STORAGE_KEYS } from '../../../config/storage-keys.ts';
import { demoUser, fakeToken, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { BladePanel } from '../blades/blade-panel.tsx';
import { CategoryPanel } from '../categories/category-panel.tsx';
import { categoryPhoto, testPhoto } from '../test-photos.ts';
import { FakeXhr } from '../test-xhr.ts';
import { useTimedMessage } from './use-timed-message.ts';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ success: true, data: { user: demoUser() }, user: demoUser() }));
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(demoUser()));
});
afterEach(() => vi.unstubAllGlobals());

const image = (name: string, size = 100, type = 'image/jpeg') => new File([new Uint8Array(size)], name, { type });

describe('blade upload zone', () => {
  it('takes photos from the picker, shows removable previews, uploads with real progress and clears after success', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<BladePanel turbineId={5} blade="A" year={2025} photos={[]} existingNames={new Set(['taken.jpg'])} />);
    await user.upload(screen.getByTestId('upload-blade-A-drop-input'), [
      image('blade_1.jpg'),
      image('blade_2.png', 300, 'image/png'),
      image('scan_3.pcd', 100, ''),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      image('bad name.jpg'),
      image('TAKEN.jpg'),
    ]);
    expect(screen.getAllByTestId('pending-file')).toHaveLength(3); // the .txt went silently
    expect(screen.getByText(/1 dosya geçersiz adlar nedeniyle atlandı: bad name\.jpg/)).toBeInTheDocument();
    expect(screen.getByText(/Aynı isimde fotoğraflar zaten mevcut: TAKEN\.jpg/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'scan_3.pcd dosyasını kaldır' }));
    expect(screen.getAllByTestId('pending-file')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: '2 fotoğraf yükle' }));

    // the session is checked first, then one request (2 files < a batch of 3)
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/auth/validate-session');
    const xhr = FakeXhr.last();
    expect(xhr.url).toMatch(/^\/api\/turbines\/5\/photos\?_t=/);
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['room', 'year', 'blade', 'photos', 'photos']);
    expect(xhr.body?.get('room')).toBe('1');
    expect(xhr.body?.get('blade')).toBe('A');
    expect(xhr.body?.getAll('photos').map((f) => (f as File).name)).toEqual(['blade_1.jpg', 'blade_2.png']);

    expect(screen.getByText('Yükleniyor')).toBeInTheDocument();
    expect(screen.getByTestId('upload-blade-A-drop')).toHaveAttribute('aria-disabled', 'true');
    act(() => xhr.progress(200, 800)); // a quarter of the body: half of the first file
    expect(screen.getByTestId('overall-progress')).toHaveAttribute('data-percent', '25');
    expect(screen.getAllByTestId('file-progress').map((bar) => bar.getAttribute('data-percent'))).toEqual(['100', '0']);
    act(() => xhr.progress(600, 800));
    expect(screen.getByTestId('overall-progress')).toHaveAttribute('data-percent', '75');

    act(() =>
      xhr.respond(201, { success: true, data: [testPhoto(1), testPhoto(2)], rejected: [], message: '2 fotoğraf başarıyla yüklendi!' }),
    );
    expect(await screen.findByText('2 fotoğraf başarıyla yüklendi!')).toBeInTheDocument();
    expect(screen.queryAllByTestId('pending-file')).toHaveLength(0);
    expect(screen.queryByText('Yükleniyor')).not.toBeInTheDocument();
  }, 15_000);

  it('sends seven blade photos as 3 + 3 + 1', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BladePanel turbineId={5} blade="B" year={2024} photos={[]} existingNames={new Set()} />);
    await user.upload(
      screen.getByTestId('upload-blade-B-drop-input'),
      Array.from({ length: 7 }, (_, i) => image(`p_${i}.jpg`)),
    );
    await user.click(screen.getByRole('button', { name: '7 fotoğraf yükle' }));
    const sizes: number[] = [];
    for (let i = 0; i < 3; i++) {
      await waitFor(() => expect(FakeXhr.instances).toHaveLength(i + 1));
      const xhr = FakeXhr.last();
      sizes.push(xhr.body?.getAll('photos').length ?? 0);
      act(() => xhr.respond(201, { success: true, data: [], rejected: [], message: '' }));
    }
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('stops when the session has expired, sending nothing: no spinner left, off to sign in, the photos kept for the return', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, code: 'SESSION_INVALID', message: 'x' }, 401));
    const origins: string[] = [];
    const stopListening = onUnauthorized((origin) => origins.push(origin));
    const user = userEvent.setup();
    const first = renderWithProviders(<BladePanel turbineId={5} blade="C" year={2025} photos={[]} existingNames={new Set()} />, {
      route: '/dashboard/turbine/5',
    });
    await user.upload(screen.getByTestId('upload-blade-C-drop-input'), [image('a.jpg'), image('b.jpg')]);
    await user.click(screen.getByRole('button', { name: '2 fotoğraf yükle' }));
    expect(await screen.findByText('Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Seçtiğiniz fotoğraflar, giriş yaptıktan sonra bu sayfada sizi bekliyor olacak.')).toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(0);
    expect(screen.queryByText('Yükleniyor')).not.toBeInTheDocument(); // the zone is not stuck at "Yükleniyor %0"
    expect(origins).toHaveLength(1); // to /login?next=<this page>, as any 401 does
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    first.unmount();
    stopListening();

    // signed in again (same user): the zone comes back with the two photos chosen
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { user: demoUser() }, user: demoUser() }));
    window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(demoUser()));
    renderWithProviders(<BladePanel turbineId={5} blade="C" year={2025} photos={[]} existingNames={new Set()} />);
    expect(await screen.findAllByTestId('pending-file', {}, { timeout: 5000 })).toHaveLength(2);
    expect(screen.getByRole('button', { name: '2 fotoğraf yükle' })).toBeEnabled();
  }, 20_000);

  it('keeps the photos not yet stored when the session ends half way, in the room they were chosen for; another user gets none', async () => {
    const stopListening = onUnauthorized(() => undefined);
    const user = userEvent.setup();
    const first = renderWithProviders(<BladePanel turbineId={6} blade="A" year={2025} photos={[]} existingNames={new Set()} />);
    await user.click(screen.getByTestId('room-select-A'));
    await user.click(await screen.findByRole('option', { name: '3 · Tip - WW' }, { timeout: 5000 }));
    await user.upload(
      screen.getByTestId('upload-blade-A-drop-input'),
      Array.from({ length: 4 }, (_, i) => image(`late_${i}.jpg`)),
    );
    await user.click(screen.getByRole('button', { name: '4 fotoğraf yükle' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1), { timeout: 5000 });
    act(() => FakeXhr.last().respond(201, { success: true, data: [testPhoto(1), testPhoto(2), testPhoto(3)], rejected: [], message: '' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2), { timeout: 5000 });
    act(() => FakeXhr.last().respond(401, { success: false, code: 'SESSION_INVALID', message: 'Oturum geçersiz' }));
    expect(
      await screen.findByText('Seçtiğiniz fotoğraflar, giriş yaptıktan sonra bu sayfada sizi bekliyor olacak.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    first.unmount();
    stopListening();

    window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(demoUser()));
    const back = renderWithProviders(<BladePanel turbineId={6} blade="A" year={2025} photos={[]} existingNames={new Set()} />);
    expect(await screen.findAllByTestId('pending-file', {}, { timeout: 5000 })).toHaveLength(1); // the three stored ones are not offered again
    expect(screen.getByText('late_3.jpg')).toBeInTheDocument();
    expect(screen.getByTestId('room-select-A')).toHaveValue('3 · Tip - WW');
    back.unmount();

    // the same thing for another person signing in on this computer: nothing of the first one's
    const stop = onUnauthorized(() => undefined);
    const again = renderWithProviders(<BladePanel turbineId={6} blade="A" year={2025} photos={[]} existingNames={new Set()} />);
    await user.upload(screen.getByTestId('upload-blade-A-drop-input'), [image('mine.jpg')]);
    window.localStorage.removeItem(STORAGE_KEYS.token); // a background request's 401 signed out
    again.unmount();
    stop();
    window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(demoUser({ id: 99, email: 'other@ege.example' })));
    renderWithProviders(<BladePanel turbineId={6} blade="A" year={2025} photos={[]} existingNames={new Set()} />);
    await act(async () => undefined);
    expect(screen.queryAllByTestId('pending-file')).toHaveLength(0);
  }, 20_000);

  it("answers a proxy's own 413 page with the spec's text, sends the batch again one photo at a time and keeps what still does not go", async () => {
    const user = userEvent.setup();
    renderWithProviders(<BladePanel turbineId={5} blade="B" year={2025} photos={[]} existingNames={new Set()} />);
    await user.upload(screen.getByTestId('upload-blade-B-drop-input'), [image('small.jpg'), image('huge.jpg')]);
    await user.click(screen.getByRole('button', { name: '2 fotoğraf yükle' }));
    const nginx413 =
      '<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>';
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1), { timeout: 5000 });
    act(() => FakeXhr.last().respond(413, nginx413));
    expect(
      await screen.findByText('Yükleniyor... Lütfen bekleyin. Büyük dosyalar zaman alabilir.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/fotoğraflar şimdi tek tek gönderiliyor/)).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2), { timeout: 5000 });
    expect(
      FakeXhr.last()
        .body?.getAll('photos')
        .map((f) => (f as File).name),
    ).toEqual(['small.jpg']);
    act(() => FakeXhr.last().respond(201, { success: true, data: [testPhoto(1)], rejected: [], message: '' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(3), { timeout: 5000 });
    act(() => FakeXhr.last().respond(413, nginx413));

    expect(await screen.findByText('1 fotoğraf başarıyla yüklendi!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('upload-blade-B-notice')).toHaveTextContent('1 fotoğraf yüklenemedi ve seçili bırakıldı (huge.jpg)');
    expect(screen.queryByText(/Sunucu hatası/)).not.toBeInTheDocument();
    expect(screen.getAllByTestId('pending-file')).toHaveLength(1);
    expect(screen.getByText('huge.jpg')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 fotoğraf yükle' })).toBeEnabled();
  }, 20_000);

  it('shows the server refusal (duplicates) and keeps going', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BladePanel turbineId={5} blade="A" year={2025} photos={[]} existingNames={new Set()} />);
    await user.upload(screen.getByTestId('upload-blade-A-drop-input'), [image('dup.jpg')]);
    await user.click(screen.getByRole('button', { name: '1 fotoğraf yükle' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() =>
      FakeXhr.last().respond(409, {
        success: false,
        code: 'PHOTO_DUPLICATE_NAMES',
        message: 'Aynı isimde fotoğraflar zaten mevcut: dup.jpg. Lütfen dosyaları yeniden adlandırın veya mevcut fotoğrafları silin.',
      }),
    );
    expect(await screen.findByText(/Aynı isimde fotoğraflar zaten mevcut: dup\.jpg/)).toBeInTheDocument();
  });
});

describe('drop zone', () => {
  it('highlights with a drop prompt while files are dragged over, and takes the dropped photos only', async () => {
    renderWithProviders(<BladePanel turbineId={5} blade="A" year={2025} photos={[]} existingNames={new Set()} />);
    const zone = screen.getByTestId('upload-blade-A-drop');
    const files = [image('drop_1.jpg'), new File(['x'], 'a.txt', { type: 'text/plain' }), image('drop_2.pcd', 10, '')];
    const dataTransfer = { types: ['Files'], files, dropEffect: 'none' };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(zone).toHaveAttribute('data-active', 'true');
    expect(screen.getByText('Dosyaları buraya bırakın')).toBeInTheDocument();
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    expect(zone).not.toHaveAttribute('data-active');
    expect(screen.getAllByTestId('pending-file')).toHaveLength(2);
  });
});

describe('category upload zone', () => {
  it('sends at most two files per request with a 1 s pause, then the category toast', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoryPanel turbineId={5} category="drone" photos={[categoryPhoto(9, 'drone')]} existingNames={new Set()} />);
    expect(screen.getByText('1 fotoğraf')).toBeInTheDocument();
    await user.upload(screen.getByTestId('upload-drone-drop-input'), [image('d1.jpg'), image('d2.jpg'), image('d3.jpg')]);
    await user.click(screen.getByRole('button', { name: '3 fotoğraf yükle' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const first = FakeXhr.last();
    expect(first.body?.get('category')).toBe('drone');
    expect(first.body?.get('blade')).toBe('A');
    expect(first.body?.has('room')).toBe(false);
    expect(first.body?.getAll('photos')).toHaveLength(2);
    const sentAt = Date.now();
    act(() =>
      first.respond(201, { success: true, data: [categoryPhoto(1, 'drone'), categoryPhoto(2, 'drone')], rejected: [], message: '' }),
    );
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2), { timeout: 3000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(950);
    act(() => FakeXhr.last().respond(201, { success: true, data: [categoryPhoto(3, 'drone')], rejected: [], message: '' }));
    expect(await screen.findByText('Fotoğraf Yüklendi')).toBeInTheDocument();
    expect(screen.getByText('3 adet Drone fotoğrafı başarıyla yüklendi.')).toBeInTheDocument();
  }, 15_000);
});

describe('messages that clear themselves (spec §4)', () => {
  it('disappear after the given time, or stay without one', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage());
    act(() => result.current.show('geçersiz', 5000));
    act(() => vi.advanceTimersByTime(4900));
    expect(result.current.message).toBe('geçersiz');
    act(() => vi.advanceTimersByTime(200));
    expect(result.current.message).toBeNull();
    act(() => result.current.show('kalıcı'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.message).toBe('kalıcı');
    vi.useRealTimers();
  });
});
