import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  reportGenerateBodySchema,
  reportJobParamsSchema,
  reportJobSchema,
  reportListQuerySchema,
  reportParamsSchema,
  reportSchema,
  reportUploadResponseSchema,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize, requestLanguage } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import { clientGoneSignal, readUploadForm } from '../uploads/upload-form.ts';
import { sendUploadOutcome } from '../uploads/upload-reply.ts';
import { getCampaignReportJob, getTurbineReportJob, presentJob, startCampaignReport, startTurbineReport } from './generate/jobs.ts';
import { deleteReport, listReports, uploadReports } from './service.ts';

const invalidTurbineId = { status: 400, code: 'TURBINE_INVALID_ID' } as const;

function reportWording(ctx: AppContext) {
  return {
    storedCode: 'REPORTS_UPLOADED',
    noFilesCode: 'REPORT_UPLOAD_NO_FILES',
    codes: {
      invalid_name: 'REPORT_INVALID_NAMES',
      not_pdf: 'REPORT_NOT_PDF',
      wrong_extension: 'REPORT_WRONG_EXTENSION',
      too_large: 'REPORT_TOO_LARGE',
    },
    params: { limit: Number((ctx.config.limits.reportBytes / 1024 / 1024).toFixed(1)) },
    suffix: 'REPORT_FILES_SKIPPED',
  } satisfies Parameters<typeof sendUploadOutcome>[3];
}

export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  r.get(
    '/turbines/:id/reports',
    { schema: { tags, params: idParamSchema, querystring: reportListQuerySchema, response: { 200: envelope(z.array(reportSchema)) } } },
    async (req) => ({
      success: true as const,
      data: await listReports(ctx, requireAuth(req).actor, routeId(req.params.id, invalidTurbineId), req.query.year),
      message: localize(req, 'REPORTS_LOADED'),
    }),
  );

  r.post(
    '/turbines/:id/reports',
    {
      config: { upload: true },
      schema: { tags, params: idParamSchema, consumes: ['multipart/form-data'], response: { 201: reportUploadResponseSchema } },
    },
    async (req, reply) => {
      const id = routeId(req.params.id, invalidTurbineId);
      const auth = requireAuth(req);
      const result = await ctx.uploadSlots.run(auth.actor.id, () =>
        ctx.derivatives.whileUploading(() => uploadReports(ctx, auth, id, () => readUploadForm(req, 'reports'), clientGoneSignal(reply))),
      );
      return sendUploadOutcome(req, reply, { stored: result.reports, refused: result.refused }, reportWording(ctx));
    },
  );

  // issue 17: a report generated from the reviewed findings, as a job; the answer is the job, polled until done, and
  // whether it is a job already queued or running for the same turbine (or campaign) and language (issue 23 item 17)
  const generateAnswer = envelope(reportJobSchema, { joined: z.boolean() });
  r.post(
    '/turbines/:id/reports/generate',
    { schema: { tags, params: idParamSchema, body: reportGenerateBodySchema, response: { 200: generateAnswer, 202: generateAnswer } } },
    async (req, reply) => {
      const id = routeId(req.params.id, invalidTurbineId);
      const { job, joined } = await startTurbineReport(ctx, requireAuth(req).actor, id, {
        language: req.body.language,
        newIssueDate: req.body.new_issue_date,
      });
      // a job of the same turbine and language already queued or running is the answer (200), not a new one (202)
      return reply.code(joined ? 200 : 202).send({
        success: true as const,
        data: presentJob(job, requestLanguage(req)),
        joined,
        message: localize(req, joined ? 'REPORT_GENERATION_RUNNING' : 'REPORT_GENERATION_STARTED'),
      });
    },
  );

  r.get(
    '/turbines/:id/reports/jobs/:jobId',
    { schema: { tags, params: reportJobParamsSchema, response: { 200: envelope(reportJobSchema) } } },
    async (req) => {
      const turbineId = routeId(req.params.id, invalidTurbineId);
      const job = await getTurbineReportJob(ctx, requireAuth(req).actor, turbineId, routeId(req.params.jobId));
      return { success: true as const, data: presentJob(job, requestLanguage(req)), message: localize(req, 'REPORT_JOB_LOADED') };
    },
  );

  // the campaign-wide report: one document with every turbine of the campaign, a revision in each turbine's reports
  const invalidCampaignId = { status: 400, code: 'CAMPAIGN_INVALID_ID' } as const;
  r.post(
    '/campaigns/:id/reports/generate',
    { schema: { tags, params: idParamSchema, body: reportGenerateBodySchema, response: { 200: generateAnswer, 202: generateAnswer } } },
    async (req, reply) => {
      const id = routeId(req.params.id, invalidCampaignId);
      const { job, joined } = await startCampaignReport(ctx, requireAuth(req).actor, id, {
        language: req.body.language,
        newIssueDate: req.body.new_issue_date,
      });
      // a job of the same turbine and language already queued or running is the answer (200), not a new one (202)
      return reply.code(joined ? 200 : 202).send({
        success: true as const,
        data: presentJob(job, requestLanguage(req)),
        joined,
        message: localize(req, joined ? 'REPORT_GENERATION_RUNNING' : 'REPORT_GENERATION_STARTED'),
      });
    },
  );

  r.get(
    '/campaigns/:id/reports/jobs/:jobId',
    { schema: { tags, params: reportJobParamsSchema, response: { 200: envelope(reportJobSchema) } } },
    async (req) => {
      const campaignId = routeId(req.params.id, invalidCampaignId);
      const job = await getCampaignReportJob(ctx, requireAuth(req).actor, campaignId, routeId(req.params.jobId));
      return { success: true as const, data: presentJob(job, requestLanguage(req)), message: localize(req, 'REPORT_JOB_LOADED') };
    },
  );

  r.delete(
    '/turbines/:id/reports/:reportId',
    { schema: { tags, params: reportParamsSchema, response: { 200: messageOnly } } },
    async (req) => {
      const turbineId = routeId(req.params.id, invalidTurbineId);
      await deleteReport(ctx, requireAuth(req).actor, turbineId, routeId(req.params.reportId));
      return { success: true as const, message: localize(req, 'REPORT_DELETED') };
    },
  );
}
