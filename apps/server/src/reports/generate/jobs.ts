import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type Actor, type CampaignMethod, can, formatMessage, type Language, type MessageCode, type ReportJob } from '@windscope/contract';
import { enqueueReportGenerated } from '../../webhooks/events.ts';
import { recordAudit } from '../../audit/record.ts';
import type { AppContext } from '../../context.ts';
import { campaignTurbines, campaigns, reportJobs, reports } from '../../db/schema.ts';
import { companyScope } from '../../access/scope.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { isStorageUnavailable, type StagedObject } from '../../storage/storage-driver.ts';
import { createJobRunner } from '../../jobs/runner.ts';
import { getTurbine } from '../../turbines/service.ts';
import { reportKey, storedFileName } from '../../uploads/storage-keys.ts';
import { CROP_PRINT_BOX, GENERATOR_VERSION, type PreparedImage, renderReport } from './document.ts';
import { inputsHash, loadReportInputs, type ReportCampaign } from './load.ts';

/** Report generation as a job (issue 17): the request adds a report_jobs row; every process runs a loop that claims
 *  queued jobs (`for update skip locked`, a lease renewed with each progress write, so a job whose process died is
 *  taken again once the lease expires), and the finished PDF is committed to storage and registered as a new report
 *  revision (generated, with its inputs hash) in the same transaction that marks the job done. */

export const REPORT_JOB_LEASE_SECONDS = 90;
const MAX_ATTEMPTS = 3;
const POLL_MS = 5_000;
/** Crops are printed at CROP_PRINT_BOX points; at this resolution they are sharp on paper and small in the file. */
export const PRINT_DPI = 200;

type JobRow = typeof reportJobs.$inferSelect;

export function presentJob(row: JobRow, language: Language): ReportJob {
  return {
    id: row.id,
    turbine_id: row.turbineId,
    campaign_id: row.campaignId,
    language: row.language as Language,
    status: row.status as ReportJob['status'],
    progress: row.progress,
    step: (row.step as ReportJob['step']) ?? null,
    report_id: row.reportId,
    inputs_hash: row.inputsHash,
    error_code: row.errorCode,
    error_message: row.errorCode ? formatMessage(row.errorCode as MessageCode, language) : null,
    new_issue_date: row.newIssueDate,
    unchanged_since: row.unchangedSince?.toISOString() ?? null,
    unchanged_message: row.unchangedSince ? formatMessage('REPORT_UNCHANGED', language, { since: row.unchangedSince.toISOString() }) : null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface GenerateOptions {
  language: Language;
  /** a new revision even when the inputs equal the newest one's */
  newIssueDate?: boolean;
}

/** A new job, or the queued/running one of the same turbine (or campaign) and language: the unique partial indexes
 *  report_jobs_active_*_uq allow one, so requests racing in any number of processes get one job. `joined` says the
 *  answer is a job already there. */
async function enqueue(
  ctx: AppContext,
  target: { turbineId: number; campaignId: null } | { turbineId: null; campaignId: number },
  companyId: number,
  actor: Actor,
  options: GenerateOptions,
): Promise<{ job: JobRow; joined: boolean }> {
  const active = sql`${reportJobs.status} in ('queued', 'running')`;
  const sameTarget =
    target.campaignId !== null
      ? eq(reportJobs.campaignId, target.campaignId)
      : and(eq(reportJobs.turbineId, target.turbineId), sql`${reportJobs.campaignId} is null`);
  // the running job may finish between the refused insert and the read: then insert again
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await ctx.db
      .insert(reportJobs)
      .values({
        ...target,
        companyId,
        language: options.language,
        newIssueDate: options.newIssueDate ?? false,
        requestedBy: actor.id,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      ctx.reportJobs.kick();
      return { job: row, joined: false };
    }
    const [running] = await ctx.db
      .select()
      .from(reportJobs)
      .where(and(sameTarget, eq(reportJobs.language, options.language), active))
      .limit(1);
    if (running) {
      // a job whose process died is taken again once its lease expires; wake this process's runner for it
      ctx.reportJobs.kick();
      // asked for a new issue date: the job there makes a new revision too (it reads the flag again before comparing)
      if (options.newIssueDate && !running.newIssueDate) {
        const [flagged] = await ctx.db
          .update(reportJobs)
          .set({ newIssueDate: true, updatedAt: sql`now()` })
          .where(and(eq(reportJobs.id, running.id), active))
          .returning();
        if (flagged) return { job: flagged, joined: true };
      }
      return { job: running, joined: true };
    }
  }
  throw new Error('report job neither inserted nor found');
}

/** POST /turbines/{id}/reports/generate: same people as uploading a report; another company's turbine is 404. */
export async function startTurbineReport(
  ctx: AppContext,
  actor: Actor,
  turbineId: number,
  options: GenerateOptions,
): Promise<{ job: JobRow; joined: boolean }> {
  const turbine = await getTurbine(ctx, actor, turbineId);
  if (!can(actor, 'report.generate', { companyId: turbine.company_id })) throw forbidden();
  return enqueue(ctx, { turbineId, campaignId: null }, turbine.company_id, actor, options);
}

/** GET /turbines/{id}/reports/jobs/{jobId}: whoever may read the turbine's reports. */
export async function getTurbineReportJob(ctx: AppContext, actor: Actor, turbineId: number, jobId: number): Promise<JobRow> {
  const turbine = await getTurbine(ctx, actor, turbineId);
  if (!can(actor, 'report.read', { companyId: turbine.company_id })) throw forbidden();
  const [row] = await ctx.db
    .select()
    .from(reportJobs)
    .where(and(eq(reportJobs.id, jobId), eq(reportJobs.turbineId, turbineId)))
    .orderBy(desc(reportJobs.id))
    .limit(1);
  if (!row) throw notFound('REPORT_JOB_NOT_FOUND');
  return row;
}

/** The campaign the actor may see (another company's is 404) and its turbines, by id. */
async function scopedCampaign(ctx: AppContext, actor: Actor, campaignId: number) {
  const [campaign] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), companyScope(actor, campaigns.companyId)))
    .limit(1);
  if (!campaign) throw notFound('CAMPAIGN_NOT_FOUND');
  return campaign;
}

