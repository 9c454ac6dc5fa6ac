import { CONTACT_SUCCESS_MS } from '@windscope/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { ContactPage } from './contact-page.tsx';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const field = (label: RegExp) => screen.getByRole('textbox', { name: label });
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

function fillRequired() {
  type(/^Ad Soyad/, 'Ayla Kurt');
  type(/^Konu/, 'ROV teklifi');
  type(/^Mesaj/, 'Üç türbin için temel incelemesi istiyoruz.');
}

const submit = () => fireEvent.submit(screen.getByTestId('contact-form'));
const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;

/** A fetch answer we release when the test says so. */
function deferredAnswer() {
  let release: (response: Response) => void = () => undefined;
  fetchMock.mockReturnValue(new Promise<Response>((resolve) => (release = resolve)));
  return (response: Response) => act(async () => release(response));
}

describe('contact form fields (spec §2, §5)', () => {
  it('has name, e-mail, phone, subject and message; name, subject and message are required by the browser', () => {
    renderWithProviders(<ContactPage />);
    expect(field(/^Ad Soyad/)).toBeRequired();
    expect(field(/^Konu/)).toBeRequired();
    expect(field(/^Mesaj/)).toBeRequired();
    expect(field(/^E-posta/)).not.toBeRequired();
    expect(field(/^E-posta/)).toHaveAttribute('type', 'email');
    expect(field(/^Telefon/)).not.toBeRequired();
    // the honeypot is there for bots, out of the keyboard's way
    expect(screen.getByLabelText('Bu alanı boş bırakın')).toHaveAttribute('tabindex', '-1');
  });

  it('shows the phone, the address and the working hours', () => {
    renderWithProviders(<ContactPage />);
    expect(screen.getAllByText('+90 232 555 01 90').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/İzmir/).length).toBeGreaterThan(0);
    const hours = screen.getByTestId('working-hours');
    expect(within(hours).getByText('Pazartesi - Cuma').nextSibling).toHaveTextContent('09:00 - 18:00');
    expect(within(hours).getByText('Cumartesi').nextSibling).toHaveTextContent('09:00 - 14:00');
    expect(within(hours).getByText('Pazar').nextSibling).toHaveTextContent('Kapalı');
  });
});

describe('contact form states (spec §4: idle, sending, success 3 s, reset)', () => {
  it('sends the message to POST /api/contact, shows sending, then the success banner for 3 s, then resets', async () => {
    vi.useFakeTimers();
    const answer = deferredAnswer();
    renderWithProviders(<ContactPage />);
    fillRequired();
    type(/^E-posta/, 'ayla@example.com');
    type(/^Telefon/, '+90 555 111 22 33');
    submit();

    // sending
    expect(screen.getByTestId('contact-form')).toHaveAttribute('data-status', 'sending');
    expect(screen.getByTestId('contact-submit')).toHaveTextContent('Gönderiliyor...');
    expect(screen.getByTestId('contact-submit')).toBeDisabled();
    expect(field(/^Ad Soyad/)).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/^\/api\/contact\?_t=\d+$/);
    expect(init?.method).toBe('POST');
    expect(sentBody()).toEqual({
      name: 'Ayla Kurt',
      email: 'ayla@example.com',
      phone: '+90 555 111 22 33',
      subject: 'ROV teklifi',
      message: 'Üç türbin için temel incelemesi istiyoruz.',
      website: '',
    });

    // success, for 3 s
    await answer(jsonResponse({ success: true, message: 'Mesajınız gönderildi.' }));
    expect(screen.getByTestId('contact-success')).toHaveTextContent('Mesajınız gönderildi');
    expect(field(/^Ad Soyad/)).toHaveValue('Ayla Kurt');
    act(() => void vi.advanceTimersByTime(CONTACT_SUCCESS_MS - 1));
    expect(screen.getByTestId('contact-success')).toBeInTheDocument();

    // then the form resets
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('contact-success')).not.toBeInTheDocument();
    expect(screen.getByTestId('contact-form')).toHaveAttribute('data-status', 'idle');
    for (const label of [/^Ad Soyad/, /^E-posta/, /^Telefon/, /^Konu/, /^Mesaj/]) expect(field(label)).toHaveValue('');
    expect(screen.getByTestId('contact-submit')).toBeEnabled();
  });

  it('shows the spec error text when the server fails, and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, code: 'INTERNAL', message: 'Sunucu hatası.' }, 500));
    renderWithProviders(<ContactPage />);
    fillRequired();
    submit();
    const error = await screen.findByTestId('contact-error');
    expect(error).toHaveTextContent('Mesaj gönderilirken bir hata oluştu');
    expect(error).toHaveTextContent('Sunucu hatası.');
    expect(screen.queryByTestId('contact-success')).not.toBeInTheDocument();
    expect(field(/^Ad Soyad/)).toHaveValue('Ayla Kurt');
    expect(field(/^Mesaj/)).toHaveValue('Üç türbin için temel incelemesi istiyoruz.');
    expect(screen.getByTestId('contact-submit')).toBeEnabled();
  });

  it('shows the error text when the network is down, and can try again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderWithProviders(<ContactPage />);
    fillRequired();
    submit();
    expect(await screen.findByTestId('contact-error')).toHaveTextContent('Mesaj gönderilirken bir hata oluştu');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: 'ok' }));
    submit();
    expect(await screen.findByTestId('contact-success')).toBeInTheDocument();
    expect(screen.queryByTestId('contact-error')).not.toBeInTheDocument();
  });

  it('refuses blank-looking required fields before any call (the contract schema)', () => {
    renderWithProviders(<ContactPage />);
    fillRequired();
    type(/^Konu/, '   ');
    submit();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('Ad, konu ve mesaj gereklidir.')).toBeInTheDocument();
  });

  it('shows the English error text on the English site', async () => {
    const { i18n } = await import('../../../i18n/i18n.ts');
    await act(() => i18n.changeLanguage('en'));
    fetchMock.mockResolvedValue(jsonResponse({ success: false, code: 'RATE_LIMITED', message: 'Too many attempts.' }, 429));
    renderWithProviders(<ContactPage />);
    type(/^Full name/, 'Ayla Kurt');
    type(/^Subject/, 'Quote');
    type(/^Message/, 'Hello');
    submit();
    const error = await screen.findByTestId('contact-error');
    expect(error).toHaveTextContent('An error occurred while sending the message');
    expect(error).toHaveTextContent('Too many attempts.');
  });
});
