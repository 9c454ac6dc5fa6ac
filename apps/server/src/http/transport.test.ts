// Issue 22 items 2 and 3: plain HTTP and HTTPS both work (security headers by the scheme the page was served over,
// TLS_CERT_FILE with HTTP/2 and HTTP/1.1), and compressed, cacheable bytes (the build's .br/.gz copies by
// Accept-Encoding with Vary, immutable hashed assets, index.html revalidated, JSON answers over 1 KB compressed).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import { TUS_PATH } from '@windscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { tusMetadata } from '../../test/tus.ts';
import { demoTurbineIds, formBody, makeJpeg } from '../../test/uploads.ts';
import { loadConfig } from '../config.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { pickEncoding } from './json-compression.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'windscope-transport-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A built web app as the Vite build leaves it: index.html (with an inline head script) and a hashed asset, each with its
 *  .br and .gz copies, and the public pages prerendered in both languages (apps/web/scripts/prerender.mjs). */
const SCRIPT = `console.log(${JSON.stringify('windscope '.repeat(400))});\n`;
const INLINE = "\n      document.documentElement.setAttribute('data-mantine-color-scheme', 'light');\n    ";
const INDEX = `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div></body></html>`;
const prerendered = (language: string, heading: string) =>
  INDEX.replace('<html>', `<html lang="${language}" data-prerendered="${language}">`).replace(
    '<div id="root"></div>',
    `<div id="root"><h1>${heading}</h1>${'<p>Windscope</p>'.repeat(40)}</div>`,
  );
const PAGES = {
  'pages/tr/index.html': prerendered('tr', 'Rüzgar türbinleri'),
  'pages/en/index.html': prerendered('en', 'Wind turbines'),
  'pages/tr/login.html': prerendered('tr', 'Giriş Yap'),
  'pages/en/login.html': prerendered('en', 'Sign in'),
};
function writeDist(root: string) {
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'pages', 'tr'), { recursive: true });
  mkdirSync(path.join(root, 'pages', 'en'), { recursive: true });
  for (const [file, text] of [['index.html', INDEX], ['assets/index-AbC123xy.js', SCRIPT], ...Object.entries(PAGES)] as const) {
    writeFileSync(path.join(root, file), text);
    writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(root, `${file}.gz`), gzipSync(text));
  }
  writeFileSync(
    path.join(root, 'pages', 'pages.json'),
    JSON.stringify({
      '/': { tr: 'pages/tr/index.html', en: 'pages/en/index.html' },
      '/login': { tr: 'pages/tr/login.html', en: 'pages/en/login.html' },
    }),
  );
}
const webDist = path.join(dir, 'dist');
writeDist(webDist);

const hasUpgrade = (csp: unknown) => /upgrade-insecure-requests/.test(String(csp));