/** POST /campaigns/{id}/reports/generate: one document for every turbine of the campaign; same people as uploading a
 *  report to the campaign's company. */
export async function startCampaignReport(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  options: GenerateOptions,
): Promise<{ job: JobRow; joined: boolean }> {
  const campaign = await scopedCampaign(ctx, actor, campaignId);
  if (!can(actor, 'report.generate', { companyId: campaign.companyId })) throw forbidden();
  const [member] = await ctx.db.select().from(campaignTurbines).where(eq(campaignTurbines.campaignId, campaignId)).limit(1);
  if (!member) throw badRequest('REPORT_CAMPAIGN_EMPTY');
  return enqueue(ctx, { turbineId: null, campaignId }, campaign.companyId, actor, options);
}

/** GET /campaigns/{id}/reports/jobs/{jobId} */
export async function getCampaignReportJob(ctx: AppContext, actor: Actor, campaignId: number, jobId: number): Promise<JobRow> {
  const campaign = await scopedCampaign(ctx, actor, campaignId);
  if (!can(actor, 'report.read', { companyId: campaign.companyId })) throw forbidden();
  const [row] = await ctx.db
    .select()
    .from(reportJobs)
    .where(and(eq(reportJobs.id, jobId), eq(reportJobs.campaignId, campaignId)))
    .limit(1);
  if (!row) throw notFound('REPORT_JOB_NOT_FOUND');
  return row;
}

export interface ReportJobQueue {
  kick(): void;
  /** resolves once no job this process could take is left (tests, benchmarks) */
  idle(): Promise<void>;
  close(): Promise<void>;
}

