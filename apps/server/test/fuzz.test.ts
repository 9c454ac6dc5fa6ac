/**
 * Property-based fuzzing of every API route the app registers (issue 7 item 4). Inputs come from each route's own
 * zod schemas (fuzz-arbitraries.ts): path ids, query strings and JSON bodies in and around what the contract
 * accepts, sent as the superadmin, an operator, a viewer and anonymously. For every request:
 *   - never a 5xx;
 *   - every 4xx is the error envelope { success: false, message, code } with a message, nothing internal;
 *   - a body the contract refuses is refused (4xx);
 *   - a refused request writes nothing: every table's checksum is unchanged (rate-limit counters aside) and so are
 *     the stored files;
 *   - an accepted write answers with the text it was given (after the contract's own trim / lower-casing).
 * After all routes: every row reads back through the API as the contract's entity schema describes, and each stored
 * row is valid input to the contract's body schema again (no stored garbage). FUZZ_SEED / FUZZ_RUNS override the
 * fixed seed and the number of runs.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  commentBodySchema,
  commentSchema,
  companyBodySchema,
  companySchema,
  contactBodySchema,
  photoSchema,
  reportSchema,
  turbineSchema,
  updateTurbineBodySchema,
  updateUserBodySchema,
  userSchema,
} from '@windscope/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { contactMessages } from '../src/db/schema.ts';
import type { UserRow } from '../src/users/presenter.ts';
import { expectErrorEnvelope } from './expectations.ts';
import { actorOf, type DemoCompanies, demoCompanies, sessionFor } from './factories.ts';
import { type FuzzActor as ActorName, fuzzSetup } from './fuzz-actors.ts';
import {
  bodiesFor,
  checkProperty,
  type GeneratedBody,
  isZodSchema,
  type KnownValues,
  languageHeaders,
  parsedJson,
  objectFields,
  badPathParams,
  percentEncode,
  queriesFor,
  statusTally,
  valuesFor,
  type Json,
  toJsonText,
  JsonObject,
} from './fuzz-arbitraries.ts';
import { createTestApp, DEMO, type TestApp } from './harness.ts';
import { type PreparedCall, ROUTE_CASES, type RouteContext, type Target } from './route-table.ts';
import { storedKeys } from './uploads.ts';

/** Runs per route; the whole file stays well under a minute per database. */
const RUNS_PER_ROUTE = 25;

let t: TestApp;
/** the database's checksums, taken again only when something was written */
let fingerprint: () => Promise<Record<string, string>>;
let companies: DemoCompanies;
let users: Map<ActorName, UserRow>;
let tokens: Map<ActorName, string | null>;
let known: KnownValues;

beforeAll(async () => {
  // report jobs stay queued: a job worked in the background would change the database between a refusal's snapshots
  t = await createTestApp({ config: { reportWorkers: 0 } });
  ({ fingerprint, users, tokens } = await fuzzSetup(t));
  companies = await demoCompanies(t);
  const turbineIds = (
    (await t.call(tokens.get('superadmin') ?? null, { method: 'GET', url: '/api/turbines' })).json().data as { id: number }[]
  ).map((x) => x.id);
  known = {
    numbers: [companies.internal, companies.ege, companies.marmara, ...turbineIds.slice(0, 4), t.clock.now().getFullYear()],
    strings: [...Object.values(DEMO), DEMO_PASSWORD],
  };
});
afterAll(async () => {
  await t?.close();
});

function routeContext(target: Target): RouteContext {
  const user = users.get('superadmin');
  if (!user) throw new Error('no superadmin');
  return {
    t,
    role: 'superadmin',
    actor: actorOf(user),
    actorUser: user,
    target,
    companyId: target === 'own' ? companies.ege : companies.marmara,
    companies,
  };
}

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** '/api/turbines/:id' with the given values, percent-encoded (lone surrogates too); a wildcard keeps its slashes. */
function fillPathRaw(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)|\*$/g, (_whole, name: string | undefined) =>
    name ? percentEncode(params[name] ?? '') : (params['*'] ?? '').split('/').map(percentEncode).join('/'),
  );
}

