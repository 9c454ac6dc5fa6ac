import { and, desc, eq, inArray } from 'drizzle-orm';
import { type Actor, can, isSafeFileName, type Report, reportUploadFieldsSchema } from '@windscope/contract';
import { recordAudit } from '../audit/record.ts';
import type { AppContext } from '../context.ts';
import { reports, users } from '../db/schema.ts';
import { fileSigner } from '../files/file-holders.ts';
import type { AuthState } from '../http/auth-hook.ts';
import { badRequest, forbidden, isForeignKeyViolation, notFound } from '../http/errors.ts';
import { type MediaKind, nameFitsKind } from '../media/media-types.ts';
import { sniffReportKind } from '../media/sniff.ts';
import { getTurbine } from '../turbines/service.ts';
import { drain, receiveFile } from '../uploads/receive-file.ts';
import { reportKey, storedFileName } from '../uploads/storage-keys.ts';
import type { UploadForm } from '../uploads/upload-form.ts';
import type { RefusedFile } from '../uploads/upload-outcome.ts';
import { UploadBudget } from '../uploads/upload-quota.ts';
import { isUploadRejection } from '../uploads/upload-rejection.ts';
import { presentReport } from './presenter.ts';

function selectReports(ctx: AppContext) {
  return ctx.db
    .select({ report: reports, firstName: users.firstName, lastName: users.lastName })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.uploadedBy));
}

/** GET /turbines/{id}/reports?year=: newest first. */
export async function listReports(ctx: AppContext, actor: Actor, turbineId: number, year?: number): Promise<Report[]> {
  const turbine = await getTurbine(ctx, actor, turbineId);
  if (!can(actor, 'report.read', { companyId: turbine.company_id })) throw forbidden();
  const rows = await selectReports(ctx)
    .where(and(eq(reports.turbineId, turbineId), year === undefined ? undefined : eq(reports.year, year)))
    .orderBy(desc(reports.createdAt), desc(reports.id));
  const signer = fileSigner(ctx);
  return rows.map((row) => presentReport(signer, row));
}

/** POST /turbines/{id}/reports: each file PDF by its bytes, with a safe name, within the size limit; stored as
 *  "number-number-name". Rows are added once all bytes are committed; if the client goes away, nothing remains. */
export async function uploadReports(
  ctx: AppContext,
  auth: AuthState,
  turbineId: number,
  openForm: () => Promise<UploadForm>,
  signal: AbortSignal,
): Promise<{ reports: Report[]; refused: RefusedFile[] }> {
  const turbine = await getTurbine(ctx, auth.actor, turbineId);
  if (!can(auth.actor, 'report.upload', { companyId: turbine.company_id })) throw forbidden();
  const budget = await UploadBudget.open(ctx, auth.actor.id);
  const form = await openForm();
  const fields = reportUploadFieldsSchema.safeParse(form.fields);
  if (!fields.success) throw badRequest('REPORT_UPLOAD_FIELDS');
  const { year } = fields.data;
  const now = ctx.now();
  const refused: RefusedFile[] = [];
  const committed: (typeof reports.$inferInsert)[] = [];
  let ids: { id: number }[];
  try {
    for await (const file of form.files) {
      const name = file.fileName;
      budget.countFile();
      if (!isSafeFileName(name)) {
        drain(file.stream);
        refused.push({ name, reason: 'invalid_name' });
        continue;
      }
      const storedName = storedFileName(now, name);
      const key = reportKey(turbineId, year, storedName);
      const limits = {
        maxBytes: ctx.config.limits.reportBytes,
        sniff: sniffReportKind,
        unknownReason: 'not_pdf',
        emptyReason: 'not_pdf',
        nameFits: (kind: MediaKind) => nameFitsKind(name, kind),
        budget: budget.nextFile(),
      } as const;
      try {
        const received = await receiveFile(ctx.storage, key, file.stream, limits);
        budget.received(received.size);
        // a commit the storage refuses leaves the staged bytes behind unless they are aborted here
        await received.staged.commit().catch(async (error: unknown) => {
          await received.staged.abort().catch(() => {});
          throw error;
        });
        committed.push({
          turbineId,
          storageKey: key,
          originalFilename: name,
          storedFilename: storedName,
          sizeBytes: received.size,
          sha256: received.sha256,
          year,
          uploadedBy: auth.actor.id,
          createdAt: now,
        });
      } catch (error) {
        if (!isUploadRejection(error)) throw error;
        refused.push({ name, reason: error.reason });
      }
    }
    if (signal.aborted) throw signal.reason;
    ids = committed.length
      ? await ctx.db.transaction(async (tx) => {
          const made = await tx.insert(reports).values(committed).returning({ id: reports.id, name: reports.originalFilename });
          for (const row of made)
            await recordAudit(tx, {
              at: now,
              actor: auth.actor,
              kind: 'report_created',
              companyId: turbine.company_id,
              target: { type: 'report', id: row.id, label: row.name },
              details: { turbine_id: turbineId },
            });
          return made;
        })
      : [];
  } catch (error) {
    await Promise.allSettled(committed.map((r) => ctx.storage.delete(r.storageKey)));
    // the turbine was deleted while the files arrived: its files went with it, and these go too
    throw isForeignKeyViolation(error) ? notFound('TURBINE_NOT_FOUND') : error;
  }
  const rows = ids.length
    ? await selectReports(ctx)
        .where(
          inArray(
            reports.id,
            ids.map((r) => r.id),
          ),
        )
        .orderBy(reports.id)
    : [];
  const signer = fileSigner(ctx);
  return { reports: rows.map((row) => presentReport(signer, row)), refused };
}

/** DELETE /turbines/{id}/reports/{reportId}: managers and superadmin, or the operator who uploaded it. */
export async function deleteReport(ctx: AppContext, actor: Actor, turbineId: number, reportId: number): Promise<void> {
  const turbine = await getTurbine(ctx, actor, turbineId);
  const [report] = await ctx.db
    .select()
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.turbineId, turbineId)))
    .limit(1);
  if (!report) throw notFound('REPORT_NOT_FOUND');
  if (!can(actor, 'report.delete', { companyId: turbine.company_id, ownerId: report.uploadedBy })) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(reports).where(eq(reports.id, report.id));
    await recordAudit(tx, {
      at: ctx.now(),
      actor,
      kind: 'report_deleted',
      companyId: turbine.company_id,
      target: { type: 'report', id: report.id, label: report.originalFilename },
      details: { turbine_id: turbineId },
    });
    await ctx.storage.delete(report.storageKey);
  });
}
