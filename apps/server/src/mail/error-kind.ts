import type { MailErrorKind } from '@windscope/contract';

/** Node's network error codes that mean the mail server could not be reached (down, wrong host or port, no route,
 *  dropped connection, TLS handshake refused). */
const UNREACHABLE = new Set([
  'ECONNECTION',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EPROXY',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
const TIMED_OUT = new Set(['ETIMEDOUT', 'ETIMEOUT', 'ESOCKETTIMEDOUT']);
/** SMTP replies about the sender's credentials (RFC 4954): authentication required, too weak, failed, expired. */
const AUTH_REPLIES = new Set([530, 534, 535, 538]);

interface SendError {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  cause?: unknown;
}

/** What kind of failure an e-mail send met (nodemailer's error codes and SMTP replies), for the superadmin's outbox
 *  page to say in words; the raw text is kept beside it as the detail. */
export function mailErrorKind(error: unknown): MailErrorKind {
  if (typeof error !== 'object' || error === null) return 'other';
  const { code, command, responseCode, cause } = error as SendError;
  const reply = typeof responseCode === 'number' ? responseCode : null;
  if (code === 'EAUTH' || code === 'ENOAUTH' || code === 'EOAUTH2' || (reply !== null && AUTH_REPLIES.has(reply))) return 'authentication';
  if (typeof code === 'string' && TIMED_OUT.has(code)) return 'timeout';
  if (typeof code === 'string' && UNREACHABLE.has(code)) return 'connection';
  if (code === 'EENVELOPE') return command === 'MAIL FROM' || /sender/i.test(String((error as Error).message)) ? 'sender' : 'recipient';
  if (code === 'EMESSAGE' || (reply !== null && reply >= 400)) return 'message';
  // a wrapped network error (the cause carries Node's code)
  if (cause && cause !== error) {
    const inner = mailErrorKind(cause);
    if (inner !== 'other') return inner;
  }
  return 'other';
}
