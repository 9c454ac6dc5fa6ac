import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tusOutcomeResponseSchema } from '@windscope/contract';
import { requireAuth } from '../../http/auth-hook.ts';
import { localize } from '../../http/error-handler.ts';
import type { TusUploads } from './tus-service.ts';

/** The one content type of a tus PATCH body (and of a creation that carries bytes). */
const TUS_BODY_TYPE = 'application/offset+octet-stream';
const uploadParams = z.object({ id: z.string().max(64) });
const tags = ['uploads'];
const protocol =
  'tus 1.0.0 (creation, creation-with-upload, termination, expiration; Tus-Max-Size is the photo limit). Upload-Metadata (base64 values): contract tusPhotoMetadataSchema. Refusals are the error envelope { success: false, code, message }.';

/** The tus endpoint (contract TUS_PATH, /api/uploads): the request body is left to tus (never parsed here). Every
 *  method but OPTIONS needs a session (the auth hook runs first); PATCH and POST count as uploads (body timers, the
 *  user's uploads-at-once slots, see tus-service.ts). */
export async function tusRoutes(app: FastifyInstance, tus: TusUploads) {
  await app.register(async (scope) => {
    // tus' PATCH body: a stream tus reads itself
    scope.addContentTypeParser(TUS_BODY_TYPE, (_request, _payload, done) => done(null, undefined));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const upload = { upload: true };
    r.post(
      '/uploads',
      { config: upload, schema: { tags, description: `Creates a resumable photo upload. ${protocol}` } },
      async (req, reply) => tus.handle(req, reply, requireAuth(req)),
    );
    r.route({
      method: 'HEAD',
      url: '/uploads/:id',
      // tus' HEAD is an operation of its own (the offset to resume at), not the shadow of a GET
      config: { swagger: { exposeHeadRoute: true } },
      schema: { tags, params: uploadParams, description: 'Upload-Offset and Upload-Length of the caller’s upload.' },
      handler: async (req, reply) => tus.handle(req, reply, requireAuth(req)),
    });
    r.patch(
      '/uploads/:id',
      {
        config: upload,
        // a piece of another type (JSON, text, none) is 415 before its body is parsed (tus' own check answers 400/403)
        preParsing: async (req, reply, payload) => {
          const type = String(req.headers['content-type'] ?? '')
            .split(';')[0]
            ?.trim()
            .toLowerCase();
          if (type === TUS_BODY_TYPE) return payload;
          return reply
            .status(415)
            .type('application/json; charset=utf-8')
            .send({ success: false, code: 'TUS_CONTENT_TYPE', message: localize(req, 'TUS_CONTENT_TYPE') });
        },
        schema: {
          tags,
          params: uploadParams,
          consumes: [TUS_BODY_TYPE],
          description:
            'Appends bytes at Upload-Offset. The last PATCH answers the pipeline’s outcome: 200 with Upload-Offset and { success: true, data: Photo, message }, or the refusal envelope with its status (400 name, 409 duplicate name, 413 too large, 415 type, 422 damaged).',
        },
      },
      async (req, reply) => tus.handle(req, reply, requireAuth(req)),
    );
    r.delete(
      '/uploads/:id',
      { schema: { tags, params: uploadParams, description: 'Ends the caller’s upload and removes its bytes.' } },
      async (req, reply) => tus.handle(req, reply, requireAuth(req)),
    );
    for (const url of ['/uploads', '/uploads/:id']) {
      r.route({
        method: 'OPTIONS',
        url,
        config: { public: true },
        schema: { hide: true },
        handler: async (req, reply) => tus.handle(req, reply, null),
      });
    }
    r.get('/uploads/:id/outcome', { schema: { tags, params: uploadParams, response: { 200: tusOutcomeResponseSchema } } }, async (req) => {
      const data = await tus.outcome(req, requireAuth(req), req.params.id);
      return { success: true as const, data, message: localize(req, 'TUS_OUTCOME_LOADED') };
    });
  });
}
