import type { MessageCode } from '@windscope/contract';

/** A failure the client may see: a status, a stable code and the parameters of its message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    readonly params: Record<string, string | number> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: MessageCode = 'VALIDATION', params?: Record<string, string | number>) => new AppError(400, code, params);
export const unauthorized = (code: MessageCode = 'UNAUTHORIZED') => new AppError(401, code);
export const forbidden = (code: MessageCode = 'FORBIDDEN') => new AppError(403, code);
export const notFound = (code: MessageCode = 'NOT_FOUND') => new AppError(404, code);
export const conflict = (code: MessageCode, params?: Record<string, string | number>) => new AppError(409, code, params);
export const unprocessable = (code: MessageCode, params?: Record<string, string | number>) => new AppError(422, code, params);
export const serviceUnavailable = (code: MessageCode = 'SERVICE_UNAVAILABLE') => new AppError(503, code);
/** 429 with Retry-After; `code` a message with a `{seconds}` parameter saying what was limited (RATE_LIMITED by default). */
export const tooManyRequests = (retryAfterSeconds: number, code: MessageCode = 'RATE_LIMITED') =>
  new AppError(429, code, { seconds: retryAfterSeconds }, { retryAfterSeconds });

/** Whether a database error (either driver, PGlite too, anywhere in the cause chain) has this SQLSTATE code. */
function hasSqlState(error: unknown, code: string): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && (e as { code?: string }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Postgres unique violation (23505). */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');
/** Postgres foreign key violation (23503): the row referred to is gone (a turbine deleted while an upload to it ran). */
export const isForeignKeyViolation = (error: unknown): boolean => hasSqlState(error, '23503');
