/** Rows of the route table (route-table.ts) for field uploads (DECISIONS §13): the tus endpoint, known hashes, coverage.
 *  The tus routes carry no JSON: their requests are made of tus headers (and raw bytes for PATCH), built in `prepare`.
 *  HEAD and OPTIONS are not in the table (app.apiRoutes leaves them out); tus-uploads.test.ts covers them. */
import { randomBytes } from 'node:crypto';
import { Upload } from '@tus/utils';
import { knownHashesBodySchema, TUS_PATH } from '@windscope/contract';
import { tusUploads } from '../src/db/schema.ts';
import { insertTurbine, unique } from './factories.ts';
import type { RouteCase, RouteContext } from './route-table.ts';
import { tusMetadata } from './tus.ts';

const TUS = { 'tus-resumable': '1.0.0' };

/** An upload of the actor's own (only its creator may touch it), of a turbine of the target company, 64 bytes long. */
async function ownUpload(c: RouteContext) {
  const turbine = await insertTurbine(c.t, c.companyId);
  const id = randomBytes(16).toString('hex');
  const now = c.t.clock.now();
  const meta = { filename: `mx-${unique()}.jpg`, turbine_id: turbine.id, year: now.getFullYear(), blade: 'A', room: 1 };
  await c.t.app.ctx.db.insert(tusUploads).values({
    id,
    userId: c.actorUser.id,
    turbineId: turbine.id,
    metadata: meta,
    length: 64,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  await c.t.app.ctx.tus.datastore.create(new Upload({ id, size: 64, offset: 0, metadata: {} }));
  return { id, resource: { companyId: c.companyId } };
}

export const UPLOAD_ROUTE_CASES: Record<string, RouteCase> = {
  [`POST ${TUS_PATH}`]: {
    needs: 'photo.upload',
    ok: 201,
    tenantRow: true,
    prepare: async (c) => {
      const turbine = await insertTurbine(c.t, c.companyId);
      const meta = { filename: `mx-${unique()}.jpg`, turbine_id: turbine.id, year: c.t.clock.now().getFullYear(), blade: 'A', room: 1 };
      return { headers: { ...TUS, 'upload-length': '64', 'upload-metadata': tusMetadata(meta) }, resource: { companyId: c.companyId } };
    },
  },
  // only the upload's creator reaches these (another user's upload is 404, tus-uploads.test.ts): any signed-in user
  // who created one may go on with it
  [`PATCH ${TUS_PATH}/:id`]: {
    needs: 'signed-in',
    ok: 204,
    tenantRow: false,
    prepare: async (c) => {
      const { id } = await ownUpload(c);
      return {
        params: { id },
        payload: Buffer.alloc(16, 1),
        headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      };
    },
  },
  [`DELETE ${TUS_PATH}/:id`]: {
    needs: 'signed-in',
    ok: 204,
    tenantRow: false,
    prepare: async (c) => ({ params: { id: (await ownUpload(c)).id }, headers: TUS }),
  },
  [`GET ${TUS_PATH}/:id/outcome`]: {
    needs: 'signed-in',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => ({ params: { id: (await ownUpload(c)).id } }),
  },
  'POST /api/turbines/:id/photos/known-hashes': {
    needs: 'photo.upload',
    ok: 200,
    tenantRow: true,
    body: knownHashesBodySchema,
    prepare: async (c) => ({
      params: { id: (await insertTurbine(c.t, c.companyId)).id },
      payload: { sha256: ['a'.repeat(64)] },
      resource: { companyId: c.companyId },
    }),
  },
  'GET /api/turbines/:id/coverage': {
    needs: 'turbine.read',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => ({
      params: { id: (await insertTurbine(c.t, c.companyId)).id },
      query: `?year=${c.t.clock.now().getFullYear()}`,
      resource: { companyId: c.companyId },
    }),
  },
};
