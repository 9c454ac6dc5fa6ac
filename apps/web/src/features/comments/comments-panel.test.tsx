import type { Comment, User } from '@windscope/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { authStore } from '../auth/auth-store.ts';
import { demoUser, fakeToken, jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { CommentsPanel } from './comments-panel.tsx';

const TURBINE = 7;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const LONG = `${'Kanat ucunda erozyon var. '.repeat(5)}Son.`; // 134 characters

function comment(overrides: Partial<Comment>): Comment {
  const created = overrides.created_at ?? minutesAgo(5);
  return {
    id: 1,
    turbine_id: TURBINE,
    user_id: 4,
    user_name: 'Mert Demir',
    comment: 'Merhaba',
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}

let fetchMock: Mock<typeof fetch>;
let stored: Comment[];
let failNext: 'PUT' | 'DELETE' | 'POST' | null;
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`);

beforeEach(() => {
  failNext = null;
  stored = [
    comment({ id: 1, user_id: 4, comment: 'Kendi yeni yorumum' }),
    comment({ id: 2, user_id: 4, comment: 'Eski yorumum', created_at: minutesAgo(61) }),
    comment({ id: 3, user_id: 9, user_name: 'Ayşe Çelik', comment: LONG }),
  ];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    if (failNext === method) {
      failNext = null;
      return jsonResponse({ success: false, code: 'FORBIDDEN', message: 'Bu işlem için yetkiniz yok.' }, 403);
    }
    const id = Number(/comments\/(\d+)/.exec(url)?.[1]);
    if (method === 'GET') return jsonResponse({ success: true, data: stored });
    const body = init?.body ? (JSON.parse(String(init.body)) as { comment: string }) : { comment: '' };
    if (method === 'POST') {
      const created = comment({ id: 10 + stored.length, comment: body.comment, created_at: new Date().toISOString() });
      stored = [...stored, created];
      return jsonResponse({ success: true, data: created, comment: created }, 201);
    }
    if (method === 'PUT') {
      stored = stored.map((c) =>
        c.id === id ? { ...c, comment: body.comment, updated_at: new Date(Date.now() + 1000).toISOString() } : c,
      );
      return jsonResponse({ success: true, data: stored.find((c) => c.id === id) });
    }
    stored = stored.filter((c) => c.id !== id);
    return jsonResponse({ success: true, message: 'Yorum silindi' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function renderPanel(user: User) {
  authStore.signIn(fakeToken(), user);
  return renderWithProviders(<CommentsPanel turbineId={TURBINE} opened onClose={() => undefined} />);
}

const item = async (text: string | RegExp) => (await screen.findByText(text)).closest('article') as HTMLElement;

describe('comments panel', { timeout: 20_000 }, () => {
  it('lists comments and truncates one over 100 characters with show more / show less', async () => {
    renderPanel(demoUser());
    const long = await item(/^Kanat ucunda erozyon var\./);
    const text = within(long).getByTestId('comment-text');
    expect(text.textContent).toHaveLength(103);
    expect(text.textContent?.endsWith('...')).toBe(true);
    await userEvent.click(within(long).getByRole('button', { name: 'Daha fazla göster' }));
    expect(text).toHaveTextContent(LONG);
    await userEvent.click(within(long).getByRole('button', { name: 'Daha az göster' }));
    expect(text.textContent).toHaveLength(103);
    expect(within(await item('Kendi yeni yorumum')).queryByTestId('comment-toggle')).toBeNull();
  });

  it('shows edit and delete only on the own comment inside the 60-minute window', async () => {
    renderPanel(demoUser({ id: 4, role: 'operator' }));
    expect(within(await item('Kendi yeni yorumum')).getByTestId('comment-edit')).toBeInTheDocument();
    expect(within(await item('Kendi yeni yorumum')).getByTestId('comment-delete')).toBeInTheDocument();
    expect(within(await item('Eski yorumum')).queryByTestId('comment-edit')).toBeNull();
    expect(within(await item(/^Kanat ucunda/)).queryByTestId('comment-delete')).toBeNull();
  });

  it('lets superadmin act on every comment, and a viewer on none (no add form either)', async () => {
    const { unmount } = renderPanel(demoUser({ id: 1, role: 'superadmin' }));
    await screen.findByText('Eski yorumum');
    expect(screen.getAllByTestId('comment-edit')).toHaveLength(3);
    expect(screen.getAllByTestId('comment-delete')).toHaveLength(3);
    unmount();
    renderPanel(demoUser({ id: 6, role: 'viewer' }));
    await screen.findByText('Eski yorumum');
    expect(screen.queryByTestId('comment-edit')).toBeNull();
    expect(screen.queryByTestId('comment-add-form')).toBeNull();
    expect(screen.getByTestId('comments-read-only')).toBeInTheDocument();
  });

  it('counts n/500 while typing and sends the trimmed text', async () => {
    renderPanel(demoUser());
    await screen.findByText('Eski yorumum');
    const form = screen.getByTestId('comment-add-form');
    expect(within(form).getByTestId('comment-counter')).toHaveTextContent('0/500');
    expect(within(form).getByRole('button', { name: 'Gönder' })).toBeDisabled();
    await userEvent.type(within(form).getByRole('textbox'), '  Yeni not  ');
    expect(within(form).getByTestId('comment-counter')).toHaveTextContent('12/500');
    await userEvent.click(within(form).getByRole('button', { name: 'Gönder' }));
    await screen.findByText('Yeni not');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ comment: 'Yeni not' });
    expect(within(form).getByTestId('comment-counter')).toHaveTextContent('0/500');
  });

  it('edits: editing, then saved with the (düzenlendi) marker, or cancelled unchanged', async () => {
    renderPanel(demoUser());
    let own = await item('Kendi yeni yorumum');
    await userEvent.click(within(own).getByTestId('comment-edit'));
    await userEvent.click(within(own).getByRole('button', { name: 'İptal' }));
    expect(within(own).getByText('Kendi yeni yorumum')).toBeInTheDocument();
    expect(calls().filter((c) => c.startsWith('PUT'))).toHaveLength(0);

    await userEvent.click(within(own).getByTestId('comment-edit'));
    const box = within(own).getByRole('textbox');
    await userEvent.clear(box);
    await userEvent.type(box, 'Düzeltilmiş yorum');
    await userEvent.click(within(own).getByRole('button', { name: 'Kaydet' }));
    own = await item('Düzeltilmiş yorum');
    expect(within(own).getByTestId('comment-edited')).toHaveTextContent('(düzenlendi)');
  });

  it('says "Yorum güncellenirken hata oluştu" when the server refuses an edit, then reloads', async () => {
    renderPanel(demoUser());
    const own = await item('Kendi yeni yorumum');
    await userEvent.click(within(own).getByTestId('comment-edit'));
    failNext = 'PUT';
    const gets = calls().filter((c) => c.startsWith('GET')).length;
    await userEvent.click(within(own).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Yorum güncellenirken hata oluştu')).toBeInTheDocument();
    await waitFor(() => expect(calls().filter((c) => c.startsWith('GET')).length).toBeGreaterThan(gets));
  });

  it('deletes after the confirmation, and reports a failed delete with "Yorum silinirken hata oluştu"', async () => {
    renderPanel(demoUser());
    await userEvent.click(within(await item('Kendi yeni yorumum')).getByTestId('comment-delete'));
    expect(await screen.findByText('Bu yorumu silmek istediğinizden emin misiniz?')).toBeInTheDocument();
    failNext = 'DELETE';
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Yorum silinirken hata oluştu')).toBeInTheDocument();
    expect(screen.getByText('Kendi yeni yorumum')).toBeInTheDocument();

    await userEvent.click(within(await item('Kendi yeni yorumum')).getByTestId('comment-delete'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(screen.queryByText('Kendi yeni yorumum')).not.toBeInTheDocument());
    expect(calls()).toContain(`DELETE /api/turbines/${TURBINE}/comments/1`);
  });
});
