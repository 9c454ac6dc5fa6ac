import { z } from 'zod';
import { MAX_ROW_ID } from './constants.ts';
import { LANGUAGES } from './messages.ts';

/** Generated inspection reports (issue 17): one queued or running job per turbine (or campaign) and language (a second
 *  request answers the running job); identical inputs to the newest revision answer that revision unless new_issue_date.
 *  Before issue 23: a job per request, worked by any process, whose finished PDF becomes a
 *  new revision in the turbine's reports, marked generated, with the hash of its inputs. */

export const REPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportJobStatus = (typeof REPORT_JOB_STATUSES)[number];
/** The step a running job is at, shown beside its progress. */
export const REPORT_JOB_STEPS = ['loading', 'images', 'layout', 'storing'] as const;
export type ReportJobStep = (typeof REPORT_JOB_STEPS)[number];

export const reportGenerateBodySchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: 'REPORT_LANGUAGE_INVALID' }),
  /** a new revision with today's issue date even when nothing it shows changed since the newest one (issue 23 item 17) */
  new_issue_date: z.boolean({ error: 'VALIDATION' }).optional(),
});
export type ReportGenerateBody = z.infer<typeof reportGenerateBodySchema>;

export const reportJobParamsSchema = z.object({ id: z.string().max(20), jobId: z.string().max(20) });

const id = z.number().int().positive().max(MAX_ROW_ID, { error: 'VALIDATION' });

export const reportJobSchema = z.object({
  id,
  turbine_id: id.nullable(),
  campaign_id: id.nullable(),
  language: z.enum(LANGUAGES),
  status: z.enum(REPORT_JOB_STATUSES),
  /** 0..100 */
  progress: z.number().int(),
  step: z.enum(REPORT_JOB_STEPS).nullable(),
  /** the generated report (a revision in the turbine's reports) once done */
  report_id: id.nullable(),
  inputs_hash: z.string().nullable(),
  /** a message code when failed, and its wording in the request's language */
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  new_issue_date: z.boolean(),
  /** done without a new document: the inputs equal those of the newest revision (report_id), issued at this time; with
   *  "unchanged since …" in the request's language */
  unchanged_since: z.string().nullable(),
  unchanged_message: z.string().nullable(),
  created_at: z.string(),
});
export type ReportJob = z.infer<typeof reportJobSchema>;
