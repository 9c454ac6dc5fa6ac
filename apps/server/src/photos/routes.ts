import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  coverageQuerySchema,
  coverageResponseSchema,
  idParamSchema,
  knownHashesBodySchema,
  knownHashesResponseSchema,
  photoDeleteQuerySchema,
  photoListQuerySchema,
  photoUploadResponseSchema,
  uploadLimitsSchema,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import { clientGoneSignal, readUploadForm } from '../uploads/upload-form.ts';
import { sendUploadOutcome } from '../uploads/upload-reply.ts';
import { deletePhoto } from './delete-service.ts';
import { knownHashes, turbineCoverage } from './field-service.ts';
import { photoListing } from './list-cache.ts';
import { sendPrepared } from '../http/serialized-answers.ts';
import { uploadPhotos } from './upload-service.ts';
import { photoWording } from './wording.ts';

const invalidTurbineId = { status: 400, code: 'TURBINE_INVALID_ID' } as const;

export async function photoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['photos'];

  // the limits this server applies (MAX_PHOTO_MB, MAX_REPORT_MB, MAX_MEGAPIXELS), the same for every signed-in user:
  // the upload manager flags files over them before sending anything
  r.get(
    API_PATHS.uploadLimits,
    { schema: { tags, summary: 'The file limits this server applies to uploads', response: { 200: envelope(uploadLimitsSchema) } } },
    async () => ({
      success: true as const,
      data: {
        photo_bytes: ctx.config.limits.photoBytes,
        report_bytes: ctx.config.limits.reportBytes,
        max_megapixels: ctx.config.limits.maxMegapixels,
      },
    }),
  );

  // the answer is a cached, already serialized buffer of `{ success, data: Photo[], message }` (contract photoSchema)
  const listSchema = {
    tags,
    params: idParamSchema,
    querystring: photoListQuerySchema,
    description: 'data: Photo[] (contract photoSchema)',
  };
  r.get('/turbines/:id/photos', { schema: listSchema }, async (req, reply) => {
    const id = routeId(req.params.id, invalidTurbineId);
    const listing = await photoListing(ctx, requireAuth(req).actor, id, req.query, localize(req, 'PHOTOS_LOADED'));
    return sendPrepared(req, reply, listing);
  });

  r.post(
    '/turbines/:id/photos',
    {
      config: { upload: true },
      schema: { tags, params: idParamSchema, consumes: ['multipart/form-data'], response: { 201: photoUploadResponseSchema } },
    },
    async (req, reply) => {
      const id = routeId(req.params.id, invalidTurbineId);
      const auth = requireAuth(req);
      const result = await ctx.uploadSlots.run(auth.actor.id, () =>
        ctx.derivatives.whileUploading(() => uploadPhotos(ctx, auth, id, () => readUploadForm(req, 'photos'), clientGoneSignal(reply))),
      );
      return sendUploadOutcome(req, reply, { stored: result.photos, refused: result.refused }, photoWording(ctx));
    },
  );

  r.delete(
    '/turbines/:id/photos',
    { schema: { tags, params: idParamSchema, querystring: photoDeleteQuerySchema, response: { 200: messageOnly } } },
    async (req) => {
      await deletePhoto(ctx, requireAuth(req).actor, routeId(req.params.id, invalidTurbineId), req.query.key);
      return { success: true as const, message: localize(req, 'PHOTO_DELETED') };
    },
  );

  r.post(
    '/turbines/:id/photos/known-hashes',
    { schema: { tags, params: idParamSchema, body: knownHashesBodySchema, response: { 200: knownHashesResponseSchema } } },
    async (req) => {
      const id = routeId(req.params.id, invalidTurbineId);
      const data = await knownHashes(ctx, requireAuth(req).actor, id, req.body.sha256);
      return { success: true as const, data, message: localize(req, 'PHOTO_HASHES_CHECKED', { n: data.length }) };
    },
  );

  r.get(
    '/turbines/:id/coverage',
    { schema: { tags, params: idParamSchema, querystring: coverageQuerySchema, response: { 200: coverageResponseSchema } } },
    async (req) => {
      const id = routeId(req.params.id, invalidTurbineId);
      const data = await turbineCoverage(ctx, requireAuth(req).actor, id, req.query.year);
      return { success: true as const, data, message: localize(req, 'COVERAGE_LOADED') };
    },
  );
}
