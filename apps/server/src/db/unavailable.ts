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

/** True when the error says the database cannot be reached right now (stopped, restarting, crashed, unreachable),
 *  not that the query was wrong: the answer is then 503, and the same request succeeds once it is back.
 *  Looks through `cause` (drizzle wraps driver errors in its own). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = String((current as { code?: unknown }).code ?? '');
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The short reason for a log line: the code when there is one, else the message. */
export function unavailableReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && code) return typeof message === 'string' && message ? `${code}: ${message}` : code;
    const next = (current as { cause?: unknown }).cause;
    if (!next) return typeof message === 'string' ? message : String(current);
    current = next;
  }
  return String(error);
}
