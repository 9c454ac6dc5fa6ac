import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** the body as sent (still gzip-compressed when content-encoding says so) */
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
        const decoded = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
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
