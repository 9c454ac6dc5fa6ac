import type { MessageCode, MessageParamName, MessageParams, PlainMessageCode } from '@windscope/contract';

/** The arguments after a code: its params, required with every placeholder of its message when it has any (so no
 *  answer shows a `{name}`; the type is taken from the message catalog), then what else the answer carries. */
type ErrorArgs<C extends MessageCode> = [MessageParamName<C>] extends [never]
  ? [params?: Record<string, never>, extra?: Record<string, unknown>]
  : [params: MessageParams<C>, extra?: Record<string, unknown>];

/** A failure the client may see: a status, a stable code and the parameters of its message. */
export class AppError<C extends MessageCode = MessageCode> extends Error {
  readonly params: Record<string, string | number>;
  readonly extra: Record<string, unknown>;
  constructor(
    readonly status: number,
    readonly code: C,
    ...[params, extra]: ErrorArgs<C>
  ) {
    super(code);
    this.name = 'AppError';
    this.params = params ?? {};
    this.extra = extra ?? {};
  }
}

export const badRequest = <C extends MessageCode = 'VALIDATION'>(code: C = 'VALIDATION' as C, ...params: ParamsArg<C>) =>
  new AppError(400, code, ...(params as ErrorArgs<C>));
export const unauthorized = (code: PlainMessageCode = 'UNAUTHORIZED') => new AppError(401, code);
export const forbidden = (code: PlainMessageCode = 'FORBIDDEN') => new AppError(403, code);
export const notFound = (code: PlainMessageCode = 'NOT_FOUND') => new AppError(404, code);
export const conflict = <C extends MessageCode>(code: C, ...params: ParamsArg<C>) => new AppError(409, code, ...(params as ErrorArgs<C>));
export const unprocessable = <C extends MessageCode>(code: C, ...params: ParamsArg<C>) =>
  new AppError(422, code, ...(params as ErrorArgs<C>));
export const serviceUnavailable = (code: PlainMessageCode = 'SERVICE_UNAVAILABLE') => new AppError(503, code);
/** 429 with Retry-After; `code` a message with a `{seconds}` parameter saying what was limited (RATE_LIMITED by default). */
export const tooManyRequests = (
  retryAfterSeconds: number,
  code: 'RATE_LIMITED' | 'SETUP_RATE_LIMITED' | 'API_TOKEN_RATE_LIMITED' = 'RATE_LIMITED',
) => new AppError(429, code, { seconds: retryAfterSeconds }, { retryAfterSeconds });

/** A code's params alone (the helpers above): required with every placeholder when its message has any. */
type ParamsArg<C extends MessageCode> = [MessageParamName<C>] extends [never]
  ? [params?: Record<string, never>]
  : [params: MessageParams<C>];

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
