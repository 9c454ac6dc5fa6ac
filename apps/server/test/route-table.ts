/**
 * Every API route the app registers, keyed 'METHOD url' exactly as `app.apiRoutes` records it, with
 * what it needs from the contract's permission table and how to call it. The authorization matrix
 * (authorization-matrix.test.ts) and the bad-input battery (bad-input.test.ts) both run from here,
 * and both fail while a registered route has no row: a new route gets a row in the same change.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import {
  type Action,
  type Actor,
  changePasswordBodySchema,
  commentBodySchema,
  companyBodySchema,
  contactBodySchema,
  createTurbineBodySchema,
  createUserBodySchema,
  emailChangeConfirmBodySchema,
  loginBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  type Resource,
  signInLinkConfirmBodySchema,
  signInLinkRequestBodySchema,
  type Role,
  setupBodySchema,
  updateTurbineBodySchema,
  updateUserBodySchema,
} from '@windscope/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import type { UserRow } from '../src/users/presenter.ts';
import { type DemoCompanies, insertComment, insertCompany, insertTurbine, insertUser, unique } from './factories.ts';
import { DEMO, type TestApp } from './harness.ts';
import { API_TOKEN_ROUTE_CASES } from './route-table-api-tokens.ts';
import { CAMPAIGN_ROUTE_CASES } from './route-table-campaigns.ts';
import { FILE_ROUTE_CASES } from './route-table-files.ts';
import { FINDING_ROUTE_CASES } from './route-table-findings.ts';
import { MAIL_ROUTE_CASES } from './route-table-mail.ts';
import { AUDIT_ROUTE_CASES } from './route-table-audit.ts';
import { NOTIFICATION_ROUTE_CASES } from './route-table-notifications.ts';
import { UPLOAD_ROUTE_CASES } from './route-table-uploads.ts';
import { TURBINE_SHEET_ROUTE_CASES } from './route-table-turbine-sheet.ts';
import { SHARE_LINK_ROUTE_CASES } from './route-table-share-links.ts';
import { WEBHOOK_ROUTE_CASES } from './route-table-webhooks.ts';

export type Target = 'own' | 'other';

export interface RouteContext {
  t: TestApp;
  role: Role;
  actor: Actor;
  actorUser: UserRow;
  target: Target;
  /** the company that owns the resource: Ege (where every non-superadmin actor of the matrix works) for 'own', Marmara for 'other' */
  companyId: number;
  companies: DemoCompanies;
}

export interface PreparedCall {
  /** values for the route's :params */
  params?: Record<string, number | string>;
  /** query string, with its leading '?' */
  query?: string;
  /** a JSON object, or raw bytes with their content-type in headers (multipart) */
  payload?: Record<string, unknown> | string | Buffer;
  headers?: Record<string, string>;
  /** what the contract rule is judged on */
  resource?: Resource;
  /** the call ends the session it is made with: make it with a session of its own */
  freshSession?: boolean;
}

/** One bad request of a route's own protocol (RouteCase.badInput). */
export interface BadInput {
  label: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  status?: number;
  code?: string;
}

export interface RouteCase {
  /** a contract action; 'signed-in': any valid session; 'public': no session needed */
  needs: Action | 'signed-in' | 'public';
  /** the status of an allowed call */
  ok: number;
  /** the route acts on one row that a company owns: another company's row is "not found" (404) for all but the superadmin */
  tenantRow: boolean;
  /** the contract schema of the JSON body, for the bad-input battery */
  body?: z.ZodObject;
  /** builds the rows the call needs and describes it */
  prepare(c: RouteContext): Promise<PreparedCall>;
  /** bad input of the route's own protocol beside the battery's generic variants (tus headers), each sent with the
   *  prepared call's headers overridden by its own and its payload (else the prepared one); with `status` and `code`,
   *  the refusal must be exactly that */
  badInput?(prepared: PreparedCall): BadInput[];
  /** further checks on an allowed answer, such as the tenant scope of a list */
  check?(res: LightMyRequestResponse, c: RouteContext): void;
}

/** '/api/turbines/:id' + { id: 5 } -> '/api/turbines/5'; a wildcard takes params['*'] as it is (a path). */
export function fillPath(template: string, params: Record<string, number | string> = {}): string {
  return template.replace(/:(\w+)|\*$/g, (whole, name: string | undefined) => {
    const key = name ?? '*';
    if (!(key in params)) throw new Error(`no value for ${whole} in ${template}`);
    return key === '*' ? String(params[key]) : encodeURIComponent(String(params[key]));
  });
}

