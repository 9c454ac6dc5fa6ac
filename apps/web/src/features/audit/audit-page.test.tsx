import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AuditEntry } from '@windscope/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeApi, SUPERADMIN, signIn } from '../management/test-support.ts';
import { AuditPage } from './audit-page.tsx';

vi.setConfig({ testTimeout: 90_000 });
afterEach(() => vi.unstubAllGlobals());

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-25T09:00:00.000Z',
  kind: 'sign_in',
  actor_id: 3,
  actor_email: 'manager@ege.example',
  company_id: 2,
  company_name: 'Ege Rüzgar Enerji',
  target_type: 'user',
  target_id: '3',
  target_label: 'manager@ege.example',
  details: null,
  ip: '203.0.113.7',
  user_agent: 'Firefox',
  ...overrides,
});

const PAGE = {
  items: [
    entry({
      id: 2,
      kind: 'sign_in_failed',
      actor_id: null,
      actor_email: 'typo@ege.example',
      target_type: null,
      target_id: null,
      target_label: null,
    }),
    entry({ id: 1 }),
  ],
  total: 120,
  page: 1,
  page_size: 50,
};

describe('the audit log page', () => {
  it('names each event in the page language, shows the address typed at a failed sign-in, and sends the filters', async () => {
    signIn(SUPERADMIN);
    const api = fakeApi({ 'GET /api/audit': PAGE });
    renderWithProviders(<AuditPage />, { route: '/dashboard/audit', path: '/dashboard/audit' });
    const rows = await screen.findAllByTestId('audit-row');
    expect(within(rows[0] as HTMLElement).getByText('Başarısız oturum açma')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Yazılan adres: typo@ege.example');
    expect(rows[1]).toHaveTextContent('Kullanıcı: manager@ege.example');
    expect(screen.getByTestId('audit-total')).toHaveTextContent('120 olay');
    // 120 rows, 50 a page: three pages
    expect(within(screen.getByTestId('audit-pagination')).getByText('3')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('audit-filter-actor'), { target: { value: '  ege.example ' } });
    fireEvent.click(screen.getByTestId('audit-apply'));
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/audit').at(-1)?.url.searchParams.get('actor')).toBe('ege.example'));
    expect(api.callsTo('GET', '/api/audit').at(-1)?.url.searchParams.get('page')).toBe('1');

    await act(() => i18n.changeLanguage('en'));
    expect(within(rows[0] as HTMLElement).getByText('Failed sign-in')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('tr'));
  });
});
