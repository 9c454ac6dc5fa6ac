import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../config/storage-keys.ts';
import { FakeXhr } from '../features/turbine/test-xhr.ts';
import { i18n } from '../i18n/i18n.ts';
import { demoUser, fakeToken } from '../test/render.tsx';
import { ApiError } from './api-error.ts';
import * as sessionEvents from './session-events.ts';
import { uploadWithProgress } from './upload.ts';

const createRequest = () => new FakeXhr() as unknown as XMLHttpRequest;
const form = () => {
  const body = new FormData();
  body.append('year', '2025');
  return body;
};

beforeEach(() => {
  FakeXhr.reset();
  window.localStorage.setItem(STORAGE_KEYS.token, 'token-123');
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(demoUser()));
});
afterEach(() => vi.restoreAllMocks());

describe('uploadWithProgress (XMLHttpRequest: real upload progress)', () => {
  it('posts with the token, the language and a timestamp, and reports upload progress', async () => {
    await i18n.changeLanguage('en');
    const progress = vi.fn();
    const done = uploadWithProgress('/turbines/5/photos', form(), { onProgress: progress, createRequest });
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/^\/api\/turbines\/5\/photos\?_t=\d+$/);
    expect(xhr.headers.authorization).toBe('Bearer token-123');
    expect(xhr.headers['x-language']).toBe('en');
    expect(xhr.timeout).toBe(1_800_000);
    expect(xhr.body?.get('year')).toBe('2025');

    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    expect(progress.mock.calls).toEqual([[{ loaded: 250, total: 1000 }], [{ loaded: 1000, total: 1000 }]]);
    xhr.respond(201, { success: true, data: [], rejected: [], message: 'ok' });
    await expect(done).resolves.toEqual({ success: true, data: [], rejected: [], message: 'ok' });
  });

  it("rejects with the server's message and code", async () => {
    const done = uploadWithProgress('/turbines/5/photos', form(), { createRequest });
    FakeXhr.last().respond(409, { success: false, code: 'PHOTO_DUPLICATE_NAMES', message: 'Aynı isimde fotoğraflar zaten mevcut: a.jpg' });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'PHOTO_DUPLICATE_NAMES', message: 'Aynı isimde fotoğraflar zaten mevcut: a.jpg' });
  });

  it('falls back to "Sunucu hatası: {status}" for an answer without our envelope (a proxy\'s 413)', async () => {
    const done = uploadWithProgress('/turbines/5/photos', form(), { createRequest });
    FakeXhr.last().respond(413, '<html>Request Entity Too Large</html>');
    await expect(done).rejects.toMatchObject({ status: 413, code: 'HTTP_ERROR', message: 'Sunucu hatası: 413' });
  });

  it('treats a network failure as a connection problem', async () => {
    const done = uploadWithProgress('/turbines/5/photos', form(), { createRequest });
    FakeXhr.last().fail();
    const error = await done.catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect((error as ApiError).isConnectionProblem).toBe(true);
  });

  it('a 401 clears the session and hands over to the login redirect', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
    const emit = vi.spyOn(sessionEvents, 'emitUnauthorized').mockImplementation(() => undefined);
    const done = uploadWithProgress('/turbines/5/photos', form(), { createRequest });
    FakeXhr.last().respond(401, { success: false, code: 'SESSION_EXPIRED', message: 'Oturum sona erdi.' });
    await expect(done).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(emit).toHaveBeenCalled();
  });

  it('validates the answer against a schema', async () => {
    const schema = z.object({ success: z.literal(true), data: z.array(z.number()) });
    const good = uploadWithProgress('/x', form(), { createRequest, schema });
    FakeXhr.last().respond(201, { success: true, data: [1, 2] });
    await expect(good).resolves.toEqual({ success: true, data: [1, 2] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bad = uploadWithProgress('/x', form(), { createRequest, schema });
    FakeXhr.last().respond(201, { success: true, data: ['nope'] });
    await expect(bad).rejects.toMatchObject({ code: 'UNEXPECTED' });
  });

  it('aborts the request when the caller cancels', async () => {
    const controller = new AbortController();
    const done = uploadWithProgress('/x', form(), { createRequest, signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toBeDefined();
    expect(FakeXhr.last().aborted).toBe(true);
  });
});
