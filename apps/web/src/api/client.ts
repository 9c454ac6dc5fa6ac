import { API_BASE, type ApiFailure, type ApiSuccess, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '@windscope/contract';
import type { ZodType } from 'zod';
import { paths } from '../app/paths.ts';
import { authStore } from '../features/auth/auth-store.ts';
import { currentPathWithSearch } from '../features/auth/redirect.ts';
import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { ApiError, type ApiErrorDetail, CLIENT_ERROR_CODES } from './api-error.ts';
import { emitUnauthorized } from './session-events.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** JSON-encoded, except FormData and Blob bodies which go as they are (uploads). */
  body?: unknown;
  /** Uploads are exempt from the 10 s timeout (spec §9: they get UPLOAD_TIMEOUT_MS). */
  upload?: boolean;
  /** Overrides the timeout in ms. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** false for the login call: its 401 means a wrong password, not an expired session. */
  redirectOnUnauthorized?: boolean;
  /** Validates `data` against a contract schema; a mismatch is an unexpected error. */
  schema?: ZodType<T>;
}

export function buildUrl(path: string, method: HttpMethod, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  // spec §7: non-GET calls carry a timestamp so no cache between us and the server replays them
  if (method !== 'GET') params.set('_t', String(Date.now()));
  const search = params.toString();
  return `${API_BASE}${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`;
}

/** Accept, X-Language and the bearer token: the headers of every API call (also the XHR uploader, api/upload.ts). */
export function apiHeaders(): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-Language': currentLanguage() });
  const token = authStore.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function buildInit(method: HttpMethod, body: unknown, signal: AbortSignal): RequestInit {
  const headers = apiHeaders();
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  return { method, headers, body: payload, signal };
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function failureFrom(body: unknown): Partial<ApiFailure> {
  return typeof body === 'object' && body !== null ? (body as Partial<ApiFailure>) : {};
}

export function errorFromResponse(status: number, body: unknown): ApiError {
  const failure = failureFrom(body);
  const message =
    typeof failure.message === 'string' && failure.message ? failure.message : () => i18n.t('errors.serverStatus', { status });
  const details: ApiErrorDetail[] = Array.isArray(failure.details) ? failure.details : [];
  const params = typeof failure.params === 'object' && failure.params !== null ? failure.params : {};
  return new ApiError(status, typeof failure.code === 'string' ? failure.code : CLIENT_ERROR_CODES.http, message, details, params);
}

export function handleUnauthorized(redirect: boolean) {
  if (!redirect || window.location.pathname === paths.login) return;
  authStore.clear();
  emitUnauthorized(currentPathWithSearch());
}

/** One call to the API: envelope in, typed envelope out, every failure an ApiError with a message to show. */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<ApiSuccess<T>> {
  const method = options.method ?? 'GET';
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? (options.upload ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, method, options.query), buildInit(method, options.body, controller.signal));
    } catch (error) {
      if (timedOut) throw new ApiError(0, CLIENT_ERROR_CODES.timeout, () => i18n.t('errors.timeout'));
      if (options.signal?.aborted) throw error; // the caller cancelled (e.g. React Query): not a failure to report
      throw new ApiError(0, CLIENT_ERROR_CODES.network, () => i18n.t('errors.network'));
    }
    const body = await readJson(response);
    if (!response.ok || failureFrom(body).success === false) {
      if (response.status === 401) handleUnauthorized(options.redirectOnUnauthorized ?? true);
      throw errorFromResponse(response.status, body);
    }
    if (response.status === 204) return { success: true, data: undefined as T };
    if (typeof body !== 'object' || body === null)
      throw new ApiError(response.status, CLIENT_ERROR_CODES.unexpected, () => i18n.t('errors.unexpected'));
    const envelope = body as ApiSuccess<unknown>;
    if (!options.schema) return envelope as ApiSuccess<T>;
    const parsed = options.schema.safeParse(envelope.data);
    if (!parsed.success) {
      console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
      throw new ApiError(response.status, CLIENT_ERROR_CODES.unexpected, () => i18n.t('errors.unexpected'));
    }
    return { ...envelope, data: parsed.data };
  } catch (error) {
    if (error instanceof ApiError || options.signal?.aborted) throw error;
    throw new ApiError(0, CLIENT_ERROR_CODES.unexpected, () => i18n.t('errors.unexpected'));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/** Shorthands; each resolves to the envelope `{ success, data, message }`. */
export const api = {
  get: <T>(path: string, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Options<T> & { body?: unknown }) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
