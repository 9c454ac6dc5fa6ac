import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFindingBodySchema,
  distanceBandQuerySchema,
  distanceBandsSchema,
  findingDetailSchema,
  findingExportQuerySchema,
  fleetFindingExportQuerySchema,
  fleetFindingListQuerySchema,
  fleetFindingListSchema,
  findingListQuerySchema,
  findingParamsSchema,
  findingSchema,
  findingStatusBodySchema,
  findingVersionQuerySchema,
  idParamSchema,
  linkDismissParamsSchema,
  linkFindingBodySchema,
  linkPlacementBodySchema,
  linkReviewItemSchema,
  linkReviewQuerySchema,
  linkSuggestionSchema,
  observationBodySchema,
  observationParamsSchema,
  photoFindingSchema,
  photoFindingsParamsSchema,
  updateFindingBodySchema,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize, requestLanguage } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import { sendPrepared, sendSerialized } from '../http/serialized-answers.ts';
import { type ExportFile, exportFleetFindings, exportTurbineFindings } from './export.ts';
import { fleetDistanceBands, listFleetFindings } from './fleet.ts';
import { dismissLinkSuggestion, findingLinkSuggestionsAnswer, linkFinding, linkReview, placementLinkSuggestions } from './links.ts';
import { addObservation, findingsOfPhoto, removeObservation } from './observations.ts';
import { changeFindingStatus, createFinding, deleteFinding, findingListing, getFinding, updateFinding } from './service.ts';

const invalidTurbineId = { status: 400, code: 'TURBINE_INVALID_ID' } as const;
const detailAnswer = envelope(findingDetailSchema);

function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.bytes);
}

