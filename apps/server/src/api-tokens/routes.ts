import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenSchema, createApiTokenBodySchema, createdApiTokenSchema, idParamSchema } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './service.ts';

/** DECISIONS §17: the signed-in user's own API tokens. A token cannot use these routes (auth-hook: session only). */
export async function apiTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api-tokens'];

  r.get(
    '/api-tokens',
    {
      schema: { tags, operationId: 'listApiTokens', summary: 'List your API tokens', response: { 200: envelope(z.array(apiTokenSchema)) } },
    },
    async (req) => ({ success: true as const, data: await listApiTokens(ctx, requireAuth(req)) }),
  );

  r.post(
    '/api-tokens',
    {
      schema: {
        tags,
        operationId: 'createApiToken',
        summary: 'Create an API token (the answer is the only time it is shown)',
        body: createApiTokenBodySchema,
        response: { 201: envelope(createdApiTokenSchema) },
      },
    },
    async (req, reply) => {
      const data = await createApiToken(ctx, requireAuth(req), req.body);
      reply.code(201);
      return { success: true as const, data, message: localize(req, 'API_TOKEN_CREATED') };
    },
  );

  r.delete(
    '/api-tokens/:id',
    {
      schema: {
        tags,
        operationId: 'revokeApiToken',
        summary: 'Revoke one of your API tokens',
        params: idParamSchema,
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      await revokeApiToken(ctx, requireAuth(req), routeId(req.params.id));
      return { success: true as const, message: localize(req, 'API_TOKEN_REVOKED') };
    },
  );
}
