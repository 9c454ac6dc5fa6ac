/** Rows of the route table (route-table.ts) for photos, reports and signed file URLs. */
import { reportGenerateBodySchema } from '@windscope/contract';
import { reportJobs } from '../src/db/schema.ts';
import { signFileUrl, signZoomBase, urlExpiry } from '../src/files/signed-urls.ts';
import { insertCampaign } from './campaign-factories.ts';
import { fileHolderFor, insertPhoto, insertReport, insertTurbine, unique } from './factories.ts';
import type { BadInput, PreparedCall, RouteCase, RouteContext } from './route-table.ts';
import { formBody, makeJpeg, makePdf } from './uploads.ts';

let smallJpeg: Promise<Buffer> | undefined;
/** A multipart upload of one small file, as the web app sends it. */
async function upload(c: RouteContext, kind: 'photos' | 'reports') {
  const turbine = await insertTurbine(c.t, c.companyId);
  const year = c.t.clock.now().getFullYear();
  smallJpeg ??= makeJpeg(64, 48);
  const form =
    kind === 'photos'
      ? await formBody({ room: 1, year, blade: 'A' }, [{ name: `mx-${unique()}.jpg`, bytes: await smallJpeg, type: 'image/jpeg' }])
      : await formBody({ year }, [{ name: `mx-${unique()}.pdf`, bytes: makePdf(), type: 'application/pdf' }], 'reports');
  return { params: { id: turbine.id }, payload: form.payload, headers: form.headers, resource: { companyId: c.companyId } };
}

/** The prepared multipart form with one text field's value replaced. */
function withField(payload: PreparedCall['payload'], name: string, value: string): Buffer {
  if (!Buffer.isBuffer(payload)) throw new Error('a multipart payload was expected');
  const text = payload.toString('latin1');
  const field = new RegExp(`(name="${name}"\\r\\n\\r\\n)[^\\r]*`);
  if (!field.test(text)) throw new Error(`no field ${name} in the form`);
  return Buffer.from(text.replace(field, `$1${value}`), 'latin1');
}