class JobFailure extends Error {
  constructor(readonly code: MessageCode) {
    super(code);
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Crops at print size as JPEG, with the SHA-256 of each stored crop (for the inputs hash). */
async function prepareImages(
  ctx: AppContext,
  keys: string[],
  onProgress: (fraction: number) => Promise<void>,
): Promise<{ images: Map<string, PreparedImage>; hashes: Map<string, string> }> {
  const images = new Map<string, PreparedImage>();
  const hashes = new Map<string, string>();
  const px = (pt: number) => Math.round((pt / 72) * PRINT_DPI);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++] as string;
      const read = await ctx.storage.read(key);
      if (!read) continue; // a crop gone from storage prints as "no image"
      const bytes = await readAll(read.stream);
      hashes.set(key, createHash('sha256').update(bytes).digest('hex'));
      try {
        const { data, info } = await sharp(bytes, { limitInputPixels: 64_000_000 })
          .rotate()
          .resize({ width: px(CROP_PRINT_BOX.width), height: px(CROP_PRINT_BOX.height), fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        images.set(key, { jpeg: data, width: info.width, height: info.height });
      } catch {
        // a crop that does not decode prints as "no image"; its hash still counts
      }
      done++;
      if (done % 10 === 0 || done === keys.length) await onProgress(done / keys.length);
    }
  };
  await Promise.all([worker(), worker()]);
  return { images, hashes };
}

function safeCode(code: string): string {
  return (
    code
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ı/g, 'i')
      .replace(/İ/g, 'I')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'turbine'
  );
}