/** Findings (DECISIONS §12): HTTP only; the work and every rule is in service.ts, observations.ts and export.ts. */
export async function findingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['findings'];
  const ids = (p: { id: string; findingId: string }) => [routeId(p.id, invalidTurbineId), routeId(p.findingId)] as const;

  r.get(
    '/turbines/:id/findings',
    { schema: { tags, params: idParamSchema, querystring: findingListQuerySchema, response: { 200: envelope(z.array(findingSchema)) } } },
    // the answer is a kept, already serialized `{ success, data: Finding[], message }` (service.ts findingListing); the
    // response schema stays for the API documentation
    async (req, reply) => {
      const turbineId = routeId(req.params.id, invalidTurbineId);
      const listing = await findingListing(ctx, requireAuth(req).actor, turbineId, req.query, localize(req, 'FINDINGS_LOADED'));
      return sendPrepared(req, reply, listing);
    },
  );

  r.post(
    '/turbines/:id/findings',
    { schema: { tags, params: idParamSchema, body: createFindingBodySchema, response: { 201: detailAnswer } } },
    async (req, reply) => {
      const finding = await createFinding(ctx, requireAuth(req), routeId(req.params.id, invalidTurbineId), req.body);
      return reply.status(201).send({ success: true as const, data: finding, message: localize(req, 'FINDING_CREATED') });
    },
  );

  r.get(
    '/turbines/:id/findings/export',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: findingExportQuerySchema,
        description: 'CSV (UTF-8, BOM) or XLSX file of the findings the list shows for the same filters, named in the file',
      },
    },
    async (req, reply) => {
      const turbineId = routeId(req.params.id, invalidTurbineId);
      return sendFile(reply, await exportTurbineFindings(ctx, requireAuth(req).actor, turbineId, req.query, requestLanguage(req)));
    },
  );

  r.get(
    '/findings/export',
    {
      schema: {
        tags,
        querystring: fleetFindingExportQuerySchema,
        description: 'the findings of the turbines the dashboard lists for its filters (none: every turbine the user sees): CSV or XLSX',
      },
    },
    async (req, reply) => sendFile(reply, await exportFleetFindings(ctx, requireAuth(req).actor, req.query, requestLanguage(req))),
  );

  // ---------- fleet questions (issue 27 item 3; fleet.ts) ----------

  r.get(
    '/findings',
    {
      schema: {
        tags,
        querystring: fleetFindingListQuerySchema,
        description:
          'the findings of the turbines the dashboard lists for its filters (default: the open ones), optionally in a distance band from the root; the most severe first, at most 500, with the total',
        response: { 200: envelope(fleetFindingListSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await listFleetFindings(ctx, requireAuth(req).actor, req.query) }),
  );

  r.get(
    '/findings/distance-bands',
    {
      schema: {
        tags,
        querystring: distanceBandQuerySchema,
        description: 'the open findings of the turbines the dashboard lists, counted per 10 m band from the blade root',
        response: { 200: envelope(distanceBandsSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await fleetDistanceBands(ctx, requireAuth(req).actor, req.query) }),
  );

  r.get(
    '/turbines/:id/photos/:photoId/findings',
    { schema: { tags, params: photoFindingsParamsSchema, response: { 200: envelope(z.array(photoFindingSchema)) } } },
    // a kept, already serialized `{ success, data: PhotoFinding[] }` (observations.ts); the schema stays for the docs
    async (req, reply) => {
      const turbineId = routeId(req.params.id, invalidTurbineId);
      const answer = await findingsOfPhoto(ctx, requireAuth(req).actor, turbineId, routeId(req.params.photoId));
      return sendSerialized(req, reply, answer);
    },
  );

  // ---------- linking sightings across years (issue 16; links.ts) ----------

  r.post(
    '/turbines/:id/findings/suggestions',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: linkPlacementBodySchema,
        description: 'earlier findings of the same place for a placement being drawn (nothing is stored)',
        response: { 200: envelope(z.array(linkSuggestionSchema)) },
      },
    },
    async (req) => {
      const data = await placementLinkSuggestions(ctx, requireAuth(req).actor, routeId(req.params.id, invalidTurbineId), req.body);
      return { success: true as const, data };
    },
  );

  r.get(
    '/turbines/:id/findings/link-review',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: linkReviewQuerySchema,
        description: 'every unlinked finding first seen in the year that has link suggestions, with them',
        response: { 200: envelope(z.array(linkReviewItemSchema)) },
      },
    },
    async (req) => {
      const data = await linkReview(ctx, requireAuth(req).actor, routeId(req.params.id, invalidTurbineId), req.query.year);
      return { success: true as const, data };
    },
  );

  r.get(
    '/turbines/:id/findings/:findingId/link-suggestions',
    { schema: { tags, params: findingParamsSchema, response: { 200: envelope(z.array(linkSuggestionSchema)) } } },
    // a kept, already serialized `{ success, data: LinkSuggestion[] }` (links.ts); the schema stays for the docs
    async (req, reply) => {
      const answer = await findingLinkSuggestionsAnswer(ctx, requireAuth(req).actor, ...ids(req.params));
      return sendSerialized(req, reply, answer);
    },
  );

  r.post(
    '/turbines/:id/findings/:findingId/link',
    {
      schema: {
        tags,
        params: findingParamsSchema,
        body: linkFindingBodySchema,
        description: "moves this finding's observations into the earlier target_id and removes this finding; answers the target",
        response: { 200: detailAnswer },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const [turbineId, findingId] = ids(req.params);
      const targetId = await linkFinding(ctx, auth, turbineId, findingId, req.body);
      const finding = await getFinding(ctx, auth.actor, turbineId, targetId);
      return { success: true as const, data: finding, message: localize(req, 'FINDING_LINKED') };
    },
  );

  r.post(
    '/turbines/:id/findings/:findingId/link-suggestions/:targetId/dismiss',
    { schema: { tags, params: linkDismissParamsSchema, response: { 200: messageOnly } } },
    async (req) => {
      const [turbineId, findingId] = ids(req.params);
      await dismissLinkSuggestion(ctx, requireAuth(req), turbineId, findingId, routeId(req.params.targetId));
      return { success: true as const, message: localize(req, 'FINDING_LINK_DISMISSED') };
    },
  );

  r.get(
    '/turbines/:id/findings/:findingId',
    { schema: { tags, params: findingParamsSchema, response: { 200: detailAnswer } } },
    async (req) => {
      const finding = await getFinding(ctx, requireAuth(req).actor, ...ids(req.params));
      return { success: true as const, data: finding };
    },
  );

  r.put(
    '/turbines/:id/findings/:findingId',
    { schema: { tags, params: findingParamsSchema, body: updateFindingBodySchema, response: { 200: detailAnswer } } },
    async (req) => {
      const finding = await updateFinding(ctx, requireAuth(req), ...ids(req.params), req.body);
      return { success: true as const, data: finding, message: localize(req, 'FINDING_UPDATED') };
    },
  );

  r.post(
    '/turbines/:id/findings/:findingId/status',
    { schema: { tags, params: findingParamsSchema, body: findingStatusBodySchema, response: { 200: detailAnswer } } },
    async (req) => {
      const finding = await changeFindingStatus(ctx, requireAuth(req), ...ids(req.params), req.body);
      return { success: true as const, data: finding, message: localize(req, 'FINDING_STATUS_CHANGED') };
    },
  );

  r.delete(
    '/turbines/:id/findings/:findingId',
    { schema: { tags, params: findingParamsSchema, response: { 200: messageOnly } } },
    async (req) => {
      await deleteFinding(ctx, requireAuth(req), ...ids(req.params));
      return { success: true as const, message: localize(req, 'FINDING_DELETED') };
    },
  );

  r.post(
    '/turbines/:id/findings/:findingId/observations',
    { schema: { tags, params: findingParamsSchema, body: observationBodySchema, response: { 201: detailAnswer } } },
    async (req, reply) => {
      const [turbineId, findingId] = ids(req.params);
      const auth = requireAuth(req);
      await addObservation(ctx, auth, turbineId, findingId, req.body);
      const finding = await getFinding(ctx, auth.actor, turbineId, findingId);
      return reply.status(201).send({ success: true as const, data: finding, message: localize(req, 'FINDING_OBSERVATION_ADDED') });
    },
  );

  r.delete(
    '/turbines/:id/findings/:findingId/observations/:observationId',
    { schema: { tags, params: observationParamsSchema, querystring: findingVersionQuerySchema, response: { 200: detailAnswer } } },
    async (req) => {
      const [turbineId, findingId] = ids(req.params);
      const auth = requireAuth(req);
      await removeObservation(ctx, auth, turbineId, findingId, routeId(req.params.observationId), req.query.version);
      const finding = await getFinding(ctx, auth.actor, turbineId, findingId);
      return { success: true as const, data: finding, message: localize(req, 'FINDING_OBSERVATION_REMOVED') };
    },
  );
}
