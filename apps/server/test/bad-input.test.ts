/**
 * Bad input on every route of route-table.ts: malformed, oversize, mistyped, incomplete or padded bodies,
 * prototype keys, NUL bytes, unknown and non-numeric ids. Each must answer a 4xx envelope, never a 5xx,
 * and leave every table as it was. Also: security headers, and no stack trace or SQL in any error.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { UserRow } from '../src/users/presenter.ts';
import { actorOf, countRows, databaseFingerprint, type DemoCompanies, demoCompanies, sessionFor, userByEmail } from './factories.ts';
import { expectCleanRefusal, expectNothingInternal } from './expectations.ts';
import { createTestApp, DEMO, type TestApp } from './harness.ts';
import { fillPath, type PreparedCall, ROUTE_CASES, type RouteCase } from './route-table.ts';
import { companies, users } from '../src/db/schema.ts';

let t: TestApp;
let ids: DemoCompanies;
let superadmin: UserRow;
let token: string;

beforeAll(async () => {
  // report jobs stay queued: a job worked in the background would change the database between a refusal's snapshots
  t = await createTestApp({ config: { reportWorkers: 0 } });
  ids = await demoCompanies(t);
  superadmin = await userByEmail(t, DEMO.superadmin);
  token = await sessionFor(t, superadmin);
});
afterAll(async () => {
  await t?.close();
});

interface Variant {
  label: string;
  request: InjectOptions;
  /** the refusal this variant must get, when the route's row says */
  expected?: { status?: number; code?: string };
}

const BAD_IDS = [
  'abc',
  '1 OR 1=1',
  "1'; DROP TABLE users; --",
  '-1',
  '0',
  '1.5',
  '1e3',
  ' 1',
  '\u0000',
  '99999999999',
  '2147483648',
  '999999',
];
const MALFORMED_JSON = ['{"name":', '{name: 1}', "{'a': 1}", '{"a": 1,}', 'nul', '\u0000'];

const json = (payload: string): Pick<InjectOptions, 'payload' | 'headers'> => ({
  payload,
  headers: { 'content-type': 'application/json' },
});

function wrongTypesFor(value: unknown): unknown[] {
  if (typeof value === 'string') return [12345, true, [], {}, [value]];
  if (typeof value === 'number') return [String(value), true, [], {}, value + 0.5];
  if (typeof value === 'boolean') return ['true', 1, [], {}];
  return [];
}

/** The text fields that keep line breaks (the contract's multiLineText); every other text field is a single line. */
const MULTI_LINE_FIELDS = new Set(['comment', 'notes', 'reason', 'message', 'address']);

const deeplyNested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** A field is required when the contract schema refuses it missing. */
function requiredFields(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
}

