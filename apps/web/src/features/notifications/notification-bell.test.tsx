import type { Notification } from '@windscope/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, MANAGER, OPERATOR, signIn } from '../management/test-support.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { NotificationBell } from './notification-bell.tsx';

const item = (over: Partial<Notification>): Notification => ({
  id: 1,
  kind: 'severity',
  finding_id: 12,
  turbine_id: 3,
  turbine_code: 'EGE-BRG-01',
  turbine_name: 'Bergama RES T-01',
  severity_before: 2,
  severity_after: 4,
  due_date: null,
  actor_name: 'Mert Demir',
  created_at: '2026-06-15T09:00:00.000Z',
  read: false,
  unreviewed: false,
  resolved: false,
  ...over,
});

describe('the notification bell (issue 16)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows the unread count, lists escalations in words, opens the finding and marks read', async () => {
    signIn(MANAGER);
    let unread = 2;
    const api = fakeApi({
      'GET /api/notifications/unread-count': () => new Response(JSON.stringify({ success: true, data: { unread_count: unread } })),
      'GET /api/notifications': {
        items: [
          item({}),
          item({ id: 2, finding_id: 13, severity_before: null, severity_after: 5 }),
          item({
            id: 3,
            finding_id: 14,
            kind: 'overdue',
            severity_before: 3,
            severity_after: 3,
            due_date: '2026-06-01',
            actor_name: null,
            read: true,
          }),
        ],
        unread_count: 2,
      },
      'GET /api/notifications/settings': { email: true },
      'POST /api/notifications/1/read': () => {
        unread = 1;
        return new Response(JSON.stringify({ success: true, data: { unread_count: 1 } }));
      },
      'PUT /api/notifications/settings': { email: false },
    });
    const { router, queryClient } = renderWithProviders(<NotificationBell />, {
      routes: [{ path: '/dashboard/turbine/:id', element: <p>turbine</p> }],
    });
    const bell = await screen.findByRole('button', { name: 'Bildirimler (2 okunmamış)' });
    expect(screen.getByTestId('notification-count')).toHaveAttribute('data-count', '2');
    await userEvent.click(bell);
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Bergama RES T-01: bulgu #12 kötüleşti, 2 · Düşük → 4 · Yüksek'),
      expect.stringContaining('Bergama RES T-01: yeni bulgu #13, önem 5 · Kritik'),
      expect.stringContaining('Bergama RES T-01: bulgu #14 onarımı gecikti'),
    ]);
    expect(items[0]).toHaveTextContent('Okunmadı');
    expect(items[2]).toHaveTextContent('Sistem');
    // the e-mail switch is the user's own setting
    await userEvent.click(await screen.findByRole('switch', { name: /Bunları e-posta ile de gönder/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/notifications/settings')[0]?.body).toEqual({ email: false }));
    await userEvent.click(within(items[0] as HTMLElement).getByTestId('notification-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/turbine/3'));
    expect(router.state.location.search).toBe('?finding=12');
    await waitFor(() => expect(api.callsTo('POST', '/api/notifications/1/read')).toHaveLength(1));
    // the bell's count follows the answer
    await waitFor(() => expect(queryClient.getQueryData(['notifications', 'unread'])).toBe(1));
  });

  it('says which alerts are about unreviewed drafts, and which were resolved by a rejection or a link (issue 23)', async () => {
    signIn(MANAGER);
    fakeApi({
      'GET /api/notifications/unread-count': { unread_count: 1 },
      'GET /api/notifications': {
        items: [
          item({ id: 1, severity_before: null, severity_after: 5, unreviewed: true }),
          item({ id: 2, finding_id: 13, severity_before: null, severity_after: 4, resolved: true, read: true }),
          item({ id: 3, finding_id: 14 }),
        ],
        unread_count: 1,
      },
      'GET /api/notifications/settings': { email: true },
    });
    renderWithProviders(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: /Bildirimler/ }));
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((i) => within(i).queryByTestId('notification-state')?.textContent ?? null)).toEqual([
      'İncelenmedi (taslak)',
      'Kapandı: taslak reddedildi veya bağlandı',
      null,
    ]);
  });

  it('is not there for roles that receive no notifications', async () => {
    signIn(OPERATOR);
    const api = fakeApi({});
    renderWithProviders(<NotificationBell />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