interface FuzzRequest {
  actor: ActorName;
  target: Target;
  /** null: the prepared (valid) value */
  params: Record<string, string | null>;
  query: { prepared: boolean; generated: string };
  body: GeneratedBody | { label: 'prepared with one field changed'; field: string; value: Json | undefined };
  headers: Record<string, string>;
}

function requestArbitrary(method: string, template: string, schema: { params?: unknown; querystring?: unknown; body?: unknown }) {
  const paramNames = [...template.matchAll(/:(\w+)|\*$/g)].map((m) => m[1] ?? '*');
  const params = fc.record(
    Object.fromEntries(
      paramNames.map((name) => [name, fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: badPathParams })]),
    ) as Record<string, fc.Arbitrary<string | null>>,
  );
  const fields = objectFields(schema.body);
  const preparedMutation =
    fields.length > 0
      ? fc.oneof(
          ...fields.map(([name, field]) =>
            fc.option(valuesFor(field, 'json', known), { freq: 4, nil: undefined }).map((value) => ({
              label: 'prepared with one field changed' as const,
              field: name,
              value,
            })),
          ),
        )
      : null;
  const generatedBody = bodiesFor(schema.body, known, t.config.limits.jsonBodyBytes);
  const body: fc.Arbitrary<FuzzRequest['body']> =
    method === 'GET'
      ? fc.constant({ label: 'no body' })
      : preparedMutation
        ? fc.oneof({ weight: 2, arbitrary: generatedBody }, { weight: 3, arbitrary: preparedMutation })
        : generatedBody;
  return fc.record({
    // the superadmin reaches every route's work; the others mostly its refusals
    actor: fc.oneof(
      { weight: 5, arbitrary: fc.constant<ActorName>('superadmin') },
      { weight: 2, arbitrary: fc.constant<ActorName>('operator') },
      { weight: 1, arbitrary: fc.constant<ActorName>('viewer') },
      { weight: 1, arbitrary: fc.constant<ActorName>('anonymous') },
    ),
    target: fc.constantFrom<Target>('own', 'own', 'other'),
    params,
    query: fc.record({ prepared: fc.boolean(), generated: queriesFor(schema.querystring, known) }),
    body,
    headers: languageHeaders,
  });
}

function buildInjection(
  method: string,
  template: string,
  req: FuzzRequest,
  prepared: PreparedCall,
): { inject: InjectOptions; jsonText?: string } {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.params)) params[name] = value ?? String(prepared.params?.[name] ?? '1');
  let url = fillPathRaw(template, params);
  const generated = req.query.generated;
  if (req.query.prepared && prepared.query) url += prepared.query + (generated ? `&${generated.slice(1)}` : '');
  else url += generated;

  const headers: Record<string, string> = { ...req.headers };
  let payload: string | Buffer | undefined;
  let jsonText: string | undefined;
  if ('field' in req.body) {
    const base = prepared.payload && typeof prepared.payload === 'object' && !Buffer.isBuffer(prepared.payload) ? prepared.payload : {};
    const entries = Object.entries(base) as [string, Json][];
    const { field, value } = req.body;
    const kept = entries.filter(([k]) => k !== field);
    payload = toJsonText(new JsonObject(value === undefined ? kept : [...kept, [field, value]]));
    headers['content-type'] = 'application/json';
    jsonText = payload;
  } else {
    payload = req.body.payload;
    if (req.body.contentType !== undefined) headers['content-type'] = req.body.contentType;
    if (typeof payload === 'string' && req.body.contentType === 'application/json') jsonText = payload;
  }
  return {
    inject: { method: method as InjectOptions['method'], url, headers, ...(payload === undefined ? {} : { payload }) },
    jsonText,
  };
}

/** The strings of an accepted body (as the contract's schema outputs them) that the answer echoes under the same name. */
function expectEchoed(schema: z.ZodType, jsonText: string, res: LightMyRequestResponse, label: string) {
  const parsed = parsedJson(jsonText);
  if (!parsed.ok) throw new Error(`${label}: accepted a body that is not JSON`);
  const input = schema.safeParse(parsed.value);
  expect(input.success, `${label}: the route accepted a body the contract refuses`).toBe(true);
  const data = (res.json() as { data?: Record<string, unknown> }).data;
  if (!input.success || !input.data || typeof input.data !== 'object' || !data || typeof data !== 'object') return;
  for (const [key, sent] of Object.entries(input.data as Record<string, unknown>)) {
    const stored = data[key];
    // the server may fold case (a city is stored lower-cased, Turkish rules); anything else is not what was sent
    if (typeof sent === 'string' && typeof stored === 'string' && stored !== sent.toLocaleLowerCase('tr-TR')) {
      expect(stored, `${label}: field ${key} was stored as something else than was sent`).toBe(sent);
    }
  }
}

