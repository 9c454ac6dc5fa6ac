/**
 * Every API route x every role x a resource of the actor's own company or of another company,
 * against the status the contract's permission table predicts. Routes come from the running app;
 * how to call each one comes from route-table.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Action, can, ROLES, type Role, seesAllCompanies } from '@windscope/contract';
import type { UserRow } from '../src/users/presenter.ts';
import { actorOf, type DemoCompanies, demoCompanies, sessionFor, userByEmail } from './factories.ts';
import { createTestApp, DEMO, type TestApp } from './harness.ts';
import { fillPath, type PreparedCall, ROUTE_CASES, type RouteCase, type RouteContext, type Target } from './route-table.ts';

/** One actor per role: the superadmin of the internal company, everyone else at Ege. */
const ACTOR_EMAIL: Record<Role, string> = {
  superadmin: DEMO.superadmin,
  admin: DEMO.egeAdmin,
  company_manager: DEMO.egeManager,
  operator: DEMO.egeOperator,
  customer: DEMO.egeCustomer,
  viewer: DEMO.egeViewer,
};

let t: TestApp;
let companies: DemoCompanies;
const actors = new Map<Role, { user: UserRow; token: string }>();

beforeAll(async () => {
  t = await createTestApp();
  companies = await demoCompanies(t);
  for (const role of ROLES) {
    const user = await userByEmail(t, ACTOR_EMAIL[role]);
    actors.set(role, { user, token: await sessionFor(t, user) });
  }
});
afterAll(async () => {
  await t?.close();
});

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** What the contract says the route answers: another company's row is not found; otherwise the rule decides. */
function expectedStatus(route: RouteCase, c: RouteContext, prepared: PreparedCall): number {
  if (route.needs === 'signed-in' || route.needs === 'public') return route.ok;
  if (route.tenantRow && c.target === 'other' && !seesAllCompanies(c.actor)) return 404;
  return can(c.actor, route.needs as Action, prepared.resource ?? {}, t.clock.now()) ? route.ok : 403;
}

describe('the route table', () => {
  it('has a row for every route the app registers', () => {
    const missing = t.app.apiRoutes.map(routeKey).filter((key) => !(key in ROUTE_CASES));
    expect(missing, `routes without a row in apps/server/test/route-table.ts: ${missing.join(', ')}`).toEqual([]);
  });

  it('has no row for a route the app does not register', () => {
    const registered = new Set(t.app.apiRoutes.map(routeKey));
    const stale = Object.keys(ROUTE_CASES).filter((key) => !registered.has(key));
    expect(stale, `rows for routes the app does not register: ${stale.join(', ')}`).toEqual([]);
  });

  it('marks public exactly the routes the app serves without a session', () => {
    const mismatched = t.app.apiRoutes
      .filter((r) => routeKey(r) in ROUTE_CASES)
      .filter((r) => r.public !== (ROUTE_CASES[routeKey(r)]?.needs === 'public'))
      .map((r) => `${routeKey(r)} (app: ${r.public ? 'public' : 'session'})`);
    expect(mismatched).toEqual([]);
  });

  it('covers the six roles of DECISIONS §1', () => {
    expect([...ROLES].sort()).toEqual(['admin', 'company_manager', 'customer', 'operator', 'superadmin', 'viewer']);
  });
});

const protectedRoutes = Object.entries(ROUTE_CASES).filter(([, route]) => route.needs !== 'public');

describe.each(protectedRoutes)('%s', (key, route) => {
  const [method, template] = key.split(' ') as [string, string];

  it('answers 401 without a session or with a forged one', async () => {
    const c = await context('superadmin', 'own');
    const prepared = await route.prepare(c);
    for (const bearer of [null, 'not-a-token', `${actors.get('viewer')?.token}x`]) {
      const res = await t.call(bearer, request(method, template, prepared));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it.each(ROLES)('as %s, on its own company and on another', async (role) => {
    for (const target of ['own', 'other'] as Target[]) {
      const c = await context(role, target);
      const prepared = await route.prepare(c);
      const token = prepared.freshSession ? await sessionFor(t, c.actorUser) : (actors.get(role)?.token ?? '');
      const res = await t.call(token, request(method, template, prepared));
      const expected = expectedStatus(route, c, prepared);
      expect(res.statusCode, `${role} ${target}: ${res.body.slice(0, 300)}`).toBe(expected);
      if (expected >= 400) expect(res.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
      else {
        // file answers (exports) are not envelopes
        if (String(res.headers['content-type']).startsWith('application/json')) expect(res.json().success).toBe(true);
        route.check?.(res, c);
      }
    }
  });
});

async function context(role: Role, target: Target): Promise<RouteContext> {
  const actor = actors.get(role);
  if (!actor) throw new Error(`no actor for ${role}`);
  return {
    t,
    role,
    actor: actorOf(actor.user),
    actorUser: actor.user,
    target,
    companyId: target === 'own' ? companies.ege : companies.marmara,
    companies,
  };
}

function request(method: string, template: string, prepared: PreparedCall) {
  return {
    method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: fillPath(template, prepared.params) + (prepared.query ?? ''),
    ...(prepared.payload === undefined ? {} : { payload: prepared.payload }),
    ...(prepared.headers ? { headers: prepared.headers } : {}),
  };
}