function expectAll(condition: boolean, message: string) {
  if (!condition) throw new Error(message);
}

const targetUser = async (c: RouteContext) => {
  const user = await insertUser(c.t, { companyId: c.companyId, role: 'operator' });
  const resource: Resource = { companyId: user.companyId, targetId: user.id, targetRole: 'operator', targetIsProtected: false };
  return { user, resource };
};
const turbineBody = (companyId: number) => ({ city: 'İZMİR', code: `MX-${unique()}`, location: 'Matrix', rooms: 4, company_id: companyId });
const ownComment = async (c: RouteContext) => {
  const turbine = await insertTurbine(c.t, c.companyId);
  const comment = await insertComment(c.t, turbine.id, c.actorUser);
  return {
    params: { id: turbine.id, commentId: comment.id },
    resource: { companyId: c.companyId, ownerId: c.actorUser.id, createdAt: comment.createdAt },
  };
};
const rowsOf = (res: LightMyRequestResponse) => res.json().data as { company_id: number; id: number }[];

export const ROUTE_CASES: Record<string, RouteCase> = {
  // ---------- public ----------
  'GET /api/openapi.json': { needs: 'public', ok: 200, tenantRow: false, prepare: async () => ({}) },
  'GET /api/health': { needs: 'public', ok: 200, tenantRow: false, prepare: async () => ({}) },
  'GET /api/health/ready': { needs: 'public', ok: 200, tenantRow: false, prepare: async () => ({}) },
  // first-run setup: public, and 404 once an account exists, as in every app these tests build (the demo's accounts);
  // setup/setup.test.ts covers the empty database (and the limit on wrong setup keys, 429 SETUP_RATE_LIMITED)
  'GET /api/setup': { needs: 'public', ok: 404, tenantRow: false, prepare: async () => ({}) },
  'POST /api/setup': {
    needs: 'public',
    ok: 404,
    tenantRow: false,
    body: setupBodySchema,
    prepare: async () => ({
      payload: {
        token: 'x'.repeat(43),
        company_name: `Setup ${unique()}`,
        first_name: 'Ada',
        last_name: 'Owner',
        email: `owner-${unique()}@setup.example`,
        password: 'a long unusual passphrase',
        language: 'en',
      },
    }),
  },
  'POST /api/auth/login': {
    needs: 'public',
    ok: 200,
    tenantRow: false,
    body: loginBodySchema,
    prepare: async () => ({ payload: { email: DEMO.egeViewer, password: DEMO_PASSWORD } }),
  },
  'POST /api/auth/password-reset': {
    needs: 'public',
    ok: 200,
    tenantRow: false,
    body: passwordResetRequestBodySchema,
    prepare: async () => ({ payload: { email: `nobody-${unique()}@test.example` } }),
  },
  'POST /api/auth/password-reset/confirm': {
    needs: 'public',
    ok: 400, // a well-formed but unknown token
    tenantRow: false,
    body: passwordResetConfirmBodySchema,
    prepare: async () => ({ payload: { token: 'x'.repeat(43), password: 'new-secret-1' } }),
  },
  'POST /api/auth/sign-in-link': {
    needs: 'public',
    ok: 200,
    tenantRow: false,
    body: signInLinkRequestBodySchema,
    prepare: async () => ({ payload: { email: `nobody-${unique()}@test.example` } }),
  },
  'POST /api/auth/sign-in-link/confirm': {
    needs: 'public',
    ok: 400, // a well-formed but unknown token
    tenantRow: false,
    body: signInLinkConfirmBodySchema,
    prepare: async () => ({ payload: { token: 'x'.repeat(43) } }),
  },
  'POST /api/auth/email-change/confirm': {
    needs: 'public',
    ok: 400, // a well-formed but unknown token
    tenantRow: false,
    body: emailChangeConfirmBodySchema,
    prepare: async () => ({ payload: { token: 'x'.repeat(43) } }),
  },
  'POST /api/contact': {
    needs: 'public',
    ok: 200,
    tenantRow: false,
    body: contactBodySchema,
    prepare: async () => ({ payload: { name: 'Matrix', email: 'm@test.example', subject: 'Konu', message: 'Mesaj' } }),
  },

  // ---------- auth ----------
  'GET /api/auth/verify': { needs: 'signed-in', ok: 200, tenantRow: false, prepare: async () => ({}) },
  // DECISIONS §18: the dashboard map's style (MAP_STYLE_URL or null), the same for every signed-in user
  'GET /api/map/settings': {
    needs: 'signed-in',
    ok: 200,
    tenantRow: false,
    prepare: async () => ({}),
    check: (res, c) => {
      if (!('style_url' in res.json().data)) throw new Error(`${c.role}: no style_url`);
    },
  },
  // the upload limits this server applies (MAX_PHOTO_MB, MAX_REPORT_MB, MAX_MEGAPIXELS), the same for every signed-in user
  'GET /api/uploads/limits': {
    needs: 'signed-in',
    ok: 200,
    tenantRow: false,
    prepare: async () => ({}),
    check: (res, c) => {
      if (!(res.json().data.photo_bytes > 0)) throw new Error(`${c.role}: no photo_bytes`);
    },
  },
  'GET /api/auth/profile': { needs: 'signed-in', ok: 200, tenantRow: false, prepare: async () => ({}) },
  'GET /api/auth/validate-session': { needs: 'signed-in', ok: 200, tenantRow: false, prepare: async () => ({}) },
  'POST /api/auth/logout': { needs: 'signed-in', ok: 200, tenantRow: false, prepare: async () => ({ freshSession: true }) },
  'POST /api/auth/refresh': { needs: 'signed-in', ok: 200, tenantRow: false, prepare: async () => ({ freshSession: true }) },

  // ---------- companies ----------
  'GET /api/companies': {
    needs: 'company.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => ({ resource: { companyId: c.actor.companyId } }),
    check: (res, c) => {
      const ids = rowsOf(res).map((row) => row.id);
      expectAll(!ids.includes(c.companies.internal), 'the internal company is listed');
      if (c.role !== 'superadmin') expectAll(ids.length === 1 && ids[0] === c.actor.companyId, `${c.role} sees companies ${ids}`);
    },
  },
  'GET /api/companies/:id': {
    needs: 'company.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => ({ params: { id: c.companyId }, resource: { companyId: c.companyId } }),
  },
  'POST /api/companies': {
    needs: 'company.create',
    ok: 201,
    tenantRow: false,
    body: companyBodySchema,
    prepare: async () => ({ payload: { name: `Matrix ${unique()}`, contact_email: 'a@test.example', phone: '1', address: 'x' } }),
  },
  'PUT /api/companies/:id': {
    needs: 'company.update',
    ok: 200,
    tenantRow: true,
    body: companyBodySchema,
    prepare: async (c) => {
      // the superadmin renames a company of its own making, so the demo companies keep their names
      const id = c.role === 'superadmin' ? (await insertCompany(c.t)).id : c.companyId;
      return { params: { id }, payload: { name: `Renamed ${unique()}`, phone: '2' }, resource: { companyId: id } };
    },
  },
  'DELETE /api/companies/:id': {
    needs: 'company.delete',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      // only an empty company can go: the superadmin gets one; anyone else is aimed at the target company itself
      const id = c.role === 'superadmin' ? (await insertCompany(c.t)).id : c.companyId;
      return { params: { id }, resource: { companyId: id } };
    },
  },

  // ---------- users ----------
  'GET /api/users': {
    needs: 'user.list',
    ok: 200,
    tenantRow: false,
    prepare: async () => ({ query: '?role=superadmin&company_id=1' }),
    check: (res, c) => {
      if (c.role === 'superadmin') return;
      expectAll(
        rowsOf(res).every((u) => u.company_id === c.actor.companyId),
        `${c.role} sees users of another company`,
      );
    },
  },
  'GET /api/users/:id': {
    needs: 'user.list',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { user, resource } = await targetUser(c);
      return { params: { id: user.id }, resource };
    },
  },
  'POST /api/users': {
    needs: 'user.create',
    ok: 201,
    tenantRow: false,
    body: createUserBodySchema,
    prepare: async (c) => ({
      payload: {
        first_name: 'M',
        last_name: 'X',
        email: `mx-${unique()}@test.example`,
        password: 'secret-1',
        role: 'operator',
        company_id: c.companyId,
      },
      resource: { companyId: c.companyId, newCompanyId: c.companyId, newRole: 'operator' },
    }),
  },
  'PUT /api/users/:id': {
    needs: 'user.update',
    ok: 200,
    tenantRow: true,
    body: updateUserBodySchema,
    prepare: async (c) => {
      const { user, resource } = await targetUser(c);
      return {
        params: { id: user.id },
        payload: {
          first_name: 'New',
          last_name: user.lastName,
          email: user.email,
          role: 'customer',
          company_id: c.companyId,
          is_active: true,
        },
        resource: { ...resource, newCompanyId: c.companyId, newRole: 'customer' },
      };
    },
  },
  'PUT /api/users/:id/password': {
    needs: 'user.changePassword',
    ok: 200,
    tenantRow: true,
    body: changePasswordBodySchema,
    prepare: async (c) => {
      const { user, resource } = await targetUser(c);
      return { params: { id: user.id }, payload: { password: 'matrix-pass-1' }, resource };
    },
  },
  'DELETE /api/users/:id/email-change': {
    needs: 'user.update',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { user, resource } = await targetUser(c);
      return { params: { id: user.id }, resource };
    },
  },
  'DELETE /api/users/:id': {
    needs: 'user.delete',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { user, resource } = await targetUser(c);
      return { params: { id: user.id }, resource };
    },
  },

  // ---------- turbines ----------
  'GET /api/turbines': {
    needs: 'turbine.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await insertTurbine(c.t, c.companyId);
      return { query: `?filter_company_id=${c.companyId}&user_id=1&role=superadmin&company_id=${c.companyId}` };
    },
    check: (res, c) => {
      const expected = c.role === 'superadmin' ? c.companyId : c.actor.companyId;
      const rows = rowsOf(res);
      expectAll(rows.length > 0 && rows.every((x) => x.company_id === expected), `${c.role} sees turbines of the wrong company`);
    },
  },
  'GET /api/turbines/:id': {
    needs: 'turbine.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => ({ params: { id: (await insertTurbine(c.t, c.companyId)).id }, resource: { companyId: c.companyId } }),
  },
  'POST /api/turbines': {
    needs: 'turbine.create',
    ok: 201,
    tenantRow: false,
    body: createTurbineBodySchema,
    prepare: async (c) => ({ payload: turbineBody(c.companyId), resource: { companyId: c.companyId } }),
  },
  'PUT /api/turbines/:id': {
    needs: 'turbine.update',
    ok: 200,
    tenantRow: true,
    body: updateTurbineBodySchema,
    prepare: async (c) => ({
      params: { id: (await insertTurbine(c.t, c.companyId)).id },
      payload: { ...turbineBody(c.companyId), status: 'maintenance' },
      resource: { companyId: c.companyId },
    }),
  },
  'DELETE /api/turbines/:id': {
    needs: 'turbine.delete',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => ({ params: { id: (await insertTurbine(c.t, c.companyId)).id }, resource: { companyId: c.companyId } }),
  },

  // ---------- comments ----------
  'GET /api/turbines/:id/comments': {
    needs: 'comment.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => ({ params: { id: (await insertTurbine(c.t, c.companyId)).id }, resource: { companyId: c.companyId } }),
  },
  'POST /api/turbines/:id/comments': {
    needs: 'comment.create',
    ok: 201,
    tenantRow: true,
    body: commentBodySchema,
    prepare: async (c) => ({
      params: { id: (await insertTurbine(c.t, c.companyId)).id },
      payload: { comment: 'matrix' },
      resource: { companyId: c.companyId },
    }),
  },
  'PUT /api/turbines/:id/comments/:commentId': {
    needs: 'comment.update',
    ok: 200,
    tenantRow: true,
    body: commentBodySchema,
    prepare: async (c) => ({ ...(await ownComment(c)), payload: { comment: 'edited' } }),
  },
  'DELETE /api/turbines/:id/comments/:commentId': {
    needs: 'comment.delete',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => ownComment(c),
  },

  // ---------- photos, reports, files: route-table-files.ts ----------
  ...FILE_ROUTE_CASES,
  ...UPLOAD_ROUTE_CASES,
  ...TURBINE_SHEET_ROUTE_CASES,

  // ---------- findings: route-table-findings.ts ----------
  ...FINDING_ROUTE_CASES,

  // ---------- notifications (issue 16): route-table-notifications.ts ----------
  ...NOTIFICATION_ROUTE_CASES,
  // ---------- the e-mail outbox (issue 22): route-table-mail.ts ----------
  ...MAIL_ROUTE_CASES,
  // ---------- the audit log (issue 26): route-table-audit.ts ----------
  ...AUDIT_ROUTE_CASES,
  // ---------- inspection campaigns: route-table-campaigns.ts ----------
  ...CAMPAIGN_ROUTE_CASES,
  // ---------- personal API tokens (DECISIONS §17): route-table-api-tokens.ts ----------
  ...API_TOKEN_ROUTE_CASES,
  ...SHARE_LINK_ROUTE_CASES,
  // ---------- webhooks (DECISIONS §17): route-table-webhooks.ts ----------
  ...WEBHOOK_ROUTE_CASES,
};
