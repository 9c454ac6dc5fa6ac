import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { onUnauthorized } from '../../../api/session-events.ts';
import { STORAGE_KEYS } from '../../../config/storage-keys.ts';
import { withLayoutBox } from '../../../test/layout-box.ts';
import { demoUser, fakeToken, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { BladePanel } from '../blades/blade-panel.tsx';
import { CategoryPanel } from '../categories/category-panel.tsx';
import { categoryPhoto } from '../test-photos.ts';
import { FakeXhr } from '../test-xhr.ts';
import { uploadManager } from '../../uploads/manager-instance.ts';
import { onOpenUploadPanel } from '../../uploads/panel-signal.ts';
import { useTimedMessage } from './use-timed-message.ts';
import { chosenFile, claimingSize } from './test-files.ts';

withLayoutBox();

let fetchMock: Mock<typeof fetch>;
/** what GET /api/uploads/limits answers (the server's MAX_PHOTO_MB…) */
let serverLimits: { photo_bytes: number; report_bytes: number; max_megapixels: number };
/** every other request answered with `answer` (the limits were asked at mount, while the session was still good) */
const answerOthers = (answer: () => Response) =>
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/api/uploads/limits') ? jsonResponse({ success: true, data: serverLimits }) : answer(),
  );
const calledUrls = () => fetchMock.mock.calls.map((call) => String(call[0])).filter((url) => !url.endsWith('/api/uploads/limits'));
let opened = 0;
let stopPanel: () => void = () => undefined;
beforeEach(() => {
  uploadManager.reset();
  opened = 0;
  stopPanel = onOpenUploadPanel(() => opened++);
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  serverLimits = { photo_bytes: 200 * 1024 * 1024, report_bytes: 100 * 1024 * 1024, max_megapixels: 400 };
  fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input).endsWith('/api/uploads/limits')
      ? jsonResponse({ success: true, data: serverLimits })
      : jsonResponse({ success: true, data: { user: demoUser() }, user: demoUser() }),
  );
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(demoUser()));
});
afterEach(() => {
  stopPanel();
  vi.unstubAllGlobals();
});

/** a chosen photo whose first bytes are a real one's (the zone checks them, issue 24 item 13) */
const image = (name: string, size = 100, type = 'image/jpeg') =>
  chosenFile(name, type === 'image/png' ? 'png' : name.endsWith('.pcd') ? 'pcd' : 'jpeg', size, type);

describe('blade upload zone', () => {
  it('takes photos from the picker, shows removable previews, hands them to the upload manager for review and clears', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<BladePanel turbineId={5} rooms={9} blade="A" year={2025} photos={[]} existingNames={new Set(['taken.jpg'])} />);
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
    await user.click(await screen.findByRole('button', { name: '2 fotoğraf yükle' }, { timeout: 8000 }));

    // the session is checked first, then the photos go to the app-level upload manager for review (nothing sent yet)
    expect(await screen.findByText('2 fotoğraf yükleme yöneticisine eklendi', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calledUrls()[0]).toBe('/api/auth/validate-session');
    expect(FakeXhr.instances).toHaveLength(0);
    const items = uploadManager.getSnapshot().items;
    expect(items.map((i) => [i.name, i.state, i.turbineId])).toEqual([
      ['blade_1.jpg', 'review', 5],
      ['blade_2.png', 'review', 5],
    ]);
    expect(items[0]?.placement).toEqual({ year: 2025, blade: 'A', source: { kind: 'room', room: 1 } });
    expect(uploadManager.fileOf(items[0]?.id ?? '')?.name).toBe('blade_1.jpg');
    expect(opened).toBe(1); // the manager's panel is asked to open
    expect(screen.queryAllByTestId('pending-file')).toHaveLength(0);
    expect(screen.getByTestId('upload-blade-A-drop')).toHaveAttribute('aria-disabled', 'false');
  }, 15_000);

  it('stops when the session has expired, sending nothing: no spinner left, off to sign in, the photos kept for the return', async () => {
    answerOthers(() => jsonResponse({ success: false, code: 'SESSION_INVALID', message: 'x' }, 401));
    const origins: string[] = [];
    const stopListening = onUnauthorized((origin) => origins.push(origin));
    const user = userEvent.setup();
    const first = renderWithProviders(<BladePanel turbineId={5} rooms={9} blade="C" year={2025} photos={[]} existingNames={new Set()} />, {
      route: '/dashboard/turbine/5',
    });
    await user.upload(screen.getByTestId('upload-blade-C-drop-input'), [image('a.jpg'), image('b.jpg')]);
    await user.click(await screen.findByRole('button', { name: '2 fotoğraf yükle' }, { timeout: 8000 }));
    expect(await screen.findByText('Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Seçtiğiniz fotoğraflar, giriş yaptıktan sonra bu sayfada sizi bekliyor olacak.')).toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(0);
    expect(screen.queryByText('Yükleniyor')).not.toBeInTheDocument(); // the zone is not stuck at "Yükleniyor %0"
    expect(origins).toHaveLength(1); // to /login?next=<this page>, as any 401 does
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    first.unmount();
    stopListening();

    // signed in again (same user): the zone comes back with the two photos chosen
    answerOthers(() => jsonResponse({ success: true, data: { user: demoUser() }, user: demoUser() }));
    window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(demoUser()));
    renderWithProviders(<BladePanel turbineId={5} rooms={9} blade="C" year={2025} photos={[]} existingNames={new Set()} />);
    expect(await screen.findAllByTestId('pending-file', {}, { timeout: 5000 })).toHaveLength(2);
    expect(await screen.findByRole('button', { name: '2 fotoğraf yükle' }, { timeout: 8000 })).toBeEnabled();
  }, 20_000);
});