export function createReportJobQueue(
  ctx: AppContext,
  options: { workers?: number; leaseSeconds?: number; log?: (m: string, d: Record<string, unknown>) => void } = {},
): ReportJobQueue {
  /** 0: no background work here (idle() still works the queue, for tests) */
  const background = (options.workers ?? 1) > 0;
  const lease = options.leaseSeconds ?? REPORT_JOB_LEASE_SECONDS;
  const log = options.log ?? (() => {});

  async function claim(): Promise<JobRow | null> {
    const result = await ctx.db.execute(sql`
      update ${reportJobs} set status = 'running', claimed_at = now(), attempts = attempts + 1, progress = 0, step = 'loading', updated_at = now()
      where id = (
        select id from ${reportJobs}
        where status = 'queued' or (status = 'running' and claimed_at < now() - make_interval(secs => ${lease}))
        order by id limit 1 for update skip locked)
      returning id`);
    const id = (result as unknown as { rows: { id: number }[] }).rows[0]?.id;
    if (id === undefined) return null;
    const [row] = await ctx.db.select().from(reportJobs).where(eq(reportJobs.id, id));
    return row ?? null;
  }

  /** The newest revision generated for the job's turbine (or campaign) in its language that is still there: its report,
   *  issue date and inputs hash. */
  async function newestRevision(job: JobRow): Promise<{ reportId: number; issuedAt: Date; inputsHash: string | null } | null> {
    const [row] = await ctx.db
      .select({ reportId: reports.id, issuedAt: reports.createdAt, inputsHash: reports.inputsHash })
      .from(reportJobs)
      .innerJoin(reports, eq(reports.id, reportJobs.reportId))
      .where(
        and(
          job.campaignId !== null
            ? eq(reportJobs.campaignId, job.campaignId)
            : and(eq(reportJobs.turbineId, job.turbineId ?? 0), sql`${reportJobs.campaignId} is null`),
          eq(reportJobs.language, job.language),
          eq(reportJobs.status, 'done'),
          sql`${reportJobs.unchangedSince} is null`,
        ),
      )
      .orderBy(desc(reportJobs.id))
      .limit(1);
    return row ?? null;
  }

  async function fail(job: JobRow, code: MessageCode) {
    await ctx.db
      .update(reportJobs)
      .set({ status: 'failed', errorCode: code, claimedAt: null, updatedAt: sql`now()` })
      .where(and(eq(reportJobs.id, job.id), eq(reportJobs.status, 'running')));
  }

  async function work(job: JobRow) {
    if (job.attempts > MAX_ATTEMPTS) return fail(job, 'REPORT_GENERATION_FAILED');
    let lastWrite = 0;
    /** progress (and the lease) in the row, at most a few times a second */
    const setProgress = async (progress: number, step: string, force = false) => {
      const now = performance.now();
      if (!force && now - lastWrite < 300) return;
      lastWrite = now;
      await ctx.db
        .update(reportJobs)
        .set({ progress: Math.round(progress), step, claimedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(reportJobs.id, job.id), eq(reportJobs.status, 'running')));
    };
    /** every key written, removed again if anything fails before the rows are in */
    const written: string[] = [];
    let staged: StagedObject | null = null;
    try {
      const issueDate = ctx.now();
      let campaign: ReportCampaign | null = null;
      let turbineIds: number[];
      if (job.campaignId !== null) {
        const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, job.campaignId));
        if (!row) throw new JobFailure('REPORT_GENERATION_TURBINE_GONE');
        campaign = {
          id: row.id,
          name: row.name,
          methods: row.methods as CampaignMethod[],
          startsOn: row.plannedStart,
          endsOn: row.plannedEnd,
        };
        const members = await ctx.db
          .select({ id: campaignTurbines.turbineId })
          .from(campaignTurbines)
          .where(eq(campaignTurbines.campaignId, row.id))
          .orderBy(campaignTurbines.turbineId);
        turbineIds = members.map((m) => m.id);
      } else if (job.turbineId !== null) turbineIds = [job.turbineId];
      else throw new JobFailure('REPORT_GENERATION_TURBINE_GONE');
      const inputs = turbineIds.length
        ? await loadReportInputs(ctx, {
            companyId: job.companyId,
            turbineIds,
            language: job.language as Language,
            requestedBy: job.requestedBy,
            campaign,
            issueDate,
          })
        : null;
      if (!inputs) throw new JobFailure('REPORT_GENERATION_TURBINE_GONE');
      // a campaign's turbines are shown by code
      if (campaign) inputs.turbines.sort((a, b) => a.code.localeCompare(b.code, 'tr') || a.id - b.id);
      await setProgress(5, 'images', true);
      const keys = [...new Set(inputs.turbines.flatMap((t) => t.findings.flatMap((f) => f.crops.map((c) => c.key))))];
      const { images, hashes } = await prepareImages(ctx, keys, (f) => setProgress(5 + f * 45, 'images'));
      const hash = inputsHash(inputs, hashes, GENERATOR_VERSION);
      // the flag as it is now: a request that joined this job may have asked for a new issue date meanwhile
      const [flag] = await ctx.db.select({ newIssueDate: reportJobs.newIssueDate }).from(reportJobs).where(eq(reportJobs.id, job.id));
      if (!flag?.newIssueDate) {
        const same = await newestRevision(job);
        if (same && same.inputsHash === hash) {
          // nothing the document shows changed: the newest revision is the answer, no second PDF
          await ctx.db
            .update(reportJobs)
            .set({
              status: 'done',
              progress: 100,
              step: null,
              reportId: same.reportId,
              inputsHash: hash,
              unchangedSince: same.issuedAt,
              claimedAt: null,
              updatedAt: sql`now()`,
            })
            .where(and(eq(reportJobs.id, job.id), eq(reportJobs.status, 'running')));
          return;
        }
      }
      await setProgress(50, 'layout', true);
      const first = inputs.turbines[0];
      if (!first) throw new JobFailure('REPORT_GENERATION_TURBINE_GONE');
      const day = issueDate.toISOString().slice(0, 10);
      const base = inputs.language === 'tr' ? 'muayene-raporu' : 'inspection-report';
      const name = campaign ? `${base}-${safeCode(campaign.name)}-${day}.pdf` : `${base}-${safeCode(first.code)}-${day}.pdf`;
      const storedName = storedFileName(issueDate, name);
      const { doc, draw } = renderReport(inputs, {
        issueDate,
        inputsHash: hash,
        appUrl: ctx.config.publicUrl,
        images,
        onProgress: (f) => setProgress(50 + f * 40, 'layout'),
      });
      const sha = createHash('sha256');
      let size = 0;
      // counted as the storage reads it (a 'data' listener would let bytes flow past a consumer not yet attached)
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sha.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      doc.pipe(counted);
      // a turbine's report streams into its place; a campaign's is kept whole (under 30 MB) and written as a revision
      // of each of its turbines, so that each turbine's Reports section has it and deleting one leaves the others
      const targets = inputs.turbines.map((t) => ({ turbine: t, key: reportKey(t.id, t.year, storedName) }));
      if (!campaign) {
        const target = targets[0] as (typeof targets)[number];
        const writing = ctx.storage.writeStream(target.key, counted, { contentType: 'application/pdf' });
        writing.catch(() => {});
        await draw();
        staged = await writing;
        await setProgress(92, 'storing', true);
        await staged.commit();
        written.push(target.key);
      } else {
        const chunks: Buffer[] = [];
        counted.on('data', (chunk: Buffer) => chunks.push(chunk));
        const ended = new Promise<void>((resolve, reject) => {
          counted.on('end', resolve);
          counted.on('error', reject);
        });
        await draw();
        await ended;
        await setProgress(92, 'storing', true);
        const bytes = Buffer.concat(chunks);
        for (const target of targets) {
          written.push(target.key);
          await ctx.storage.writeBuffer(target.key, bytes, { contentType: 'application/pdf' });
        }
      }
      const digest = sha.digest('hex');
      await ctx.db.transaction(async (tx) => {
        const rows = await tx
          .insert(reports)
          .values(
            targets.map(({ turbine, key }) => ({
              turbineId: turbine.id,
              storageKey: key,
              originalFilename: name,
              storedFilename: storedName,
              sizeBytes: size,
              sha256: digest,
              year: turbine.year,
              uploadedBy: job.requestedBy,
              generated: true,
              inputsHash: hash,
              createdAt: issueDate,
            })),
          )
          .returning({ id: reports.id, turbineId: reports.turbineId });
        for (const row of rows)
          await recordAudit(tx, {
            at: ctx.now(),
            actor: job.requestedBy === null ? null : { id: job.requestedBy },
            kind: 'report_created',
            companyId: job.companyId,
            target: { type: 'report', id: row.id, label: name },
            details: { turbine_id: row.turbineId, generated: true },
          });
        // one webhook event per report made (DECISIONS §17), committed with it
        for (const row of rows)
          await enqueueReportGenerated(tx, { id: row.id, turbineId: row.turbineId, fileName: name, language: job.language, at: ctx.now() });
        const own = rows.find((r) => r.turbineId === first.id) ?? rows[0];
        if (!own) throw new Error('report not inserted');
        const [updated] = await tx
          .update(reportJobs)
          .set({ status: 'done', progress: 100, step: null, reportId: own.id, inputsHash: hash, claimedAt: null, updatedAt: sql`now()` })
          .where(and(eq(reportJobs.id, job.id), eq(reportJobs.status, 'running')))
          .returning({ id: reportJobs.id });
        // another process took the job over (this one was too slow for its lease): its revision counts, not this one
        if (!updated) tx.rollback();
      });
      ctx.webhooks.wake();
    } catch (error) {
      if (staged) await staged.abort().catch(() => {});
      await Promise.allSettled(written.map((k) => ctx.storage.delete(k)));
      const code: MessageCode =
        error instanceof JobFailure
          ? error.code
          : isStorageUnavailable(error)
            ? 'REPORT_GENERATION_STORAGE_FAILED'
            : 'REPORT_GENERATION_FAILED';
      if (!(error instanceof JobFailure) && !(error instanceof Error && error.message.includes('Rollback')))
        log('report generation failed', { jobId: job.id, error: String(error) });
      await fail(job, code).catch(() => {});
    }
  }

  // the one job runner (jobs/runner.ts): one job at a time, polled every POLL_MS when this process works the queue
  const runner = createJobRunner<JobRow>({
    name: 'report jobs',
    claim,
    run: work,
    pollMs: background ? POLL_MS : 0,
    log,
    // a report in hand is finished before the process stops (its lease would otherwise make the next process wait)
    closeWaitMs: null,
  });
  if (background) runner.wake();
  return {
    kick() {
      if (background) runner.wake();
    },
    idle: runner.idle,
    close: runner.close,
  };
}
