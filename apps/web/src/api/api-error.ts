/** Codes the client gives to failures that never reached a server answer; server answers keep the server's code. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  unexpected: 'UNEXPECTED',
  http: 'HTTP_ERROR',
} as const;

export interface ApiErrorDetail {
  field: string;
  code: string;
  message: string;
}

/** Every failed API call rejects with this. `message` is ready to show, in the current language. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived (network failure, timeout). */
  readonly status: number;
  /** The server's message code (e.g. LOGIN_FAILED) or one of CLIENT_ERROR_CODES. */
  readonly code: string;
  readonly details: ApiErrorDetail[];

  constructor(status: number, code: string, message: string, details: ApiErrorDetail[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** No answer from the server at all. */
  get isConnectionProblem(): boolean {
    return this.code === CLIENT_ERROR_CODES.network || this.code === CLIENT_ERROR_CODES.timeout;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