function variantsFor(method: string, template: string, route: RouteCase, prepared: PreparedCall): Variant[] {
  const url = fillPath(template, prepared.params) + (prepared.query ?? '');
  const base = { method: method as InjectOptions['method'], url };
  const variants: Variant[] = [];

  for (const name of Object.keys(prepared.params ?? {})) {
    for (const bad of BAD_IDS) {
      variants.push({
        label: `:${name} = ${JSON.stringify(bad)}`,
        request: { ...base, url: fillPath(template, { ...prepared.params, [name]: bad }), payload: prepared.payload },
      });
    }
  }
  for (const extra of route.badInput?.(prepared) ?? []) {
    variants.push({
      label: extra.label,
      request: { ...base, payload: extra.payload ?? prepared.payload, headers: { ...prepared.headers, ...extra.headers } },
      expected: { status: extra.status, code: extra.code },
    });
  }
  if (method === 'GET') return variants;

  // whatever the route reads, a body that is not JSON, or too big, stops before the handler
  for (const text of MALFORMED_JSON)
    variants.push({ label: `malformed JSON ${JSON.stringify(text)}`, request: { ...base, ...json(text) } });
  variants.push({ label: 'oversize body', request: { ...base, ...json(JSON.stringify({ filler: 'x'.repeat(300 * 1024) })) } });
  variants.push({ label: '__proto__ key', request: { ...base, ...json('{"__proto__":{"isAdmin":true}}') } });
  variants.push({ label: 'constructor.prototype key', request: { ...base, ...json('{"constructor":{"prototype":{"isAdmin":true}}}') } });

  const contentType = prepared.headers?.['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data') && Buffer.isBuffer(prepared.payload)) {
    const parts = prepared.payload;
    variants.push({
      label: 'truncated multipart',
      request: { ...base, payload: parts.subarray(0, Math.floor(parts.length / 2)), headers: prepared.headers },
    });
    variants.push({
      label: 'multipart without a boundary',
      request: { ...base, payload: parts, headers: { 'content-type': 'multipart/form-data' } },
    });
    // the same form, closed before its first file part
    const boundary = /boundary=([^;]+)/.exec(contentType)?.[1] ?? '';
    const firstFile = parts.lastIndexOf(`--${boundary}`, parts.indexOf('filename='));
    const noFiles = Buffer.concat([parts.subarray(0, firstFile), Buffer.from(`--${boundary}--\r\n`)]);
    variants.push({ label: 'multipart with no files', request: { ...base, payload: noFiles, headers: prepared.headers } });
  }

  const valid = prepared.payload;
  if (!route.body || typeof valid !== 'object' || valid === null || Buffer.isBuffer(valid)) return variants;
  const send = (label: string, payload: unknown): Variant => ({
    label,
    request: { ...base, payload: payload as InjectOptions['payload'] },
  });
  const validJson = JSON.stringify(valid).slice(1, -1);

  variants.push({
    label: 'valid fields plus __proto__',
    request: { ...base, ...json(`{${validJson},"__proto__":{"role":"superadmin"}}`) },
  });
  variants.push(send('an extra field', { ...valid, is_admin: true }));
  variants.push({
    label: 'an extra field nested 20 000 deep',
    request: { ...base, ...json(`{${validJson},"a":${deeplyNested(20_000)}}`) },
  });
  variants.push(send('an array body', [valid]));
  variants.push({ label: 'a null body', request: { ...base, ...json('null') } });
  variants.push({ label: 'a string body', request: { ...base, ...json('"text"') } });
  variants.push({
    label: 'form-encoded body',
    request: { ...base, payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  });
  const required = requiredFields(route.body);
  if (required.length > 0) variants.push(send('an empty object', {}));
  for (const name of required) {
    const { [name]: _dropped, ...rest } = valid;
    variants.push(send(`missing ${name}`, rest));
  }
  for (const [name, value] of Object.entries(valid)) {
    for (const wrong of wrongTypesFor(value)) variants.push(send(`${name} = ${JSON.stringify(wrong)}`, { ...valid, [name]: wrong }));
    if (typeof value === 'string') {
      variants.push(send(`${name} with a NUL byte`, { ...valid, [name]: `${value}\u0000x` }));
      variants.push(send(`${name} of 100 000 characters`, { ...valid, [name]: `${value}${'x'.repeat(100_000)}` }));
      // issue 23: a text field refuses control characters; a single-line one refuses line breaks too (a name copied
      // into an e-mail must not add a header). Passwords are secrets, never shown or mailed: they are left as typed.
      if (!/password/.test(name)) {
        variants.push(send(`${name} with a control character`, { ...valid, [name]: `${value}\u0007x` }));
        if (!MULTI_LINE_FIELDS.has(name))
          variants.push(send(`${name} with CR/LF`, { ...valid, [name]: `${value}\r\nBcc: someone@evil.example` }));
      }
    }
    if (name.includes('email'))
      // 'İ' lower-cases to two code units and the ligature 'ﬀ' normalizes (NFKC) to two letters: both past the limit once stored
      variants.push(send(`${name} that grows when normalized`, { ...valid, [name]: `${'ﬀ'.repeat(240)}@test.example` }));
    if (typeof value === 'number') {
      for (const big of [2 ** 31, 2 ** 53, -1]) variants.push(send(`${name} = ${big}`, { ...valid, [name]: big }));
    }
  }
  return variants;
}

function superadminContext() {
  return {
    t,
    role: 'superadmin' as const,
    actor: actorOf(superadmin),
    actorUser: superadmin,
    target: 'own' as const,
    companyId: ids.ege,
    companies: ids,
  };
}

/** Routes that take input beyond the query string: ids in the path, or a body. */
const routesWithInput = Object.entries(ROUTE_CASES).filter(([key]) => !key.startsWith('GET ') || key.includes(':'));
const getRoutes = Object.entries(ROUTE_CASES).filter(([key]) => key.startsWith('GET '));

describe.each(routesWithInput)('%s', (key, route) => {
  const [method, template] = key.split(' ') as [string, string];

  it('refuses bad input with a 4xx envelope and writes nothing', async () => {
    const prepared = await route.prepare(superadminContext());
    const bearer = prepared.freshSession ? await sessionFor(t, superadmin) : token;
    const variants = variantsFor(method, template, route, prepared);
    expect(variants.length).toBeGreaterThanOrEqual(MALFORMED_JSON.length);
    // rate-limit counters aside: a refused attempt at a sign-in or a link is counted on purpose, before it is judged
    const fingerprint = () => databaseFingerprint(t, { ignore: ['rate_limit_hits'] });
    const before = await fingerprint();
    // in both languages: every refusal speaks the contract's words in the language asked for (expectCleanRefusal)
    for (const variant of variants) {
      for (const language of ['tr', 'en']) {
        const res = await t.call(route.needs === 'public' ? null : bearer, {
          ...variant.request,
          headers: { ...(prepared.headers ?? {}), ...(variant.request.headers ?? {}), 'x-language': language },
        });
        expectCleanRefusal(res, `${key} ${variant.label} (${language})`);
        if (variant.expected?.status) expect(res.statusCode, `${key} ${variant.label}`).toBe(variant.expected.status);
        if (variant.expected?.code) expect(res.json().code, `${key} ${variant.label}`).toBe(variant.expected.code);
      }
    }
    expect(await fingerprint()).toEqual(before);
  });
});

