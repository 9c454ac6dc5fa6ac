import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactBodySchema } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { messageOnly } from '../http/envelope.ts';
import { localize } from '../http/error-handler.ts';
import { submitContactMessage } from './service.ts';

export async function contactRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/contact',
      { config: { public: true }, schema: { tags: ['contact'], body: contactBodySchema, response: { 200: messageOnly } } },
      async (req) => {
        await submitContactMessage(ctx, req.body, { ip: req.ip });
        return { success: true as const, message: localize(req, 'CONTACT_SENT') };
      },
    );
}
