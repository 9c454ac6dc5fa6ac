/** Route-table rows of the audit log (DECISIONS §17): the superadmin reads every company's rows, a manager their own
 *  company's; nobody else. */
import type { LightMyRequestResponse } from 'fastify';
import { auditLog } from '../src/db/schema.ts';
import type { RouteCase, RouteContext } from './route-table.ts';

/** One row for each demo company, so a list that leaks another company's is seen. */
async function insertRows(c: RouteContext) {
  const at = c.t.clock.now();
  await c.t.app.ctx.db.insert(auditLog).values([
    { kind: 'turbine_created', companyId: c.companies.ege, targetType: 'turbine', targetId: '1', targetLabel: 'Ege', createdAt: at },
    {
      kind: 'turbine_created',
      companyId: c.companies.marmara,
      targetType: 'turbine',
      targetId: '2',
      targetLabel: 'Marmara',
      createdAt: at,
    },
  ]);
}

/** A manager's answer holds their company's rows only; the superadmin's every company's. */
function checkScope(companies: (number | null)[], c: RouteContext) {
  if (c.role === 'superadmin') {
    if (!companies.includes(c.companies.marmara) || !companies.includes(c.companies.ege))
      throw new Error(`${c.role}: not every company's rows listed`);
  } else if (companies.some((id) => id !== c.actor.companyId)) throw new Error(`${c.role}: another company's audit rows listed`);
}

export const AUDIT_ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/audit': {
    needs: 'audit.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await insertRows(c);
      // another company's id asked for: honoured for the superadmin only
      return { query: c.role === 'superadmin' ? '?kind=turbine_created' : `?kind=turbine_created&company_id=${c.companies.marmara}` };
    },
    check: (res: LightMyRequestResponse, c) => {
      const page = res.json().data as { items: { company_id: number | null; kind: string }[] };
      if (page.items.length === 0) throw new Error(`${c.role}: nothing listed`);
      if (page.items.some((i) => i.kind !== 'turbine_created')) throw new Error(`${c.role}: the kind filter was not applied`);
      checkScope(
        page.items.map((i) => i.company_id),
        c,
      );
    },
  },
  'GET /api/audit/export': {
    needs: 'audit.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await insertRows(c);
      return { query: `?kind=turbine_created&company_id=${c.companies.marmara}` };
    },
    check: (res: LightMyRequestResponse, c) => {
      if (!String(res.headers['content-type']).startsWith('text/csv')) throw new Error(`${c.role}: not CSV`);
      const lines = res.body.trim().split('\r\n').slice(1);
      if (lines.length === 0) throw new Error(`${c.role}: nothing exported`);
      if (c.role !== 'superadmin' && res.body.includes('Marmara')) throw new Error(`${c.role}: another company's rows exported`);
      if (c.role === 'superadmin' && res.body.includes('Ege Rüzgar')) throw new Error(`${c.role}: the company filter was not applied`);
    },
  },
};