describe('files that cannot be sent (issue 24 item 13)', () => {
  it('flags a web page renamed .jpg and a file over the limit on their tiles before anything is sent; the others go', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<BladePanel turbineId={5} rooms={9} blade="A" year={2025} photos={[]} existingNames={new Set()} />);
    await user.upload(screen.getByTestId('upload-blade-A-drop-input'), [
      image('good_small_01.jpg'),
      chosenFile('fake_photo.jpg', 'html', 400),
      image('good_small_02.png', 300, 'image/png'),
      claimingSize(image('huge_panorama.jpg'), 250 * 1024 * 1024),
      image('good_small_03.jpg'),
    ]);
    expect(screen.getAllByTestId('pending-file')).toHaveLength(5);
    const tile = (name: string) => screen.getAllByTestId('pending-file').find((el) => el.dataset.name === name) as HTMLElement;
    await waitFor(() => expect(tile('fake_photo.jpg')).toHaveAttribute('data-problem', 'unsupported_type'), { timeout: 8000 });
    expect(tile('huge_panorama.jpg')).toHaveAttribute('data-problem', 'too_large');
    expect(tile('good_small_01.jpg')).not.toHaveAttribute('data-problem');
    expect(within(tile('fake_photo.jpg')).getByTestId('pending-problem')).toHaveTextContent('Fotoğraf değil');
    expect(within(tile('huge_panorama.jpg')).getByTestId('pending-problem')).toHaveTextContent('200 MB üstü');
    // the reasons in full, as the server would say them
    const flagged = screen.getByTestId('upload-blade-A-flagged');
    expect(flagged).toHaveTextContent('2 dosya gönderilmeyecek');
    expect(flagged).toHaveTextContent('1 dosya desteklenmeyen türde: fake_photo.jpg');
    expect(flagged).toHaveTextContent('1 dosya 200 MB sınırını aşıyor: huge_panorama.jpg');

    // only the three good ones are offered; the two flagged come along as refused, so the totals count all five
    await user.click(await screen.findByRole('button', { name: '3 fotoğraf yükle' }, { timeout: 8000 }));
    expect(await screen.findByText('3 fotoğraf yükleme yöneticisine eklendi', {}, { timeout: 5000 })).toBeInTheDocument();
    const items = uploadManager.getSnapshot().items;
    expect(items.map((i) => [i.name, i.state])).toEqual([
      ['good_small_01.jpg', 'review'],
      ['good_small_02.png', 'review'],
      ['good_small_03.jpg', 'review'],
      ['fake_photo.jpg', 'refused'],
      ['huge_panorama.jpg', 'refused'],
    ]);
    expect(items[3]).toMatchObject({ code: 'PHOTO_UNSUPPORTED_TYPE', message: expect.stringContaining('fake_photo.jpg') });
    expect(uploadManager.getSnapshot().totals).toMatchObject({ files: 5, review: 3, refused: 2 });
    expect(FakeXhr.instances).toHaveLength(0);
  }, 15_000);

  it("flags a file over the server's own limit (MAX_PHOTO_MB), not the default one, and says the server's figure", async () => {
    serverLimits = { ...serverLimits, photo_bytes: 1024 * 1024 };
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<BladePanel turbineId={5} rooms={9} blade="A" year={2025} photos={[]} existingNames={new Set()} />);
    await user.upload(screen.getByTestId('upload-blade-A-drop-input'), [
      claimingSize(image('two_mb.jpg'), 2 * 1024 * 1024),
      image('small.jpg'),
    ]);
    const tile = (name: string) => screen.getAllByTestId('pending-file').find((el) => el.dataset.name === name) as HTMLElement;
    await waitFor(() => expect(tile('two_mb.jpg')).toHaveAttribute('data-problem', 'too_large'), { timeout: 8000 });
    expect(tile('small.jpg')).not.toHaveAttribute('data-problem');
    expect(within(tile('two_mb.jpg')).getByTestId('pending-problem')).toHaveTextContent('1 MB üstü');
    expect(screen.getByTestId('upload-blade-A-flagged')).toHaveTextContent('1 dosya 1 MB sınırını aşıyor: two_mb.jpg');
  }, 15_000);

  it('removes the flagged files in one step; with none left to send the button waits', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<BladePanel turbineId={5} rooms={9} blade="B" year={2025} photos={[]} existingNames={new Set()} />);
    await user.upload(screen.getByTestId('upload-blade-B-drop-input'), [chosenFile('page.jpg', 'html', 400), image('ok_1.jpg')]);
    await waitFor(() => expect(screen.getByTestId('upload-blade-B-flagged')).toBeInTheDocument(), { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Bunları çıkar' }));
    expect(screen.getAllByTestId('pending-file')).toHaveLength(1);
    expect(screen.queryByTestId('upload-blade-B-flagged')).not.toBeInTheDocument();
    await user.upload(screen.getByTestId('upload-blade-B-drop-input'), [chosenFile('page_2.jpg', 'html', 400)]);
    await user.click(screen.getByRole('button', { name: 'ok_1.jpg dosyasını kaldır' }));
    await waitFor(() => expect(screen.getByTestId('upload-blade-B-submit')).toBeDisabled(), { timeout: 8000 });
  }, 15_000);
});

