import { REQUEST_TIMEOUT_MS } from '@windscope/contract';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { z } from 'zod';
import { STORAGE_KEYS } from '../config/storage-keys.ts';
import { i18n } from '../i18n/i18n.ts';
import { fakeToken, jsonResponse } from '../test/render.tsx';
import { ApiError } from './api-error.ts';
import { api } from './client.ts';
import { onUnauthorized } from './session-events.ts';

let fetchMock: Mock<typeof fetch>;
const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: new URL(String(url), 'http://localhost'), init: init as RequestInit, headers: new Headers((init as RequestInit).headers) };
};
/** a fetch that only ends when its signal aborts, like a server that never answers */
const hangingFetch: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client: requests', () => {
  it('sends the stored bearer token and the interface language under /api', async () => {
    const token = fakeToken();
    window.localStorage.setItem(STORAGE_KEYS.token, token);
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: [1, 2] }));
    const answer = await api.get<number[]>('/turbines', { query: { filter_company_id: 3, empty: undefined } });
    expect(answer.data).toEqual([1, 2]);
    const { url, headers } = lastCall();
    expect(url.pathname).toBe('/api/turbines');
    expect(url.searchParams.get('filter_company_id')).toBe('3');
    expect(url.searchParams.has('empty')).toBe(false);
    expect(url.searchParams.has('_t')).toBe(false);
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('X-Language')).toBe('tr');
  });

  it('adds a _t timestamp to non-GET calls and sends JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { id: 1 } }));
    await api.post('/turbines', { code: 'T-1' });
    const { url, init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(Number(url.searchParams.get('_t'))).toBeGreaterThan(0);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"code":"T-1"}');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('checks the answer against a contract schema when given one', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { id: 'not-a-number' } }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api.get('/x', { schema: z.object({ id: z.number() }) })).rejects.toMatchObject({ code: 'UNEXPECTED' });
  });
});

describe('api client: errors (spec §8)', () => {
  it("passes the server's message and code on", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Türbin bulunamadı', code: 'TURBINE_NOT_FOUND' }, 404));
    const error = await api.get('/turbines/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'TURBINE_NOT_FOUND', message: 'Türbin bulunamadı' });
  });

  it('says "Server error: {status}" when the server sent no message, in the current language', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 502, message: 'Sunucu hatası: 502' });
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 500, message: 'Server error: 500' });
  });

  it('reports a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Ağ hatası. Lütfen bağlantınızı kontrol edin.',
    });
    await i18n.changeLanguage('en');
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'Network error. Please check your connection.' });
  });

  it('reports an answer it cannot read as unexpected', async () => {
    fetchMock.mockResolvedValue(new Response('not json', { status: 200 }));
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'UNEXPECTED', message: 'Beklenmeyen bir hata oluştu' });
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValue(new Response('not json', { status: 200 }));
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'An unexpected error occurred' });
  });

  it('gives up after 10 s, but not on uploads', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const normal = api.get('/slow').catch((e: unknown) => e);
    const upload = api.post('/upload', new FormData(), { upload: true }).catch((e: unknown) => e);
    let uploadSettled = false;
    void upload.then(() => {
      uploadSettled = true;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 10);
    expect(await normal).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(uploadSettled).toBe(false);
  });
});

describe('api client: 401 (spec §8)', () => {
  const signIn = () => {
    window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
    window.localStorage.setItem(STORAGE_KEYS.user, '{"id":1}');
  };

  it('clears token and user and sends the user to /login, remembering where they were', async () => {
    signIn();
    const redirect = vi.fn();
    const stop = onUnauthorized(redirect);
    window.history.replaceState(null, '', '/dashboard/turbine/3?year=2024');
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Oturum süresi dolmuş.', code: 'UNAUTHORIZED' }, 401));
    await expect(api.get('/turbines/3')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/dashboard/turbine/3?year=2024');
    stop();
  });

  it('leaves the login call alone: a 401 there is a wrong password', async () => {
    signIn();
    const redirect = vi.fn();
    const stop = onUnauthorized(redirect);
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'E-posta veya şifre hatalı.', code: 'LOGIN_FAILED' }, 401));
    await expect(api.post('/auth/login', {}, { redirectOnUnauthorized: false })).rejects.toMatchObject({ code: 'LOGIN_FAILED' });
    expect(redirect).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
    stop();
  });

  it('does not redirect while already on /login', async () => {
    signIn();
    const redirect = vi.fn();
    const stop = onUnauthorized(redirect);
    window.history.replaceState(null, '', '/login');
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'x', code: 'UNAUTHORIZED' }, 401));
    await expect(api.get('/auth/profile')).rejects.toMatchObject({ status: 401 });
    expect(redirect).not.toHaveBeenCalled();
    stop();
  });
});
