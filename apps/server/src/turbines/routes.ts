import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTurbineBodySchema,
  deleteTurbineBodySchema,
  idParamSchema,
  turbineListQuerySchema,
  turbineSchema,
  updateTurbineBodySchema,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import { sendPrepared } from '../http/serialized-answers.ts';
import { createTurbine, deleteTurbine, getTurbine, type TurbineDeletionHook, turbineListing, updateTurbine } from './service.ts';

const invalidTurbineId = { status: 400, code: 'TURBINE_INVALID_ID' } as const;

export async function turbineRoutes(app: FastifyInstance, ctx: AppContext, options: { afterDelete?: TurbineDeletionHook[] } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['turbines'];

  // the answer is a cached, already serialized buffer of `{ success, data: Turbine[], message }` (contract turbineSchema);
  // the response schema stays for the API documentation
  r.get(
    '/turbines',
    { schema: { tags, querystring: turbineListQuerySchema, response: { 200: envelope(z.array(turbineSchema)) } } },
    async (req, reply) => {
      const listing = await turbineListing(ctx, requireAuth(req).actor, req.query.filter_company_id, localize(req, 'TURBINES_LOADED'));
      return sendPrepared(req, reply, listing);
    },
  );

  r.get(
    '/turbines/:id',
    { schema: { tags, params: idParamSchema, response: { 200: envelope(turbineSchema, { turbine: turbineSchema }) } } },
    async (req) => {
      const turbine = await getTurbine(ctx, requireAuth(req).actor, routeId(req.params.id, invalidTurbineId));
      return { success: true as const, data: turbine, turbine };
    },
  );

  r.post(
    '/turbines',
    { schema: { tags, body: createTurbineBodySchema, response: { 201: envelope(turbineSchema, { turbine: turbineSchema }) } } },
    async (req, reply) => {
      const turbine = await createTurbine(ctx, requireAuth(req).actor, req.body);
      return reply.status(201).send({ success: true as const, data: turbine, turbine, message: localize(req, 'TURBINE_CREATED') });
    },
  );

  r.put(
    '/turbines/:id',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: updateTurbineBodySchema,
        response: { 200: envelope(turbineSchema, { turbine: turbineSchema }) },
      },
    },
    async (req) => {
      const turbine = await updateTurbine(ctx, requireAuth(req).actor, routeId(req.params.id, invalidTurbineId), req.body);
      return { success: true as const, data: turbine, turbine, message: localize(req, 'TURBINE_UPDATED') };
    },
  );

  r.delete(
    '/turbines/:id',
    { schema: { tags, params: idParamSchema, body: deleteTurbineBodySchema, response: { 200: messageOnly } } },
    async (req) => {
      const id = routeId(req.params.id, invalidTurbineId);
      await deleteTurbine(ctx, requireAuth(req).actor, id, options.afterDelete);
      return { success: true as const, message: localize(req, 'TURBINE_DELETED'), data: { id } };
    },
  );
}
