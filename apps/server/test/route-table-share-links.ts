/** Route-table rows of share links (DECISIONS §17): managers of the turbine's company and the superadmin make, list and
 *  revoke links and read their openings; another company's link or turbine is 404. The recipient's routes are public:
 *  the token (or a signed file URL) is the authorisation. */
import { createShareLinkBodySchema, openShareLinkBodySchema } from '@windscope/contract';
import { eq } from 'drizzle-orm';
import { findingObservations, shareLinks } from '../src/db/schema.ts';
import { hashShareToken, newShareToken, shareFileUrl } from '../src/share-links/service.ts';
import { insertReport, insertTurbine, userByEmail } from './factories.ts';
import { DEMO } from './harness.ts';
import type { RouteCase, RouteContext } from './route-table.ts';
import { insertFinding } from './finding-factories.ts';
import { makeJpeg, makePdf } from './uploads.ts';

/** A live report link of a new turbine of the context's company, inserted as the service would. */
export async function insertReportLink(c: RouteContext, options: { withFile?: boolean } = {}) {
  const turbine = await insertTurbine(c.t, c.companyId);
  const uploader = await userByEmail(c.t, DEMO.superadmin);
  const report = await insertReport(c.t, turbine.id, uploader);
  if (options.withFile) await c.t.app.ctx.storage.writeBuffer(report.storageKey, makePdf());
  const token = newShareToken();
  const [link] = await c.t.app.ctx.db
    .insert(shareLinks)
    .values({
      companyId: c.companyId,
      turbineId: turbine.id,
      kind: 'report',
      reportId: report.id,
      label: 'Matrix',
      tokenHash: hashShareToken(token),
      expiresAt: new Date(c.t.clock.now().getTime() + 86_400_000),
      createdBy: uploader.id,
    })
    .returning();
  if (!link) throw new Error('share link not inserted');
  return { link, token, turbine, report };
}

export const SHARE_LINK_ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/share-links': {
    needs: 'shareLink.manage',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await insertReportLink({ ...c, companyId: c.companies.ege });
      await insertReportLink({ ...c, companyId: c.companies.marmara });
      return { resource: { companyId: c.actor.companyId } };
    },
    check: (res, c) => {
      const items = res.json().data as { company_id: number }[];
      if (items.length === 0) throw new Error(`${c.role}: nothing listed`);
      if (c.role !== 'superadmin' && items.some((i) => i.company_id !== c.actor.companyId))
        throw new Error(`${c.role}: another company's share links listed`);
      if (c.role === 'superadmin' && !items.some((i) => i.company_id === c.companies.marmara))
        throw new Error('superadmin: not every company');
      if (res.body.includes('token') || res.body.includes('password_hash')) throw new Error(`${c.role}: the list shows a secret`);
    },
  },
  'GET /api/share-links/page': {
    needs: 'shareLink.manage',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await insertReportLink({ ...c, companyId: c.companies.ege });
      await insertReportLink({ ...c, companyId: c.companies.marmara });
      // another company asked for: honoured for the superadmin only (a manager reads their own)
      return { query: `?state=active&company_id=${c.companies.marmara}`, resource: { companyId: c.actor.companyId } };
    },
    check: (res, c) => {
      const page = res.json().data as { items: { company_id: number; state: string }[]; turbines: { company_id: number }[] };
      if (page.items.length === 0) throw new Error(`${c.role}: nothing listed`);
      if (page.items.some((i) => i.state !== 'active')) throw new Error(`${c.role}: the state filter was not applied`);
      const want = c.role === 'superadmin' ? c.companies.marmara : c.actor.companyId;
      if ([...page.items, ...page.turbines].some((i) => i.company_id !== want))
        throw new Error(`${c.role}: another company's links listed`);
      if (res.body.includes('token') || res.body.includes('password_hash')) throw new Error(`${c.role}: the page shows a secret`);
    },
  },
  'POST /api/turbines/:id/share-links': {
    needs: 'shareLink.manage',
    ok: 201,
    tenantRow: true,
    body: createShareLinkBodySchema,
    prepare: async (c) => {
      const turbine = await insertTurbine(c.t, c.companyId);
      const report = await insertReport(c.t, turbine.id, await userByEmail(c.t, DEMO.superadmin));
      return {
        params: { id: turbine.id },
        payload: { kind: 'report', report_id: report.id, label: 'Sigorta', expires_in_days: 7 },
        resource: { companyId: c.companyId },
      };
    },
    check: (res, c) => {
      const data = res.json().data as { token: string; path: string };
      if (!/^[A-Za-z0-9_-]{22}$/.test(data.token) || data.path !== `/share/${data.token}`) throw new Error(`${c.role}: no token answered`);
    },
  },
  'DELETE /api/share-links/:id': {
    needs: 'shareLink.manage',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => ({ params: { id: (await insertReportLink(c)).link.id }, resource: { companyId: c.companyId } }),
  },
  'GET /api/share-links/:id/openings': {
    needs: 'shareLink.manage',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => ({ params: { id: (await insertReportLink(c)).link.id }, resource: { companyId: c.companyId } }),
  },
  'POST /api/share/open': {
    needs: 'public', // the token is the authorisation
    ok: 200,
    tenantRow: false,
    body: openShareLinkBodySchema,
    prepare: async (c) => ({ payload: { token: (await insertReportLink(c)).token } }),
  },
  'POST /api/share/refresh': {
    needs: 'public', // the token is the authorisation; no opening is logged
    ok: 200,
    tenantRow: false,
    body: openShareLinkBodySchema,
    prepare: async (c) => ({ payload: { token: (await insertReportLink(c)).token } }),
  },
  'GET /api/share/files/*': {
    needs: 'public', // the link's signed file URL is the authorisation
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      // an evidence crop of a confirmed finding: reading it is not a download (a report or an original would add an
      // audit row, which share-links.test.ts checks), so a GET writes nothing
      const { link } = await insertReportLink(c);
      const author = await userByEmail(c.t, DEMO.superadmin);
      const finding = await insertFinding(c.t, link.turbineId, author, { status: 'confirmed' });
      const cropKey = `turbines/${link.turbineId}/findings/${finding.id}-crop.webp`;
      await c.t.app.ctx.storage.writeBuffer(cropKey, await makeJpeg(16, 16));
      const [observation] = await c.t.app.ctx.db
        .update(findingObservations)
        .set({ cropKey })
        .where(eq(findingObservations.findingId, finding.id))
        .returning();
      await c.t.app.ctx.db
        .update(shareLinks)
        .set({ kind: 'findings', reportId: null, findingIds: [finding.id] })
        .where(eq(shareLinks.id, link.id));
      const url = shareFileUrl(
        c.t.config.jwtSecret,
        link.id,
        `crop/${observation?.id}`,
        Math.floor(c.t.clock.now().getTime() / 1000) + 600,
      );
      return { params: { '*': url.slice('/api/share/files/'.length) } };
    },
  },
};
