/** Network failures on the way to the database (refused, reset, unreachable, name not resolving yet). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** SQLSTATEs of a server going away or not taking sessions: admin/crash shutdown, starting up, too many connections;
 *  class 08 (connection exception) is matched as a class. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres reports a dropped or timed-out connection as a plain Error, without a code. */
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout)/;

/** The error and the errors it was caused by, outermost first (drizzle wraps driver errors in its own); at most five. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown; cause?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    yield current as { code?: unknown; message?: unknown; cause?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** True when the error says the database cannot be reached right now (stopped, restarting, crashed, unreachable),
 *  not that the query was wrong: the answer is then 503, and the same request succeeds once it is back. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code: raw, message } of causes(error)) {
    const code = String(raw ?? '');
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}

/** The short reason for a log line: the first code in the chain (with its message), else the innermost message. */
export function unavailableReason(error: unknown): string {
  let reason = String(error);
  for (const current of causes(error)) {
    const { code, message } = current;
    if (typeof code === 'string' && code) return typeof message === 'string' && message ? `${code}: ${message}` : code;
    reason = typeof message === 'string' ? message : String(current);
  }
  return reason;
}