describe('security headers by the scheme the page was served over', () => {
  let plain: TestApp;
  let httpsPublic: TestApp;
  beforeAll(async () => {
    // one after the other: two apps starting at once on a busy machine can miss avvio's plugin timeout
    // a proxy at 127.0.0.1 (app.inject's address) is trusted; any other address is a client
    plain = await createTestApp({ seed: false, env: { TRUST_PROXY: '127.0.0.1' }, config: { webDist } });
    httpsPublic = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://windscope.example.com' }, config: { webDist } });
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), httpsPublic?.close()]);
  });

  it('plain HTTP: no upgrade-insecure-requests and no HSTS, on the page and the API', async () => {
    for (const url of ['/', '/login', '/api/health']) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(hasUpgrade(res.headers['content-security-policy'])).toBe(false);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('X-Forwarded-Proto: https from the trusted proxy: both', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(hasUpgrade(res.headers['content-security-policy'])).toBe(true);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('X-Forwarded-Proto: https from a client that is not a trusted proxy: neither', async () => {
    const res = await plain.app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '192.0.2.7',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(hasUpgrade(res.headers['content-security-policy'])).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('PUBLIC_URL https: both, whatever the request says', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await httpsPublic.app.inject({ method: 'GET', url });
      expect(hasUpgrade(res.headers['content-security-policy'])).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
  });

  describe('compressed, cacheable bytes', () => {
    const get = (url: string, headers: Record<string, string> = {}) => plain.app.inject({ method: 'GET', url, headers });

    it('a hashed asset: brotli, gzip or identity by Accept-Encoding, with Vary, cached for a year', async () => {
      const br = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
      const gz = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip, deflate' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
      const identity = await get('/assets/index-AbC123xy.js');
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(SCRIPT);
      for (const res of [br, gz, identity]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    });

    it('index.html for a deep link: compressed, no-cache, 304 to its ETag', async () => {
      const first = await get('/dashboard', { 'accept-encoding': 'br' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(first.rawPayload).toString()).toBe(INDEX);
      expect(first.headers['content-type']).toMatch(/^text\/html/);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/"/);
      const again = await get('/dashboard', { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect((await get('/dashboard')).body).toBe(INDEX);
    });

    it('a prerendered page in the language the app will use: the saved cookie, else the browser language, else Turkish', async () => {
      const cases: [Record<string, string>, string][] = [
        [{}, 'pages/tr/index.html'],
        [{ 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.8' }, 'pages/tr/index.html'],
        [{ 'accept-language': 'en-US,en;q=0.9,tr;q=0.8' }, 'pages/en/index.html'],
        [{ 'accept-language': 'de-DE' }, 'pages/en/index.html'],
        [{ 'accept-language': 'en-US', cookie: 'a=1; windscope.language=tr' }, 'pages/tr/index.html'],
        [{ 'accept-language': 'tr-TR', cookie: 'windscope.language=en' }, 'pages/en/index.html'],
        [{ cookie: 'windscope.language=de' }, 'pages/tr/index.html'],
      ];
      for (const [headers, file] of cases) {
        const res = await get('/', headers);
        expect(res.statusCode).toBe(200);
        expect(res.body, JSON.stringify(headers)).toBe(PAGES[file as keyof typeof PAGES]);
        expect(res.headers['content-language']).toBe(file.split('/')[1]);
      }
      const login = await get('/login', { cookie: 'windscope.language=en' });
      expect(login.body).toBe(PAGES['pages/en/login.html']);
    });

    it("a prerendered page: the build's brotli or gzip copy, no-cache, Vary on what chose it, 304 to its ETag", async () => {
      for (const [url, file] of [
        ['/', 'pages/en/index.html'],
        ['/login', 'pages/en/login.html'],
      ] as const) {
        const first = await get(url, { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-GB' });
        expect(first.statusCode).toBe(200);
        expect(first.headers['content-encoding']).toBe('br');
        expect(first.rawPayload).toEqual(readFileSync(path.join(webDist, `${file}.br`)));
        expect(first.headers['content-type']).toMatch(/^text\/html/);
        expect(first.headers['cache-control']).toBe('no-cache');
        expect(String(first.headers.vary).toLowerCase().split(/,\s*/).sort()).toEqual(['accept-encoding', 'accept-language', 'cookie']);
        const etag = String(first.headers.etag);
        const again = await get(url, { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-GB', 'if-none-match': etag });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        const gzip = await get(url, { 'accept-encoding': 'gzip', 'accept-language': 'en-GB' });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gzip.rawPayload).toString()).toBe(PAGES[file]);
      }
      // a query string changes nothing on the server (the app draws /login?next= afresh over the page)
      expect((await get('/login?next=%2Fdashboard', { 'accept-language': 'en' })).body).toBe(PAGES['pages/en/login.html']);
    });

    it("the CSP allows index.html's inline script by its hash, and no other inline script", async () => {
      const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
      for (const url of ['/', '/dashboard', '/api/health']) {
        const csp = String((await get(url)).headers['content-security-policy']);
        const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
        expect(scriptSrc?.trim()).toBe(`script-src 'self' ${hash}`);
      }
    });

    it('JSON over 1 KB is compressed (br, gzip) with Vary; under 1 KB and without Accept-Encoding it is not', async () => {
      // the Swagger UI's copy of the API document: a JSON answer the hook compresses per request
      const plainDocs = await get('/api/docs/json');
      expect(plainDocs.headers['content-type']).toMatch(/^application\/json/);
      expect(plainDocs.headers['content-encoding']).toBeUndefined();
      expect(plainDocs.body.length).toBeGreaterThan(1024);
      expect(String(plainDocs.headers.vary)).toMatch(/accept-encoding/i);
      const br = await get('/api/docs/json', { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plainDocs.body);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(plainDocs.body.length / 3);
      const gz = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plainDocs.body);
      const refused = await get('/api/docs/json', { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();

      const small = await get('/api/health', { 'accept-encoding': 'gzip, br' });
      expect(small.body.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toMatchObject({ success: true });
    });

    it('/api/openapi.json is compressed once (brotli and gzip at their top levels), served by Accept-Encoding with Vary and an ETag', async () => {
      const plainDoc = await get('/api/openapi.json');
      expect(plainDoc.statusCode).toBe(200);
      expect(plainDoc.headers['content-type']).toMatch(/^application\/json/);
      expect(plainDoc.headers['content-encoding']).toBeUndefined();
      expect(plainDoc.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
      const br = await get('/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br, zstd' });
      const gz = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plainDoc.body);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plainDoc.body);
      // kept at the top levels, not the per-request ones of the JSON hook (brotli 4, gzip 6)
      expect(br.rawPayload.length).toBeLessThan(
        brotliCompressSync(plainDoc.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }).length,
      );
      expect(gz.rawPayload.length).toBeLessThanOrEqual(gzipSync(plainDoc.body, { level: 6 }).length);
      for (const res of [plainDoc, br, gz]) {
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(res.headers.etag).toBe(plainDoc.headers.etag);
      }
      // the same bytes every time (kept, not made again)
      expect((await get('/api/openapi.json', { 'accept-encoding': 'br' })).rawPayload.equals(br.rawPayload)).toBe(true);
      const again = await get('/api/openapi.json', { 'accept-encoding': 'br', 'if-none-match': String(plainDoc.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const refused = await get('/api/openapi.json', { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body).toBe(plainDoc.body);
    });
  });
});

describe('TLS configuration', () => {
  it('TLS_CERT_FILE and TLS_KEY_FILE go together; with them the default PUBLIC_URL is https', () => {
    expect(() => loadConfig({ DATA_DIR: dir, TLS_CERT_FILE: '/etc/cert.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    expect(() => loadConfig({ DATA_DIR: dir, TLS_KEY_FILE: '/etc/key.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    const config = loadConfig({ DATA_DIR: dir, PORT: '8443', TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: 'key.pem' });
    expect(config.tls).toEqual({ certFile: path.resolve('cert.pem'), keyFile: path.resolve('key.pem') });
    expect(config.publicUrl).toBe('https://127.0.0.1:8443');
    expect(loadConfig({ DATA_DIR: dir }).tls).toBeUndefined();
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['', null],
  ])('%j → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

/** A certificate for 127.0.0.1 and localhost, made now with the system's openssl. */
function makeCertificate(where: string) {
  const key = path.join(where, 'key.pem');
  const cert = path.join(where, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key, cert };
}

interface H2Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
}

describe('TLS_CERT_FILE / TLS_KEY_FILE: HTTPS with HTTP/2 and HTTP/1.1', () => {
  let t: TestApp;
  let origin: string;
  let ca: Buffer;
  let session: http2.ClientHttp2Session;
  let token: string;

  const h2 = (headers: http2.OutgoingHttpHeaders, body?: Buffer | string): Promise<H2Answer> =>
    new Promise((resolve, reject) => {
      const stream = session.request(headers);
      const chunks: Buffer[] = [];
      let answer: http2.IncomingHttpHeaders = {};
      stream.on('response', (h) => {
        answer = h;
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) }));
      stream.on('error', reject);
      stream.end(body);
    });
  const authed = (headers: http2.OutgoingHttpHeaders) => ({ authorization: `Bearer ${token}`, ...headers });

  beforeAll(async () => {
    const where = path.join(dir, 'tls');
    mkdirSync(where);
    const files = makeCertificate(where);
    ca = readFileSync(files.cert);
    t = await createTestApp({
      env: { TLS_CERT_FILE: files.cert, TLS_KEY_FILE: files.key, BODY_IDLE_TIMEOUT_SECONDS: '0.5' },
      config: { webDist },
    });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    session = http2.connect(origin, { ca });
    const login = await h2(
      { ':method': 'POST', ':path': '/api/auth/login', 'content-type': 'application/json' },
      JSON.stringify({ email: DEMO.egeAdmin, password: DEMO_PASSWORD }),
    );
    expect(login.status).toBe(200);
    token = JSON.parse(login.body.toString()).token;
  });
  afterAll(async () => {
    session?.close();
    await t?.close();
  });

  it('listens on https, speaks h2, with HSTS and upgrade-insecure-requests; the page comes in brotli', async () => {
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(session.alpnProtocol).toBe('h2');
    const page = await h2({ ':path': '/dashboard', 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toBe(INDEX);
    expect(hasUpgrade(page.headers['content-security-policy'])).toBe(true);
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('answers HTTP/1.1 clients on the same port', async () => {
    const res = await new Promise<{ status: number; version: string; body: string; hsts: unknown }>((resolve, reject) => {
      https
        .get(`${origin}/api/health`, { ca }, (answer) => {
          let body = '';
          answer.on('data', (chunk) => {
            body += chunk;
          });
          answer.on('end', () =>
            resolve({
              status: answer.statusCode ?? 0,
              version: answer.httpVersion,
              body,
              hsts: answer.headers['strict-transport-security'],
            }),
          );
        })
        .on('error', reject);
    });
    expect(res).toMatchObject({ status: 200, version: '1.1', hsts: expect.stringMatching(/max-age/) });
    expect(JSON.parse(res.body)).toMatchObject({ success: true });
  });

  it('over h2: a streamed multipart upload, a ranged download, a compressed JSON list', async () => {
    const [turbineId] = await demoTurbineIds(t, token);
    const original = await makeJpeg(800, 600);
    const form = await formBody({ room: 1, year: 2024, blade: 'A' }, [{ name: 'h2.jpg', bytes: original }]);
    const upload = await h2(authed({ ':method': 'POST', ':path': `/api/turbines/${turbineId}/photos`, ...form.headers }), form.payload);
    expect(upload.status).toBe(201);
    const photo = JSON.parse(upload.body.toString()).data[0] as { urls: { original: string } };

    const range = await h2({ ':path': photo.urls.original, range: 'bytes=0-99', 'accept-encoding': 'br, gzip' });
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${original.length}`);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.equals(original.subarray(0, 100))).toBe(true);
    const whole = await h2({ ':path': photo.urls.original, 'accept-encoding': 'br, gzip' });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body.equals(original)).toBe(true);

    const list = await h2(authed({ ':path': `/api/turbines/${turbineId}/photos`, 'accept-encoding': 'br, gzip' }));
    expect(list.status).toBe(200);
    expect(['br', 'gzip']).toContain(list.headers['content-encoding']);
  });

  it('over h2: a resumable (tus) upload in two PATCHes', async () => {
    const [turbineId] = await demoTurbineIds(t, token);
    const bytes = await makeJpeg(640, 480, { seed: 7 });
    const created = await h2(
      authed({
        ':method': 'POST',
        ':path': TUS_PATH,
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': tusMetadata({ filename: 'tus-h2.jpg', turbine_id: turbineId, year: 2024, blade: 'B', room: 2 }),
      }),
    );
    expect(created.status).toBe(201);
    const id = String(created.headers.location).split('/').pop();
    const half = Math.floor(bytes.length / 2);
    const patch = (offset: number, part: Buffer) =>
      h2(
        authed({
          ':method': 'PATCH',
          ':path': `${TUS_PATH}/${id}`,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        }),
        part,
      );
    const first = await patch(0, bytes.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    const last = await patch(half, bytes.subarray(half));
    expect(last.status).toBe(200);
    expect(JSON.parse(last.body.toString())).toMatchObject({ success: true });
  });

  it('over h2: a body that stops arriving gets 408 and only its stream ends', async () => {
    const stream = session.request({
      ':method': 'POST',
      ':path': '/api/contact',
      'content-type': 'application/json',
      'content-length': '100',
    });
    stream.write('{"name":');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      let status = 0;
      let body = '';
      stream.on('response', (h) => {
        status = Number(h[':status']);
      });
      stream.on('data', (chunk) => {
        body += chunk;
      });
      stream.on('close', () => resolve({ status, body }));
      stream.on('error', reject);
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT' });
    // the connection still serves
    const after = await h2({ ':path': '/api/health' });
    expect(after.status).toBe(200);
  });
  it('over h2: a refused upload still sending (401) gets its answer, then only its stream is closed', async () => {
    const stream = session.request({
      ':method': 'PATCH',
      ':path': `${TUS_PATH}/0123456789abcdef0123456789abcdef`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    });
    const trickle = setInterval(() => {
      if (!stream.destroyed && stream.writable) stream.write('x');
    }, 100);
    const started = Date.now();
    const answer = await new Promise<{ status: number; answeredAt: number; closedAt: number }>((resolve) => {
      let status = 0;
      let answeredAt = 0;
      stream.on('response', (h) => {
        status = Number(h[':status']);
        answeredAt = Date.now() - started;
      });
      stream.on('data', () => {});
      stream.on('error', () => {});
      stream.on('close', () => resolve({ status, answeredAt, closedAt: Date.now() - started }));
    });
    clearInterval(trickle);
    expect(answer.status).toBe(401);
    expect(answer.closedAt - answer.answeredAt).toBeLessThan(2_000);
    const after = await h2({ ':path': '/api/health' });
    expect(after.status).toBe(200);
  });
});
