import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyBodySchema, companySchema, idParamSchema } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from './service.ts';

export async function companyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];

  r.get('/companies', { schema: { tags, response: { 200: envelope(z.array(companySchema)) } } }, async (req) => ({
    success: true as const,
    data: await listCompanies(ctx, requireAuth(req).actor),
  }));

  r.get('/companies/:id', { schema: { tags, params: idParamSchema, response: { 200: envelope(companySchema) } } }, async (req) => ({
    success: true as const,
    data: await getCompany(ctx, requireAuth(req).actor, routeId(req.params.id)),
  }));

  r.post('/companies', { schema: { tags, body: companyBodySchema, response: { 201: envelope(companySchema) } } }, async (req, reply) => {
    const data = await createCompany(ctx, requireAuth(req).actor, req.body);
    return reply.status(201).send({ success: true as const, data, message: localize(req, 'COMPANY_CREATED') });
  });

  r.put(
    '/companies/:id',
    { schema: { tags, params: idParamSchema, body: companyBodySchema, response: { 200: envelope(companySchema) } } },
    async (req) => ({
      success: true as const,
      data: await updateCompany(ctx, requireAuth(req).actor, routeId(req.params.id), req.body),
      message: localize(req, 'COMPANY_UPDATED'),
    }),
  );

  r.delete('/companies/:id', { schema: { tags, params: idParamSchema, response: { 200: messageOnly } } }, async (req) => {
    const id = routeId(req.params.id);
    await deleteCompany(ctx, requireAuth(req).actor, id);
    return { success: true as const, message: localize(req, 'COMPANY_DELETED'), data: { id } };
  });
}
