import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentBodySchema, commentSchema } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import { addComment, editComment, listComments, removeComment } from './service.ts';

const turbineParams = z.object({ id: z.string().max(20) });
const commentParams = z.object({ id: z.string().max(20), commentId: z.string().max(20) });
const invalidTurbineId = { status: 400, code: 'TURBINE_INVALID_ID' } as const;

export async function commentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['comments'];

  r.get(
    '/turbines/:id/comments',
    { schema: { tags, params: turbineParams, response: { 200: envelope(z.array(commentSchema)) } } },
    async (req) => ({
      success: true as const,
      data: await listComments(ctx, requireAuth(req).actor, routeId(req.params.id, invalidTurbineId)),
    }),
  );

  r.post(
    '/turbines/:id/comments',
    {
      schema: {
        tags,
        params: turbineParams,
        body: commentBodySchema,
        response: { 201: envelope(commentSchema, { comment: commentSchema }) },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const comment = await addComment(ctx, auth.actor, auth.user, routeId(req.params.id, invalidTurbineId), req.body.comment);
      return reply.status(201).send({ success: true as const, data: comment, comment, message: localize(req, 'COMMENT_ADDED') });
    },
  );

  r.put(
    '/turbines/:id/comments/:commentId',
    { schema: { tags, params: commentParams, body: commentBodySchema, response: { 200: envelope(commentSchema) } } },
    async (req) => ({
      success: true as const,
      data: await editComment(
        ctx,
        requireAuth(req).actor,
        routeId(req.params.id, invalidTurbineId),
        routeId(req.params.commentId),
        req.body.comment,
      ),
      message: localize(req, 'COMMENT_UPDATED'),
    }),
  );

  r.delete(
    '/turbines/:id/comments/:commentId',
    { schema: { tags, params: commentParams, response: { 200: messageOnly } } },
    async (req) => {
      await removeComment(ctx, requireAuth(req).actor, routeId(req.params.id, invalidTurbineId), routeId(req.params.commentId));
      return { success: true as const, message: localize(req, 'COMMENT_DELETED') };
    },
  );
}
