import { act, fireEvent, screen, within } from '@testing-library/react';
import type { MailOutboxItem } from '@windscope/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeApi, SUPERADMIN, signIn } from '../management/test-support.ts';
import { MailOutboxPage } from './mail-outbox-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const failed = (overrides: Partial<MailOutboxItem>): MailOutboxItem => ({
  id: 1,
  kind: 'passwordReset',
  recipient: 'manager@ege.example',
  subject: 'Windscope şifre sıfırlama',
  status: 'failed',
  attempts: 12,
  last_error: 'connect ECONNREFUSED 127.0.0.1:2525',
  last_error_kind: 'connection',
  next_attempt_at: '2026-11-26T10:00:00.000Z',
  created_at: '2026-11-25T09:00:00.000Z',
  retried_at: null,
  sent_at: null,
  ...overrides,
});

const ROWS = [
  failed({ id: 1 }),
  failed({ id: 2, last_error: 'Invalid login: 535 5.7.8 Authentication credentials invalid', last_error_kind: 'authentication' }),
  // a row recorded before kinds were
  failed({ id: 3, last_error: 'something odd', last_error_kind: null, retried_at: '2026-11-26T08:00:00.000Z' }),
];

async function open() {
  signIn(SUPERADMIN);
  fakeApi({ 'GET /api/admin/mail-outbox': ROWS });
  renderWithProviders(<MailOutboxPage />, { route: '/dashboard/mail-outbox', path: '/dashboard/mail-outbox' });
  return screen.findAllByTestId('mail-row');
}

describe('the e-mail outbox page', () => {
  it('says each failure in words by its kind; the mail server text only behind the details button', async () => {
    const rows = await open();
    expect(rows.map((row) => within(row).getByTestId('mail-error').textContent)).toEqual([
      'Posta sunucusuna bağlanılamadı.',
      "Posta sunucusu Windscope'un kullanıcı adını veya şifresini kabul etmedi.",
      'E-posta gönderilemedi; ayrıntılara bakın.',
    ]);
    expect(document.body.textContent).not.toContain('ECONNREFUSED');
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId('mail-error-details'));
    expect(await screen.findByTestId('mail-error-raw')).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:2525');
    // queued and sent again: both times shown
    expect(within(rows[2] as HTMLElement).getByTestId('mail-retried-at')).toHaveTextContent(/yeniden gönderildi: .*2026/);
    expect(within(rows[0] as HTMLElement).getByText('12 deneme')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('en'));
    expect(within(rows[1] as HTMLElement).getByTestId('mail-error')).toHaveTextContent(
      "The mail server refused Windscope's user name or password.",
    );
    expect(within(rows[0] as HTMLElement).getByText('12 attempts')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('tr'));
  });
});
