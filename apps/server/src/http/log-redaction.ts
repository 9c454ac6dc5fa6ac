import pino from 'pino';

/** What may never reach a log line: password hashes, signed tokens, e-mail addresses, long random strings (reset-link
 *  tokens, session ids, SHA-256 digests). */
const SECRET_PATTERNS: RegExp[] = [
  /\$argon2[a-z]*\$[^\s,'")]+/gi,
  /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g,
  /[^\s@,'"()<>=]+@[^\s@,'"()<>=]+\.[^\s@,'"()<>=]+/g,
  /\b[A-Za-z0-9_-]{32,}\b/g,
];
const REDACTED = '[redacted]';

export function redactText(text: string): string {
  // drizzle's "Failed query: …\nparams: a,b,c": the parameters go whole, whatever they look like
  let out = text.replace(/(\bparams:)[^\n]*/g, `$1 ${REDACTED}`);
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}

/** Query parameters are the values a statement was given (hashes, e-mails, tokens): dropped under any of these names. */
const PARAMETER_KEYS = new Set(['params', 'parameters', 'values', 'bind']);

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = PARAMETER_KEYS.has(key) ? REDACTED : redactValue(item, depth + 1);
  }
  return out;
}

/** pino's error serializer, then every string of the result (message, stack, the query, the driver's `detail` such as
 *  "Key (lower(email))=(a@b.example) already exists", causes) scrubbed and every query parameter dropped. */
export function redactedErrorSerializer(error: Error): pino.SerializedError {
  return redactValue(pino.stdSerializers.err(error), 0) as pino.SerializedError;
}
