import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { formatMessage, type Language, type MessageCode } from '@windscope/contract';

export interface ApiAnswer {
  /** the HTTP status, or 0 when no answer came (connection refused or reset, or the time limit passed) */
  status: number;
  body: unknown;
  /** how long the answer took */
  ms: number;
  /** when the request was sent (Date.now()) */
  startedAt: number;
  /** the network failure, when there was no answer */
  error?: string;
}

export interface ApiCall {
  method?: string;
  token?: string;
  /** sends X-Language: en; Turkish is the default and is what a request without the header gets */
  lang?: Language;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** give up after this long (a hung request is an answer of status 0); 20 s unless told */
  timeoutMs?: number;
}

/** One request to a running server, timed; never throws (a network failure is an answer of status 0). */
export async function apiCall(baseUrl: string, path: string, call: ApiCall = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.lang === 'en') headers['x-language'] = 'en';
  if (call.json !== undefined) headers['content-type'] = 'application/json';
  const startedAt = Date.now();
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method: call.method ?? (call.json !== undefined || call.body ? 'POST' : 'GET'),
      headers,
      body: call.json !== undefined ? JSON.stringify(call.json) : call.body,
      signal: AbortSignal.timeout(call.timeoutMs ?? 20_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body, ms: Date.now() - startedAt, startedAt };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, body: null, ms: Date.now() - startedAt, startedAt, error: cause?.code ?? String(error) };
  }
}

/** The error envelope the API promises: { success: false, code, message } in the request's language. */
export function isErrorEnvelope(body: unknown, code: MessageCode, lang: Language): boolean {
  const b = body as { success?: unknown; code?: unknown; message?: unknown } | null;
  return b?.success === false && b.code === code && b.message === formatMessage(code, lang);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns true, or fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000, everyMs = 100): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** true while the process with this pid exists */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** the body as sent (still gzip- or brotli-compressed when content-encoding says so) */
  raw: Buffer;
  /** the body, decompressed */
  body: Buffer;
  text(): string;
  json<T = Record<string, unknown>>(): T;
}

export interface HttpOptions {
  method?: string;
  headers?: Record<string, string>;
  /** a JSON body (content-type set) */
  json?: unknown;
  body?: Buffer;
  token?: string;
  /** the client's own address: any of 127.0.0.0/8 on Linux, so one test can be several clients behind the balancer */
  localAddress?: string;
}

/** One HTTP request with node:http: no automatic decompression (so content-encoding can be checked), a chosen source
 *  address, no connection reuse (every request is a new client connection). */
export function http(url: string, options: HttpOptions = {}): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    body = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] = 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers, localAddress: options.localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          raw,
          body: decoded,
          text: () => decoded.toString('utf8'),
          json: <T>() => JSON.parse(decoded.toString('utf8')) as T,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Signs in and returns the bearer token; fails with the answer when the sign-in does not succeed. */
export async function signIn(baseUrl: string, email: string, password = 'demo1234', options: HttpOptions = {}): Promise<string> {
  const res = await http(`${baseUrl}/api/auth/login`, { ...options, method: 'POST', json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} on ${baseUrl}: ${res.status} ${res.text()}`);
  return res.json<{ token: string }>().token;
}