export const FILE_ROUTE_CASES: Record<string, RouteCase> = {
  // One row per registered 'METHOD url'. A multipart route leaves `body` out and sends its parts from
  // `prepare` (the bad-input battery then checks its ids and non-multipart bodies).
  'GET /api/turbines/:id/photos': {
    needs: 'photo.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => ({
      params: { id: (await insertTurbine(c.t, c.companyId)).id },
      query: '?view=all',
      resource: { companyId: c.companyId },
    }),
  },
  'POST /api/turbines/:id/photos': {
    needs: 'photo.upload',
    ok: 201,
    tenantRow: true,
    prepare: (c) => upload(c, 'photos'),
    // issue 24 item 17: a room beyond the turbine's (insertTurbine: 3 rooms) is refused, as at the tus creation
    badInput: (prepared): BadInput[] => [
      {
        label: 'room 4 of a 3-room turbine',
        payload: withField(prepared.payload, 'room', '4'),
        status: 400,
        code: 'PHOTO_ROOM_BEYOND_TURBINE',
      },
      { label: 'room 0', payload: withField(prepared.payload, 'room', '0'), status: 400, code: 'PHOTO_UPLOAD_FIELDS' },
    ],
  },
  'DELETE /api/turbines/:id/photos': {
    needs: 'photo.delete',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const turbine = await insertTurbine(c.t, c.companyId);
      const photo = await insertPhoto(c.t, turbine.id, c.actorUser);
      return {
        params: { id: turbine.id },
        query: `?key=${encodeURIComponent(photo.storageKey)}`,
        resource: { companyId: c.companyId, ownerId: c.actorUser.id },
      };
    },
  },
  'GET /api/turbines/:id/reports': {
    needs: 'report.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => ({ params: { id: (await insertTurbine(c.t, c.companyId)).id }, resource: { companyId: c.companyId } }),
  },
  'POST /api/turbines/:id/reports': { needs: 'report.upload', ok: 201, tenantRow: true, prepare: (c) => upload(c, 'reports') },
  'DELETE /api/turbines/:id/reports/:reportId': {
    needs: 'report.delete',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const turbine = await insertTurbine(c.t, c.companyId);
      const report = await insertReport(c.t, turbine.id, c.actorUser);
      return { params: { id: turbine.id, reportId: report.id }, resource: { companyId: c.companyId, ownerId: c.actorUser.id } };
    },
  },
  'POST /api/turbines/:id/reports/generate': {
    needs: 'report.generate',
    ok: 202,
    tenantRow: true,
    body: reportGenerateBodySchema,
    prepare: async (c) => ({
      params: { id: (await insertTurbine(c.t, c.companyId)).id },
      payload: { language: 'tr', new_issue_date: true },
      resource: { companyId: c.companyId },
    }),
  },
  'GET /api/turbines/:id/reports/jobs/:jobId': {
    needs: 'report.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const turbine = await insertTurbine(c.t, c.companyId);
      const [job] = await c.t.app.ctx.db
        .insert(reportJobs)
        .values({ turbineId: turbine.id, companyId: c.companyId, language: 'en', status: 'failed', errorCode: 'REPORT_GENERATION_FAILED' })
        .returning();
      return { params: { id: turbine.id, jobId: job?.id ?? 0 }, resource: { companyId: c.companyId } };
    },
  },
  'POST /api/campaigns/:id/reports/generate': {
    needs: 'report.generate',
    ok: 202,
    tenantRow: true,
    body: reportGenerateBodySchema,
    prepare: async (c) => {
      const turbine = await insertTurbine(c.t, c.companyId);
      const campaign = await insertCampaign(c.t, c.companyId, [turbine.id]);
      return { params: { id: campaign.id }, payload: { language: 'en' }, resource: { companyId: c.companyId } };
    },
  },
  'GET /api/campaigns/:id/reports/jobs/:jobId': {
    needs: 'report.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const campaign = await insertCampaign(c.t, c.companyId, [(await insertTurbine(c.t, c.companyId)).id]);
      const [job] = await c.t.app.ctx.db
        .insert(reportJobs)
        .values({ campaignId: campaign.id, companyId: c.companyId, language: 'tr', status: 'queued' })
        .returning();
      return { params: { id: campaign.id, jobId: job?.id ?? 0 }, resource: { companyId: c.companyId } };
    },
  },
  'GET /api/files/*': {
    needs: 'public', // the signed URL is the authorisation
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      const key = `turbines/${(await insertTurbine(c.t, c.companyId)).id}/reports/2026/1-1-matrix.pdf`;
      await c.t.app.ctx.storage.writeBuffer(key, makePdf());
      const holder = await fileHolderFor(c.t, c.actorUser);
      const expires = urlExpiry(c.t.clock.now(), c.t.config.fileUrlLifetimeSeconds);
      const url = signFileUrl(c.t.config.jwtSecret, { key, kind: 'pdf', expires, download: false, holder });
      return { params: { '*': key }, query: url.slice(url.indexOf('?')) };
    },
  },
  'GET /api/zoom/*': {
    needs: 'public', // the signed base in the path is the authorisation (DECISIONS §16)
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      const key = `turbines/${(await insertTurbine(c.t, c.companyId)).id}/drone/2026/A/0/1-1-matrix.jpg`;
      smallJpeg ??= makeJpeg(64, 48);
      await c.t.app.ctx.storage.writeBuffer(`${key}.tiles/0/0_0.jpeg`, await smallJpeg);
      const holder = await fileHolderFor(c.t, c.actorUser);
      const base = signZoomBase(c.t.config.jwtSecret, key, urlExpiry(c.t.clock.now(), c.t.config.fileUrlLifetimeSeconds), holder);
      return { params: { '*': `${base.slice('/api/zoom/'.length)}0/0_0.jpeg` } };
    },
  },
};
