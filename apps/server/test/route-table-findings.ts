/** Rows of the route table (route-table.ts) for findings (DECISIONS §12). */
import {
  createFindingBodySchema,
  findingResource,
  findingStatusBodySchema,
  linkFindingBodySchema,
  linkPlacementBodySchema,
  observationBodySchema,
  updateFindingBodySchema,
} from '@windscope/contract';
import { eq } from 'drizzle-orm';
import { findingObservations } from '../src/db/schema.ts';
import { insertTurbine, insertUser } from './factories.ts';
import { FLAT_BOX, insertFinding, insertKindPhoto } from './finding-factories.ts';
import type { RouteCase, RouteContext } from './route-table.ts';

const staff = (c: RouteContext) => c.role !== 'customer' && c.role !== 'viewer';

/** A turbine of the target company with a confirmed finding (customers and viewers see confirmed ones). */
async function confirmedFinding(c: RouteContext, photos = 1) {
  const turbine = await insertTurbine(c.t, c.companyId);
  const photoIds = [];
  for (let i = 0; i < photos; i++) photoIds.push((await insertKindPhoto(c.t, turbine.id, c.actorUser)).id);
  const finding = await insertFinding(c.t, turbine.id, c.actorUser, { status: 'confirmed', photoIds });
  const resource = findingResource(c.companyId, { created_by: c.actorUser.id, repaired_by: null, status: 'confirmed' });
  return { turbine, finding, photoIds, resource, params: { id: turbine.id, findingId: finding.id } };
}

const LINK_PLACE = { status: 'confirmed', blade: 'A', surface: 'LE', type: 'crack' } as const;

/** A 2026 confirmed finding (the sighting to link) and a 2025 one at the same place (blade A, LE, 12 m). */
async function linkPair(c: RouteContext, distance = 12) {
  const turbine = await insertTurbine(c.t, c.companyId);
  const place = { ...LINK_PLACE, distance };
  const earlier = await insertFinding(c.t, turbine.id, c.actorUser, { ...place, year: 2025 });
  const later = await insertFinding(c.t, turbine.id, c.actorUser, { ...place, distance: distance + 0.4, year: 2026 });
  return { turbine, earlier, later, resource: { companyId: c.companyId }, params: { id: turbine.id, findingId: later.id } };
}

function expectTrue(condition: boolean, message: string) {
  if (!condition) throw new Error(message);
}

/** The turbine a fleet list case prepared, by the case's context (its check looks for it). */
const preparedTurbines = new WeakMap<RouteContext, number>();
/** the finding each export call was prepared with (GET /api/findings/export) */
const preparedFindings = new WeakMap<RouteContext, number>();