/** Requests the fuzzer found bugs with; they run before the generated ones, every time. */
const REGRESSIONS: Record<string, Partial<FuzzRequest>[]> = {
  // a path parameter over maxParamLength, and a path that is not UTF-8: Fastify's own error body, not the envelope
  'GET /api/turbines/:id': [{ params: { id: 'x'.repeat(300) } }, { params: { id: '\ud800' } }],
  'DELETE /api/turbines/:id/reports/:reportId': [{ params: { id: null, reportId: 'x'.repeat(201) } }],
  // lone surrogates were stored as U+FFFD
  'POST /api/companies': [{ body: { label: 'prepared with one field changed', field: 'name', value: 'Rüzgar \ud800 A.Ş.' } }],
  'POST /api/turbines': [{ body: { label: 'prepared with one field changed', field: 'code', value: `${'😀'.repeat(29)}\ud83d` } }],
  'POST /api/turbines/:id/comments': [
    { body: { label: 'prepared with one field changed', field: 'comment', value: 'yarım \udc00 emoji' } },
  ],
  // a NUL in the key reached the database: 500
  'DELETE /api/turbines/:id/photos': [
    { query: { prepared: false, generated: '?key=%00x' } },
    { query: { prepared: false, generated: '?key=a%ED%A0%80' } },
  ],
};

/** A whole request from the parts a regression names: the superadmin, its own company's prepared row, no extras. */
function example(template: string, partial: Partial<FuzzRequest>): FuzzRequest {
  const params = Object.fromEntries([...template.matchAll(/:(\w+)|\*$/g)].map((m) => [m[1] ?? '*', null]));
  return {
    actor: 'superadmin',
    target: 'own',
    query: { prepared: true, generated: '' },
    body: { label: 'no body' },
    headers: {},
    ...partial,
    params: { ...params, ...partial.params },
  };
}

const tally = statusTally();
afterAll(() => tally.print());

const routes = () => t.app.apiRoutes.map((r) => [routeKey(r), r] as const);

