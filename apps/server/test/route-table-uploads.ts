/** Rows of the route table (route-table.ts) for field uploads (DECISIONS §13): the tus endpoint, known hashes, coverage.
 *  The tus routes carry no JSON: their requests are made of tus headers (and raw bytes for PATCH), built in `prepare`.
 *  HEAD and OPTIONS are not in the table (app.apiRoutes leaves them out); tus-uploads.test.ts covers them. */
import { randomBytes } from 'node:crypto';
import { Upload } from '@tus/utils';
import { knownHashesBodySchema, TUS_PATH } from '@windscope/contract';
import { tusUploads } from '../src/db/schema.ts';
import { insertTurbine, unique } from './factories.ts';
import type { BadInput, RouteCase, RouteContext } from './route-table.ts';
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

/** Upload-Metadata back to its fields (base64 values). */
function metadataOf(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [key = '', value = ''] = pair.split(' ');
        return [key, Buffer.from(value, 'base64').toString()];
      }),
  );
}

const unsupportedVersion = { status: 412, code: 'TUS_VERSION_UNSUPPORTED' };
const badField = { status: 400, code: 'TUS_METADATA_FIELD' };
const wrongType = { status: 415, code: 'TUS_CONTENT_TYPE' };

/** Tus headers every tus request must get right: the protocol version. */
const versionVariants = (): BadInput[] => [
  { label: 'Tus-Resumable 0.2.2', headers: { 'tus-resumable': '0.2.2' }, ...unsupportedVersion },
  { label: 'Tus-Resumable empty', headers: { 'tus-resumable': '' }, ...unsupportedVersion },
  { label: 'Tus-Resumable 1.0.0 with junk', headers: { 'tus-resumable': '1.0.0, 2.0.0' }, ...unsupportedVersion },
];

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
    // issue 23 item 14: bad metadata is named by its field; a deferred or impossible length, another version: refused
    badInput: (prepared): BadInput[] => {
      const meta = metadataOf(prepared.headers?.['upload-metadata']);
      const withMeta = (
        label: string,
        change: Record<string, string | undefined>,
        expected: { status: number; code: string },
      ): BadInput => ({
        label,
        headers: { 'upload-metadata': tusMetadata({ ...meta, ...change }) },
        status: expected.status,
        code: expected.code,
      });
      return [
        ...versionVariants(),
        withMeta('metadata without filename', { filename: undefined }, badField),
        withMeta('metadata without turbine_id', { turbine_id: undefined }, badField),
        withMeta('metadata with turbine_id "abc"', { turbine_id: 'abc' }, badField),
        withMeta('metadata with a bad sha256', { sha256: 'not-a-hash' }, badField),
        withMeta(
          'metadata with a 300-character filename',
          { filename: `${'a'.repeat(296)}.jpg` },
          { status: 400, code: 'TUS_FILENAME_TOO_LONG' },
        ),
        withMeta('metadata with blade D', { blade: 'D' }, badField),
        withMeta('metadata with neither room nor category', { room: undefined }, { status: 400, code: 'TUS_PLACEMENT_INVALID' }),
        // issue 24 item 17: insertTurbine makes 3 rooms; room 4 cannot show in its coverage
        withMeta('metadata with room 4 of a 3-room turbine', { room: '4' }, { status: 400, code: 'PHOTO_ROOM_BEYOND_TURBINE' }),
        withMeta('metadata with a NUL in the filename', { filename: 'a\u0000b.jpg' }, { status: 400, code: 'PHOTO_INVALID_NAMES' }),
        { label: 'metadata not base64', headers: { 'upload-metadata': 'filename ###,turbine_id' } },
        { label: 'metadata with a repeated key', headers: { 'upload-metadata': 'filename YQ==,filename Yg==' } },
        { label: 'Upload-Length abc', headers: { 'upload-length': 'abc' } },
        { label: 'Upload-Length -1', headers: { 'upload-length': '-1' } },
        { label: 'Upload-Length past the photo limit', headers: { 'upload-length': String(10 * 1024 ** 4) }, status: 413 },
        { label: 'Upload-Defer-Length instead of a length', headers: { 'upload-length': '', 'upload-defer-length': '1' }, status: 400 },
      ];
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
    badInput: (): BadInput[] => [
      ...versionVariants(),
      { label: 'a JSON piece', headers: { 'content-type': 'application/json' }, payload: '{"a":1}', ...wrongType },
      { label: 'a text piece', headers: { 'content-type': 'text/plain' }, payload: 'abc', ...wrongType },
      { label: 'an octet-stream piece', headers: { 'content-type': 'application/octet-stream' }, ...wrongType },
      { label: 'no content type', headers: { 'content-type': '' }, ...wrongType },
      { label: 'Upload-Offset abc', headers: { 'upload-offset': 'abc' } },
      { label: 'Upload-Offset -5', headers: { 'upload-offset': '-5' } },
      { label: 'Upload-Offset past the bytes received', headers: { 'upload-offset': '32' }, status: 409 },
      { label: 'no Upload-Offset', headers: { 'upload-offset': '' } },
      { label: 'more bytes than the upload declared', payload: Buffer.alloc(100, 1) },
    ],
  },
  [`DELETE ${TUS_PATH}/:id`]: {
    needs: 'signed-in',
    ok: 204,
    tenantRow: false,
    prepare: async (c) => ({ params: { id: (await ownUpload(c)).id }, headers: TUS }),
    badInput: versionVariants,
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
