import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  createWebhookBodySchema,
  idParamSchema,
  updateWebhookBodySchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './service.ts';

/** DECISIONS §17: a company's webhooks, managed by its managers and the superadmin. Another company's hook is 404. */
export async function webhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];

  r.get(
    API_PATHS.webhooks,
    {
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: 'List the webhooks you manage',
        response: { 200: envelope(z.array(webhookSchema)) },
      },
    },
    async (req) => ({ success: true as const, data: await listWebhooks(ctx, requireAuth(req).actor) }),
  );

  r.post(
    API_PATHS.webhooks,
    {
      schema: {
        tags,
        operationId: 'createWebhook',
        summary: 'Create a webhook (the answer is the only time its signing secret is shown)',
        body: createWebhookBodySchema,
        response: { 201: envelope(webhookWithSecretSchema) },
      },
    },
    async (req, reply) => {
      const data = await createWebhook(ctx, requireAuth(req).actor, req.body);
      reply.code(201);
      return { success: true as const, data, message: localize(req, 'WEBHOOK_CREATED') };
    },
  );

  r.patch(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'updateWebhook',
        summary: 'Change a webhook’s address, events or whether it is on',
        params: idParamSchema,
        body: updateWebhookBodySchema,
        response: { 200: envelope(webhookSchema) },
      },
    },
    async (req) => {
      const data = await updateWebhook(ctx, requireAuth(req).actor, routeId(req.params.id), req.body);
      return { success: true as const, data, message: localize(req, 'WEBHOOK_SAVED') };
    },
  );

  r.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook and its delivery log',
        params: idParamSchema,
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      await deleteWebhook(ctx, requireAuth(req).actor, routeId(req.params.id));
      return { success: true as const, message: localize(req, 'WEBHOOK_DELETED') };
    },
  );

  r.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Replace a webhook’s signing secret (the answer is the only time the new one is shown)',
        params: idParamSchema,
        response: { 200: envelope(webhookWithSecretSchema) },
      },
    },
    async (req) => {
      const data = await rotateWebhookSecret(ctx, requireAuth(req).actor, routeId(req.params.id));
      return { success: true as const, data, message: localize(req, 'WEBHOOK_SECRET_ROTATED') };
    },
  );

  r.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        operationId: 'sendWebhookTestEvent',
        summary: 'Queue a test event to a webhook',
        params: idParamSchema,
        response: { 202: messageOnly },
      },
    },
    async (req, reply) => {
      await sendTestEvent(ctx, requireAuth(req).actor, routeId(req.params.id));
      reply.code(202);
      return { success: true as const, message: localize(req, 'WEBHOOK_TEST_QUEUED') };
    },
  );

  r.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: 'A webhook’s latest deliveries: status code, latency, attempts',
        params: idParamSchema,
        response: { 200: envelope(z.array(webhookDeliverySchema)) },
      },
    },
    async (req) => ({ success: true as const, data: await listDeliveries(ctx, requireAuth(req).actor, routeId(req.params.id)) }),
  );
}
