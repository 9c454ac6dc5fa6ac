/** Writes a contract message code in the current language. The catalog (every server message in both languages)
 *  registers itself from i18n/message-code.ts, which every screen showing server messages loads (forms, data layout):
 *  the API client stays free of it, and so does the home page's budget. Until then, messages stay as received. */
type MessageWriter = (code: string, params?: MessageParams) => string | undefined;
let writeMessage: MessageWriter = () => undefined;
export function registerMessageWriter(writer: MessageWriter) {
  writeMessage = writer;
}

/** Codes the client gives to failures that never reached a server answer; server answers keep the server's code. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  unexpected: 'UNEXPECTED',
  http: 'HTTP_ERROR',
} as const;

export type MessageParams = Record<string, string | number>;

export interface ApiErrorDetail {
  field: string;
  code: string;
  message: string;
}

/** A message as it was received, or how to write it again in the current language. */
export type MessageSource = string | (() => string);

/** Every failed API call rejects with this. `message` is ready to show and always in the current language:
 *  a server answer with a contract message code (and its params) is written again from the code, so a message
 *  already on screen follows a language switch; the server's own text is the fallback for codes this app does not
 *  know. Keep the error (not its message) in state and read `message` when rendering. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived (network failure, timeout). */
  readonly status: number;
  /** The server's message code (e.g. LOGIN_FAILED) or one of CLIENT_ERROR_CODES. */
  readonly code: string;
  readonly params: MessageParams;
  readonly details: ApiErrorDetail[];

  constructor(status: number, code: string, message: MessageSource, details: ApiErrorDetail[] = [], params: MessageParams = {}) {
    super(typeof message === 'string' ? message : message());
    this.status = status;
    this.code = code;
    this.params = params;
    this.details = details.map((detail) => localizedDetail(detail));
    const received = message;
    Object.defineProperty(this, 'message', {
      get: () => localizedMessage(code, params, received),
      enumerable: false,
      configurable: true,
    });
  }

  /** No answer from the server at all. */
  get isConnectionProblem(): boolean {
    return this.code === CLIENT_ERROR_CODES.network || this.code === CLIENT_ERROR_CODES.timeout;
  }
}

/** The code's message in the current language when every placeholder has its param; otherwise what was received. */
export function localizedMessage(code: string, params: MessageParams, received: MessageSource): string {
  const fallback = typeof received === 'string' ? received : received();
  const written = writeMessage(code, params);
  return written !== undefined && !/\{\w+(?:\|\w+)?\}/.test(written) ? written : fallback;
}

function localizedDetail(detail: ApiErrorDetail): ApiErrorDetail {
  const received = detail.message;
  return {
    field: detail.field,
    code: detail.code,
    get message() {
      return localizedMessage(detail.code, {}, received);
    },
  };
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
