import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBodySchema, createUserBodySchema, idParamSchema, updateUserBodySchema, userSchema } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize, requestLanguage } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import { cancelEmailChange, changeUserPassword, createUser, deleteUser, getUser, listUsers, updateUser } from './service.ts';

/** The spec's client sends user_id, role and company_id on the list call; they are accepted and ignored. */
const listQuery = z.object({ user_id: z.string().optional(), role: z.string().optional(), company_id: z.string().optional() });

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get('/users', { schema: { tags, querystring: listQuery, response: { 200: envelope(z.array(userSchema)) } } }, async (req) => ({
    success: true as const,
    data: await listUsers(ctx, requireAuth(req).actor),
  }));

  r.get('/users/:id', { schema: { tags, params: idParamSchema, response: { 200: envelope(userSchema) } } }, async (req) => ({
    success: true as const,
    data: await getUser(ctx, requireAuth(req).actor, routeId(req.params.id)),
  }));

  r.post('/users', { schema: { tags, body: createUserBodySchema, response: { 201: envelope(userSchema) } } }, async (req, reply) => {
    const data = await createUser(ctx, requireAuth(req).actor, req.body);
    return reply.status(201).send({ success: true as const, data, message: localize(req, 'USER_CREATED') });
  });

  r.put(
    '/users/:id',
    { schema: { tags, params: idParamSchema, body: updateUserBodySchema, response: { 200: envelope(userSchema) } } },
    async (req) => {
      const result = await updateUser(ctx, requireAuth(req).actor, routeId(req.params.id), req.body, { lang: requestLanguage(req) });
      return {
        success: true as const,
        data: result.user,
        message: localize(req, result.emailPending ? 'USER_UPDATED_EMAIL_PENDING' : 'USER_UPDATED'),
      };
    },
  );

  // a manager's change of an address waits for the new address to confirm it (email-change.ts); this withdraws it
  r.delete(
    '/users/:id/email-change',
    { schema: { tags, params: idParamSchema, response: { 200: envelope(userSchema) } } },
    async (req) => ({
      success: true as const,
      data: await cancelEmailChange(ctx, requireAuth(req).actor, routeId(req.params.id)),
      message: localize(req, 'EMAIL_CHANGE_CANCELLED'),
    }),
  );

  r.put(
    '/users/:id/password',
    { schema: { tags, params: idParamSchema, body: changePasswordBodySchema, response: { 200: messageOnly } } },
    async (req) => {
      const auth = requireAuth(req);
      await changeUserPassword(ctx, auth.actor, routeId(req.params.id), req.body, auth.sessionId);
      return { success: true as const, message: localize(req, 'PASSWORD_CHANGED') };
    },
  );

  r.delete('/users/:id', { schema: { tags, params: idParamSchema, response: { 200: messageOnly } } }, async (req) => {
    const id = routeId(req.params.id);
    await deleteUser(ctx, requireAuth(req).actor, id);
    return { success: true as const, message: localize(req, 'USER_DELETED'), data: { id } };
  });
}
