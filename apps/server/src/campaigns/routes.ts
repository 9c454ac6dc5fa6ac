import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignBoardSchema,
  campaignListQuerySchema,
  campaignSchema,
  campaignWaiverBodySchema,
  campaignWaiverSchema,
  createCampaignBodySchema,
  updateCampaignBodySchema,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import { addWaiver, campaignBoard, createCampaign, deleteCampaign, listCampaigns, removeWaiver, updateCampaign } from './service.ts';

const idParams = z.object({ id: z.string().max(20) });
const waiverParams = z.object({ id: z.string().max(20), waiverId: z.string().max(20) });
const invalidId = { status: 400, code: 'CAMPAIGN_INVALID_ID' } as const;

/** Inspection campaigns (issue 17): HTTP only; campaigns/service.ts does the work and the checks. */
export async function campaignRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['campaigns'];

  r.get(
    '/campaigns',
    { schema: { tags, querystring: campaignListQuerySchema, response: { 200: envelope(z.array(campaignSchema)) } } },
    async (req) => ({
      success: true as const,
      data: await listCampaigns(ctx, requireAuth(req).actor, req.query.filter_company_id),
      message: localize(req, 'CAMPAIGNS_LOADED'),
    }),
  );

  r.post(
    '/campaigns',
    { schema: { tags, body: createCampaignBodySchema, response: { 201: envelope(campaignSchema) } } },
    async (req, reply) => {
      const data = await createCampaign(ctx, requireAuth(req).actor, req.body);
      return reply.status(201).send({ success: true as const, data, message: localize(req, 'CAMPAIGN_CREATED') });
    },
  );

  r.get('/campaigns/:id', { schema: { tags, params: idParams, response: { 200: envelope(campaignBoardSchema) } } }, async (req) => ({
    success: true as const,
    data: await campaignBoard(ctx, requireAuth(req).actor, routeId(req.params.id, invalidId)),
    message: localize(req, 'CAMPAIGN_LOADED'),
  }));

  r.put(
    '/campaigns/:id',
    { schema: { tags, params: idParams, body: updateCampaignBodySchema, response: { 200: envelope(campaignSchema) } } },
    async (req) => ({
      success: true as const,
      data: await updateCampaign(ctx, requireAuth(req).actor, routeId(req.params.id, invalidId), req.body),
      message: localize(req, 'CAMPAIGN_UPDATED'),
    }),
  );

  r.delete('/campaigns/:id', { schema: { tags, params: idParams, response: { 200: messageOnly } } }, async (req) => {
    await deleteCampaign(ctx, requireAuth(req).actor, routeId(req.params.id, invalidId));
    return { success: true as const, message: localize(req, 'CAMPAIGN_DELETED') };
  });

  r.post(
    '/campaigns/:id/waivers',
    { schema: { tags, params: idParams, body: campaignWaiverBodySchema, response: { 201: envelope(campaignWaiverSchema) } } },
    async (req, reply) => {
      const data = await addWaiver(ctx, requireAuth(req).actor, routeId(req.params.id, invalidId), req.body);
      return reply.status(201).send({ success: true as const, data, message: localize(req, 'CAMPAIGN_WAIVER_ADDED') });
    },
  );

  r.delete('/campaigns/:id/waivers/:waiverId', { schema: { tags, params: waiverParams, response: { 200: messageOnly } } }, async (req) => {
    await removeWaiver(ctx, requireAuth(req).actor, routeId(req.params.id, invalidId), routeId(req.params.waiverId));
    return { success: true as const, message: localize(req, 'CAMPAIGN_WAIVER_REMOVED') };
  });
}
