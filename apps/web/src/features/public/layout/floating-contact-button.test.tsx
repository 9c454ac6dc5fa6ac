import { CONTACT_BUTTON_DELAY_MS } from '@windscope/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANY } from '../../../config/company.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FloatingContactButton } from './floating-contact-button.tsx';

describe('floating contact button (spec §2)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears after 1 s, not before', () => {
    renderWithProviders(<FloatingContactButton />);
    expect(CONTACT_BUTTON_DELAY_MS).toBe(1000);
    act(() => void vi.advanceTimersByTime(999));
    expect(screen.queryByTestId('floating-contact')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByTestId('floating-contact')).toBeInTheDocument();
  });

  it("opens the company's messaging-app chat with the Turkish greeting, in a new tab without an opener", () => {
    renderWithProviders(<FloatingContactButton />);
    act(() => void vi.advanceTimersByTime(CONTACT_BUTTON_DELAY_MS));
    const link = screen.getByTestId('floating-contact');
    const url = new URL(link.getAttribute('href') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${COMPANY.phoneE164}`);
    expect(url.searchParams.get('text')).toBe('Merhaba, Windscope hakkında bilgi almak istiyorum.');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
    expect(link).toHaveAccessibleName('WhatsApp ile iletişime geçin (yeni sekmede açılır)');
  });

  it('shows its tooltip on hover and on keyboard focus, and hides it on leave', () => {
    renderWithProviders(<FloatingContactButton />);
    act(() => void vi.advanceTimersByTime(CONTACT_BUTTON_DELAY_MS));
    const link = screen.getByTestId('floating-contact');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    fireEvent.mouseEnter(link);
    expect(screen.getByRole('tooltip')).toHaveTextContent('WhatsApp ile iletişime geçin');
    expect(link).toHaveAccessibleDescription('WhatsApp ile iletişime geçin');
    fireEvent.mouseLeave(link);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    fireEvent.focus(link);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('speaks English on the English site, while the greeting stays Turkish', async () => {
    const { i18n } = await import('../../../i18n/i18n.ts');
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(<FloatingContactButton />);
    act(() => void vi.advanceTimersByTime(CONTACT_BUTTON_DELAY_MS));
    const link = screen.getByTestId('floating-contact');
    fireEvent.mouseEnter(link);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Contact us on WhatsApp');
    expect(new URL(link.getAttribute('href') ?? '').searchParams.get('text')).toBe(COMPANY.chatGreeting);
  });
});
