/** Rows of the route table (route-table.ts) for inspection campaigns (issue 17). */
import { campaignWaiverBodySchema, createCampaignBodySchema, updateCampaignBodySchema } from '@windscope/contract';
import { insertCampaign, insertWaiver } from './campaign-factories.ts';
import { insertTurbine } from './factories.ts';
import type { RouteCase, RouteContext } from './route-table.ts';

function expectTrue(condition: boolean, message: string) {
  if (!condition) throw new Error(message);
}

/** A campaign of the target company with one turbine in scope. */
async function campaignOf(c: RouteContext) {
  const turbine = await insertTurbine(c.t, c.companyId);
  const campaign = await insertCampaign(c.t, c.companyId, [turbine.id], { methods: ['drone', 'interior'] });
  return { turbine, campaign, params: { id: campaign.id }, resource: { companyId: c.companyId } };
}

export const CAMPAIGN_ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/campaigns': {
    needs: 'campaign.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await campaignOf(c);
      return { query: `?filter_company_id=${c.companyId}` };
    },
    check: (res, c) => {
      const expected = c.role === 'superadmin' ? c.companyId : c.actor.companyId;
      const rows = res.json().data as { company_id: number }[];
      expectTrue(rows.length > 0 && rows.every((r) => r.company_id === expected), `${c.role} sees campaigns of the wrong company`);
    },
  },
  'POST /api/campaigns': {
    needs: 'campaign.create',
    ok: 201,
    tenantRow: false,
    body: createCampaignBodySchema,
    prepare: async (c) => {
      const turbine = await insertTurbine(c.t, c.companyId);
      return {
        payload: {
          name: 'Matris kampanyası',
          company_id: c.companyId,
          year: 2026,
          methods: ['drone', 'robot'],
          planned_start: '2026-05-01',
          planned_end: '2026-05-31',
          turbine_ids: [turbine.id],
        },
        resource: { companyId: c.companyId },
      };
    },
  },
  'GET /api/campaigns/:id': {
    needs: 'campaign.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { params, resource } = await campaignOf(c);
      return { params, resource };
    },
    check: (res, c) => {
      const rows = res.json().data.rows as { drafts: number | null }[];
      expectTrue(rows.length === 1, `${c.role}: the board has no row`);
      const seesDrafts = c.role !== 'customer' && c.role !== 'viewer';
      expectTrue((rows[0]?.drafts === null) === !seesDrafts, `${c.role}: drafts shown to the wrong role`);
    },
  },
  'PUT /api/campaigns/:id': {
    needs: 'campaign.update',
    ok: 200,
    tenantRow: true,
    body: updateCampaignBodySchema,
    prepare: async (c) => {
      const { params, resource, turbine } = await campaignOf(c);
      return { params, payload: { name: 'Düzenlendi', year: 2025, planned_end: '2026-07-15', turbine_ids: [turbine.id] }, resource };
    },
  },
  'DELETE /api/campaigns/:id': {
    needs: 'campaign.delete',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { params, resource } = await campaignOf(c);
      return { params, resource };
    },
  },
  'POST /api/campaigns/:id/waivers': {
    needs: 'campaign.waive',
    ok: 201,
    tenantRow: true,
    body: campaignWaiverBodySchema,
    prepare: async (c) => {
      const { params, resource, turbine } = await campaignOf(c);
      return { params, payload: { turbine_id: turbine.id, method: 'interior', blade: 'B', room: 2, reason: 'Oda kapalı' }, resource };
    },
  },
  'DELETE /api/campaigns/:id/waivers/:waiverId': {
    needs: 'campaign.waive',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { campaign, turbine, resource } = await campaignOf(c);
      const waiver = await insertWaiver(c.t, campaign.id, turbine.id, c.actorUser);
      return { params: { id: campaign.id, waiverId: waiver.id }, resource };
    },
  },
};