export const FINDING_ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/turbines/:id/findings': {
    needs: 'finding.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { turbine } = await confirmedFinding(c);
      await insertFinding(c.t, turbine.id, c.actorUser, { status: 'draft' });
      return { params: { id: turbine.id }, resource: { companyId: c.companyId } };
    },
    check: (res, c) => {
      const statuses = (res.json().data as { status: string }[]).map((f) => f.status).sort();
      expectTrue(
        JSON.stringify(statuses) === JSON.stringify(staff(c) ? ['confirmed', 'draft'] : ['confirmed']),
        `${c.role} sees ${statuses}`,
      );
    },
  },
  'POST /api/turbines/:id/findings': {
    needs: 'finding.create',
    ok: 201,
    tenantRow: true,
    body: createFindingBodySchema,
    prepare: async (c) => {
      const turbine = await insertTurbine(c.t, c.companyId);
      const photo = await insertKindPhoto(c.t, turbine.id, c.actorUser);
      return {
        params: { id: turbine.id },
        payload: {
          blade: 'A',
          surface: 'LE',
          type: 'erosion',
          severity: 2,
          notes: 'matrix',
          observation: { photo_id: photo.id, geometry: FLAT_BOX },
        },
        resource: { companyId: c.companyId },
      };
    },
  },
  'GET /api/turbines/:id/findings/export': {
    needs: 'finding.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => ({
      params: { id: (await confirmedFinding(c)).turbine.id },
      query: '?format=csv',
      resource: { companyId: c.companyId },
    }),
  },
  'GET /api/findings/export': {
    needs: 'finding.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      // a confirmed finding 4 m from the root, on a turbine without a model or blade type
      const turbine = await insertTurbine(c.t, c.companyId);
      const finding = await insertFinding(c.t, turbine.id, c.actorUser, { status: 'confirmed', distance: 4 });
      preparedFindings.set(c, finding.id);
      // the fleet findings list's filters (issue 27): its "no model" / "no blade type" bars, a band, the list's statuses
      return {
        query: `?format=csv&filter_company_id=${c.companyId}&no_model=1&no_blade_type=1&distance_from=0&distance_to=10&status=open`,
      };
    },
    check: (res, c) => {
      // the finding numbers: the first column after the filters' line and the header
      const ids = res.body
        .split('\r\n')
        .slice(2)
        .map((line) => Number(line.split(',')[0]));
      const sees = c.role === 'superadmin' || c.companyId === c.actor.companyId;
      expectTrue(ids.includes(preparedFindings.get(c) ?? 0) === sees, `${c.role} exports findings of the wrong company`);
    },
  },
  'GET /api/findings': {
    needs: 'finding.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      const { turbine } = await confirmedFinding(c);
      preparedTurbines.set(c, turbine.id);
      return { query: `?filter_company_id=${c.companyId}&status=open` };
    },
    check: (res, c) => {
      const ids = new Set((res.json().data.items as { turbine_id: number }[]).map((f) => f.turbine_id));
      const sees = c.role === 'superadmin' || c.companyId === c.actor.companyId;
      expectTrue(ids.has(preparedTurbines.get(c) ?? 0) === sees, `${c.role} sees findings of the wrong company`);
    },
  },
  'GET /api/findings/distance-bands': {
    needs: 'finding.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await confirmedFinding(c);
      return { query: `?filter_company_id=${c.companyId}` };
    },
  },
  'GET /api/turbines/:id/photos/:photoId/findings': {
    needs: 'finding.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { turbine, photoIds, resource } = await confirmedFinding(c);
      return { params: { id: turbine.id, photoId: photoIds[0] ?? 0 }, resource };
    },
    check: (res, c) => expectTrue((res.json().data as unknown[]).length === 1, `${c.role} sees no overlay`),
  },
  'GET /api/turbines/:id/findings/:findingId': {
    needs: 'finding.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { params, resource } = await confirmedFinding(c);
      return { params, resource };
    },
  },
  'PUT /api/turbines/:id/findings/:findingId': {
    needs: 'finding.update',
    ok: 200,
    tenantRow: true,
    body: updateFindingBodySchema,
    prepare: async (c) => {
      const { params, resource } = await confirmedFinding(c);
      return { params, payload: { version: 1, notes: 'edited', severity: 4 }, resource };
    },
  },
  'POST /api/turbines/:id/findings/:findingId/status': {
    needs: 'finding.plan',
    ok: 200,
    tenantRow: true,
    body: findingStatusBodySchema,
    prepare: async (c) => {
      const { params, resource } = await confirmedFinding(c);
      return { params, payload: { to: 'repair_planned', version: 1 }, resource };
    },
  },
  'DELETE /api/turbines/:id/findings/:findingId': {
    needs: 'finding.delete',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      // staff delete their own draft; customers and viewers (who never see drafts) are aimed at a confirmed one
      if (!staff(c)) {
        const { params, resource } = await confirmedFinding(c);
        return { params, resource };
      }
      const turbine = await insertTurbine(c.t, c.companyId);
      const finding = await insertFinding(c.t, turbine.id, c.actorUser, { status: 'draft' });
      const resource = findingResource(c.companyId, { created_by: c.actorUser.id, repaired_by: null, status: 'draft' });
      return { params: { id: turbine.id, findingId: finding.id }, resource };
    },
  },
  'POST /api/turbines/:id/findings/:findingId/observations': {
    needs: 'finding.update',
    ok: 201,
    tenantRow: true,
    body: observationBodySchema,
    prepare: async (c) => {
      const { turbine, params, resource } = await confirmedFinding(c);
      const photo = await insertKindPhoto(c.t, turbine.id, c.actorUser, { year: 2027 });
      return { params, payload: { photo_id: photo.id, geometry: FLAT_BOX, kind: 'sighting', severity: 4, notes: 'again' }, resource };
    },
  },
  'DELETE /api/turbines/:id/findings/:findingId/observations/:observationId': {
    needs: 'finding.update',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { finding, params, resource } = await confirmedFinding(c, 2);
      const [observation] = await c.t.app.ctx.db
        .select({ id: findingObservations.id })
        .from(findingObservations)
        .where(eq(findingObservations.findingId, finding.id))
        .limit(1);
      return { params: { ...params, observationId: observation?.id ?? 0 }, query: '?version=1', resource };
    },
  },
  'POST /api/turbines/:id/findings/suggestions': {
    needs: 'finding.link',
    ok: 200,
    tenantRow: true,
    body: linkPlacementBodySchema,
    prepare: async (c) => {
      // at the largest distance allowed (200 m): the bad-input battery's "+ 0.5" is then out of range
      const { turbine, resource } = await linkPair(c, 199.5);
      return {
        params: { id: turbine.id },
        payload: { blade: 'A', surface: 'LE', distance_from_root_m: 200, type: 'crack', year: 2027 },
        resource,
      };
    },
    check: (res, c) => expectTrue((res.json().data as unknown[]).length === 2, `${c.role}: not both earlier findings suggested`),
  },
  'GET /api/turbines/:id/findings/link-review': {
    needs: 'finding.link',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { turbine, resource } = await linkPair(c);
      return { params: { id: turbine.id }, query: '?year=2026', resource };
    },
    check: (res, c) => expectTrue((res.json().data as unknown[]).length === 1, `${c.role}: the 2026 finding has no review item`),
  },
  'GET /api/turbines/:id/findings/:findingId/link-suggestions': {
    needs: 'finding.link',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { params, resource } = await linkPair(c);
      return { params, resource };
    },
    check: (res, c) => expectTrue((res.json().data as unknown[]).length === 1, `${c.role}: the 2025 finding is not suggested`),
  },
  'POST /api/turbines/:id/findings/:findingId/link': {
    needs: 'finding.link',
    ok: 200,
    tenantRow: true,
    body: linkFindingBodySchema,
    prepare: async (c) => {
      // another operator's reviewed sighting: a reviewer's step (issue 23), so superadmin and managers only
      const author = await insertUser(c.t, { companyId: c.companyId, role: 'operator' });
      const { params, earlier, turbine } = await linkPair(c);
      const later = await insertFinding(c.t, turbine.id, author, { ...LINK_PLACE, distance: 12.4, year: 2026 });
      const resource = findingResource(c.companyId, { created_by: author.id, repaired_by: null, status: 'confirmed' });
      return { params: { ...params, findingId: later.id }, payload: { target_id: earlier.id, version: 1 }, resource };
    },
    check: (res, c) => expectTrue(res.json().data.observation_count === 2, `${c.role}: the sighting did not move`),
  },
  'POST /api/turbines/:id/findings/:findingId/link-suggestions/:targetId/dismiss': {
    needs: 'finding.link',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const { params, resource, earlier } = await linkPair(c);
      return { params: { ...params, targetId: earlier.id }, resource };
    },
  },
};