describe('fuzzing every API route', () => {
  it('has a route table row for every registered route', () => {
    const missing = routes()
      .map(([key]) => key)
      .filter((key) => !(key in ROUTE_CASES));
    expect(missing).toEqual([]);
  });

  // one test per route; the route list comes from the app itself (a route added later is fuzzed too)
  it.each(Object.keys(ROUTE_CASES))('%s', async (key) => {
    const registered = t.app.apiRoutes.find((r) => routeKey(r) === key);
    const route = ROUTE_CASES[key];
    if (!registered || !route) throw new Error(`${key} is not registered`);
    const [method, template] = key.split(' ') as [string, string];
    const bodySchema = isZodSchema(registered.schema.body) ? (registered.schema.body as unknown as z.ZodType) : undefined;
    const prepared: Record<Target, PreparedCall> = {
      own: await route.prepare(routeContext('own')),
      other: await route.prepare(routeContext('other')),
    };
    let before = await fingerprint();
    let filesBefore = (await storedKeys(t)).sort();

    await checkProperty(
      key,
      requestArbitrary(method, template, registered.schema),
      async (req) => {
        let token = req.actor === 'anonymous' ? null : (tokens.get(req.actor) ?? null);
        if (prepared[req.target].freshSession && req.actor !== 'anonymous') {
          token = await sessionFor(t, users.get(req.actor) as UserRow);
          before = await fingerprint();
        }
        const { inject, jsonText } = buildInjection(method, template, req, prepared[req.target]);
        const label = `${key} as ${req.actor} (${req.body.label}): ${inject.method} ${String(inject.url).slice(0, 200)}`;
        const res = await t.call(token, inject);
        // what a request hands off after its answer (a reset link's row and e-mail) belongs to it
        await t.app.ctx.mail.drained();
        await t.app.ctx.webhooks.drained();
        const status = res.statusCode;
        tally.add(key, res);
        expect(status, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);

        const after = await fingerprint();
        const filesAfter = (await storedKeys(t)).sort();
        if (method === 'GET') expect(after, `${label}: a GET wrote to the database`).toEqual(before);
        if (status >= 400) {
          expectErrorEnvelope(res, `${label} -> ${status}`);
          expect(after, `${label}: a refused request wrote to the database`).toEqual(before);
          expect(filesAfter, `${label}: a refused request changed the stored files`).toEqual(filesBefore);
        }
        // what the contract refuses, the route refuses
        if (jsonText !== undefined && bodySchema) {
          const parsed = parsedJson(jsonText);
          const contractSays = parsed.ok ? bodySchema.safeParse(parsed.value).success : false;
          if (!contractSays)
            expect(status, `${label}: the contract refuses this body; the route answered ${status}`).toBeGreaterThanOrEqual(400);
          if (status < 300) expectEchoed(bodySchema, jsonText, res, label);
        }
        if (status < 300 && String(res.headers['content-type'] ?? '').includes('json') && status !== 204) {
          const body = res.json() as { success?: unknown };
          if (body && typeof body === 'object' && 'success' in body) expect(body.success, label).toBe(true);
        }
        before = after;
        filesBefore = filesAfter;
        // an accepted write used its target up (deleted it, ended the session, took the unique name): prepare another
        if (status < 300 && method !== 'GET') {
          prepared[req.target] = await route.prepare(routeContext(req.target));
          before = await fingerprint();
          filesBefore = (await storedKeys(t)).sort();
        }
      },
      { runs: RUNS_PER_ROUTE, examples: (REGRESSIONS[key] ?? []).map((partial) => example(template, partial)) },
    );
  });

  it('leaves only rows that read back as the contract describes, each valid input again', async () => {
    const token = tokens.get('superadmin') ?? null;
    const get = async (url: string) => {
      const res = await t.call(token, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      return res.json().data as unknown[];
    };
    /** A stored row, read back, is acceptable input to the contract's body schema (its declared fields). */
    const expectValidInput = (row: Record<string, unknown>, body: z.ZodObject, what: string) => {
      const input = Object.fromEntries(
        Object.keys(body.shape)
          .filter((k) => k in row)
          .map((k) => [k, row[k] ?? undefined]),
      );
      const parsed = body.safeParse(input);
      expect(parsed.success, `${what} ${JSON.stringify(row).slice(0, 300)}: ${parsed.error?.message ?? ''}`).toBe(true);
    };
    const companyRows = parseAll(companySchema, await get('/api/companies'), 'company');
    for (const row of companyRows) expectValidInput(row, companyBodySchema, 'company');
    const userRows = parseAll(userSchema, await get('/api/users'), 'user');
    for (const row of userRows) expectValidInput(row, updateUserBodySchema, 'user');
    const turbineRows = parseAll(turbineSchema, await get('/api/turbines'), 'turbine');
    for (const turbine of turbineRows) {
      expectValidInput(turbine, updateTurbineBodySchema, 'turbine');
      const comments = parseAll(commentSchema, await get(`/api/turbines/${turbine.id}/comments`), 'comment');
      for (const row of comments) expectValidInput(row, commentBodySchema, 'comment');
      parseAll(photoSchema, await get(`/api/turbines/${turbine.id}/photos?view=all`), 'photo');
      parseAll(reportSchema, await get(`/api/turbines/${turbine.id}/reports`), 'report');
    }
    // contact messages have no API to read them: their rows are valid input of the contact form
    for (const row of await t.app.ctx.db.select().from(contactMessages)) {
      expectValidInput({ ...row }, contactBodySchema, 'contact message');
    }
    // every turbine the fuzzing made is read back (hundreds, more with each route): longer than the default on a busy machine
  }, 120_000);
});

function parseAll<T>(schema: z.ZodType<T>, rows: unknown[], what: string): T[] {
  return rows.map((row) => {
    const parsed = schema.safeParse(row);
    expect(parsed.success, `${what} ${JSON.stringify(row).slice(0, 300)}: ${parsed.error?.message ?? ''}`).toBe(true);
    return parsed.data as T;
  });
}