describe('room list (issue 24 item 17)', () => {
  it("offers only the turbine's rooms", async () => {
    const user = userEvent.setup();
    renderWithProviders(<BladePanel turbineId={5} rooms={4} blade="A" year={2025} photos={[]} existingNames={new Set()} />);
    await user.click(screen.getByTestId('room-select-A'));
    const options = await screen.findAllByRole('option', {}, { timeout: 3000 });
    expect(options.map((o) => o.textContent)).toEqual(['1 · Root - WW', '2 · Mid - WW', '3 · Tip - WW', '4 · Root - SW']);
  });
});

describe('drop zone', () => {
  it('highlights with a drop prompt while files are dragged over, and takes the dropped photos only', async () => {
    renderWithProviders(<BladePanel turbineId={5} rooms={9} blade="A" year={2025} photos={[]} existingNames={new Set()} />);
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
  it('hands the photos to the upload manager with the category, year and blade chosen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoryPanel turbineId={5} category="drone" photos={[categoryPhoto(9, 'drone')]} existingNames={new Set()} />);
    expect(screen.getByText('1 fotoğraf')).toBeInTheDocument();
    await user.upload(screen.getByTestId('upload-drone-drop-input'), [image('d1.jpg'), image('d2.jpg'), image('d3.jpg')]);
    await user.click(await screen.findByRole('button', { name: '3 fotoğraf yükle' }, { timeout: 8000 }));
    expect(await screen.findByText('3 fotoğraf yükleme yöneticisine eklendi', {}, { timeout: 5000 })).toBeInTheDocument();
    const items = uploadManager.getSnapshot().items;
    expect(items).toHaveLength(3);
    expect(
      items.every((i) => i.state === 'review' && i.placement.source.kind === 'category' && i.placement.source.category === 'drone'),
    ).toBe(true);
    expect(items[0]?.placement.blade).toBe('A');
    expect(FakeXhr.instances).toHaveLength(0);
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
