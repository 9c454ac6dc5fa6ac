import { and, eq } from 'drizzle-orm';
import type { Actor } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { photos, reports, turbines } from '../db/schema.ts';
import type { FileGrant } from '../files/signed-urls.ts';
import { recordAudit } from './record.ts';

/** A read of an original photo or a report through a file link (DECISIONS §17: downloads are logged). A link is the
 *  authorisation and names the user it was handed to (files/signed-urls.ts), the row's actor: it says who read what, for
 *  which company, from which address and browser. A thumbnail or preview is not a download, nor is a
 *  range request past the first byte (a PDF viewer reads one file in many pieces) or an answer 304. */
export async function recordFileDownload(
  ctx: AppContext,
  grant: Pick<FileGrant, 'key' | 'kind'>,
  requestedKey: string,
  range: string | undefined,
  actor: Actor,
) {
  if (grant.key !== requestedKey || (range !== undefined && !/^bytes=0-/.test(range.trim()))) return;
  const turbineId = /^turbines\/(\d{1,10})\//.exec(grant.key)?.[1];
  if (!turbineId) return;
  const id = Number(turbineId);
  if (grant.kind === 'pdf') {
    const [row] = await ctx.db
      .select({ id: reports.id, name: reports.originalFilename, companyId: turbines.companyId })
      .from(reports)
      .innerJoin(turbines, eq(turbines.id, reports.turbineId))
      .where(and(eq(reports.turbineId, id), eq(reports.storageKey, grant.key)))
      .limit(1);
    if (!row) return;
    await recordAudit(ctx.db, {
      at: ctx.now(),
      actor,
      kind: 'report_downloaded',
      companyId: row.companyId,
      target: { type: 'report', id: row.id, label: row.name },
      details: { turbine_id: id },
    });
    return;
  }
  const [row] = await ctx.db
    .select({ id: photos.id, name: photos.originalName, companyId: turbines.companyId })
    .from(photos)
    .innerJoin(turbines, eq(turbines.id, photos.turbineId))
    .where(eq(photos.storageKey, grant.key))
    .limit(1);
  if (!row) return;
  await recordAudit(ctx.db, {
    at: ctx.now(),
    actor,
    kind: 'original_downloaded',
    companyId: row.companyId,
    target: { type: 'photo', id: row.id, label: row.name },
    details: { turbine_id: id },
  });
}