/** The spec's client adds its own parameters (a timestamp, user_id, role...): unknown ones are ignored, whatever they look like. */
const JUNK_QUERY = [
  '_=1700000000000',
  '__proto__[isAdmin]=1',
  'constructor[prototype][x]=1',
  "x=' OR 1=1 --",
  'y=%00',
  `z=${'q'.repeat(2000)}`,
].join('&');

/** A body with the modification times of a ZIP archive (XLSX) blanked: two exports a DOS time tick (2 s) apart differ
 *  only there (local headers at +10, central directory headers at +12, 4 bytes each). Other bodies stay as they are. */
function withoutZipTimes(body: Buffer): Buffer {
  if (body.readUInt32LE(0) !== 0x04034b50) return body;
  const copy = Buffer.from(body);
  for (let at = copy.indexOf('PK', 0, 'latin1'); at >= 0 && at + 16 <= copy.length; at = copy.indexOf('PK', at + 2, 'latin1')) {
    const signature = copy.readUInt32LE(at);
    if (signature === 0x04034b50) copy.fill(0, at + 10, at + 14);
    else if (signature === 0x02014b50) copy.fill(0, at + 12, at + 16);
  }
  return copy;
}

describe.each(getRoutes)('%s', (key, route) => {
  const [, template] = key.split(' ') as [string, string];

  it('ignores junk query parameters', async () => {
    const prepared = await route.prepare(superadminContext());
    const url = fillPath(template, prepared.params) + (prepared.query ?? '');
    const bearer = route.needs === 'public' ? null : token;
    const plain = await t.call(bearer, { method: 'GET', url });
    const before = await databaseFingerprint(t);
    const junk = await t.call(bearer, { method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}${JUNK_QUERY}` });
    expect(junk.statusCode).toBe(plain.statusCode);
    // a route that is over in these apps (first-run setup: 404) answers as its row says
    if (route.ok < 300) expect(junk.statusCode).toBeLessThan(300);
    else expect(junk.statusCode).toBe(route.ok);
    expect(withoutZipTimes(junk.rawPayload).equals(withoutZipTimes(plain.rawPayload))).toBe(true);
    expect(await databaseFingerprint(t)).toEqual(before);
  });
});

describe('query strings', () => {
  it.each(['abc', '1 OR 1=1', "1';DROP TABLE turbines;--", '-1', '0', '99999999999', '1&filter_company_id=2'])(
    'refuses filter_company_id=%s',
    async (value) => {
      const res = await t.call(token, { method: 'GET', url: `/api/turbines?filter_company_id=${encodeURIComponent(value)}` });
      expectCleanRefusal(res, value);
    },
  );
});

describe('SQL-looking text', () => {
  it('is stored as text, and changes nothing else', async () => {
    const name = `Robert'); DROP TABLE companies; -- ${Date.now()}`;
    const usersBefore = await countRows(t, users);
    const res = await t.call(token, { method: 'POST', url: '/api/companies', payload: { name, address: "' OR '1'='1" } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name, address: "' OR '1'='1" });
    expect(await countRows(t, users)).toBe(usersBefore);
    expect(await countRows(t, companies)).toBeGreaterThanOrEqual(4);
  });

  it('in a login is just a wrong e-mail', async () => {
    const before = await countRows(t, users);
    for (const email of ["' OR 1=1 --", "admin@ege.example' --", '" OR ""="']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: "' OR '1'='1" },
        remoteAddress: '198.51.100.7',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('LOGIN_FAILED');
    }
    expect(await countRows(t, users)).toBe(before);
  });
});

describe('security headers', () => {
  const samples: [string, InjectOptions, number][] = [
    ['a success', { method: 'GET', url: '/api/health' }, 200],
    ['a 401', { method: 'GET', url: '/api/turbines' }, 401],
    ['an unknown route', { method: 'GET', url: '/api/no-such-thing' }, 404],
    ['malformed JSON', { method: 'POST', url: '/api/auth/login', ...json('{') }, 400],
    ['an oversize body', { method: 'POST', url: '/api/contact', ...json(JSON.stringify({ message: 'x'.repeat(400 * 1024) })) }, 413],
  ];

  it.each(samples)('are sent on %s', async (_label, request, status) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toMatch(/^(no-referrer|strict-origin-when-cross-origin|same-origin)$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('a failure inside the server', () => {
  it('answers the envelope without stack trace or SQL', async () => {
    // break the turbine table for a moment: the query fails in the database with SQL in its error
    await t.app.ctx.db.execute(sql`alter table turbines rename to turbines_away`);
    try {
      const res = await t.call(token, { method: 'GET', url: '/api/turbines' });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
      expectNothingInternal(res.body, 'database failure');
      expect(res.body).not.toContain('turbines');
    } finally {
      await t.app.ctx.db.execute(sql`alter table turbines_away rename to turbines`);
    }
    expect((await t.call(token, { method: 'GET', url: '/api/turbines' })).statusCode).toBe(200);
  });
});
