import { UPLOAD_TIMEOUT_MS } from '@windscope/contract';
import type { ZodType } from 'zod';
import { i18n } from '../i18n/i18n.ts';
import { ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { apiHeaders, buildUrl, errorFromResponse, failureFrom, handleUnauthorized } from './client.ts';

export interface UploadProgress {
  /** bytes of the request body sent so far */
  loaded: number;
  /** size of the whole request body (multipart overhead included) */
  total: number;
}

export interface UploadRequestOptions<T> {
  query?: Record<string, string | number | undefined>;
  /** called from the browser's upload progress events (fetch has none) */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** default: the spec's photo upload timeout (30 min) */
  timeoutMs?: number;
  /** validates the whole answer (`{ success, data, rejected, message }`); a mismatch is an unexpected error */
  schema?: ZodType<T>;
  /** builds the request; tests hand in a fake */
  createRequest?: () => XMLHttpRequest;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** POSTs a multipart body with XMLHttpRequest so that upload progress is real (spec §2: progress per file and overall).
 *  Same token, X-Language, `_t`, 401 handling and error messages as api/client.ts; resolves to the whole answer. */
export function uploadWithProgress<T>(path: string, body: FormData, options: UploadRequestOptions<T> = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = options.createRequest?.() ?? new XMLHttpRequest();
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      action();
    };
    const onAbort = () => {
      xhr.abort();
      finish(() => reject(options.signal?.reason ?? new DOMException('Aborted', 'AbortError')));
    };
    if (options.signal?.aborted) {
      reject(options.signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });

    xhr.open('POST', buildUrl(path, 'POST', options.query));
    apiHeaders().forEach((value, key) => {
      xhr.setRequestHeader(key, value);
    });
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onerror = () => finish(() => reject(new ApiError(0, CLIENT_ERROR_CODES.network, () => i18n.t('errors.network'))));
    xhr.ontimeout = () => finish(() => reject(new ApiError(0, CLIENT_ERROR_CODES.timeout, () => i18n.t('errors.timeout'))));
    xhr.onload = () =>
      finish(() => {
        const answer = parseJson(xhr.responseText);
        const ok = xhr.status >= 200 && xhr.status < 300 && failureFrom(answer).success !== false;
        if (!ok) {
          if (xhr.status === 401) handleUnauthorized(true);
          reject(errorFromResponse(xhr.status, answer));
          return;
        }
        if (typeof answer !== 'object' || answer === null) {
          reject(new ApiError(xhr.status, CLIENT_ERROR_CODES.unexpected, () => i18n.t('errors.unexpected')));
          return;
        }
        if (!options.schema) {
          resolve(answer as T);
          return;
        }
        const parsed = options.schema.safeParse(answer);
        if (parsed.success) resolve(parsed.data);
        else {
          console.error(`Unexpected answer from POST ${path}`, parsed.error.issues);
          reject(new ApiError(xhr.status, CLIENT_ERROR_CODES.unexpected, () => i18n.t('errors.unexpected')));
        }
      });
    xhr.send(body);
  });
}
