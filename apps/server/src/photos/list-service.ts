import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Actor, type Photo, type PhotoListQuery, can } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { companyScope } from '../access/scope.ts';
import { photos, turbines, users } from '../db/schema.ts';
import type { FileSigner } from '../files/file-holders.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { emailVisibility, photoRecordColumns, presentPhoto } from './presenter.ts';

/** The spec's two shapes are filters of one listing: `room` (+ `noCache`) for the panorama, `view=all` (+ `year`) for the
 *  all-photos list; `blade` and `category` (`blade` meaning the 360° blade photos without one) narrow either. */
function photoFilter(turbineId: number, query: PhotoListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(photos.turbineId, turbineId)];
  if (query.room !== undefined) conditions.push(eq(photos.room, query.room));
  if (query.year !== undefined) conditions.push(eq(photos.year, query.year));
  if (query.blade !== undefined) conditions.push(eq(photos.blade, query.blade));
  if (query.category === 'blade') conditions.push(isNull(photos.category));
  else if (query.category !== undefined) conditions.push(eq(photos.category, query.category));
  return and(...conditions);
}

/** The version of the turbine's listing, checking on the way that the actor may see the turbine (another company's:
 *  404) — one primary-key lookup, as it runs on every request, cached answer or not. turbines.photo_version grows with
 *  every photo added, removed or re-attributed (triggers, migration 0001); the users' last change catches a renamed
 *  uploader. */
export async function photoListVersion(ctx: AppContext, actor: Actor, turbineId: number): Promise<string> {
  const [row] = await ctx.db
    .select({
      companyId: turbines.companyId,
      photos: turbines.photoVersion,
      people: sql<string | null>`(select max(${users.updatedAt})::text from ${users})`,
    })
    .from(turbines)
    .where(and(eq(turbines.id, turbineId), companyScope(actor, turbines.companyId)));
  if (!row) throw notFound('TURBINE_NOT_FOUND');
  if (!can(actor, 'photo.read', { companyId: row.companyId })) throw forbidden();
  return `${row.photos}.${row.people ?? ''}`;
}

/** Newest first, each with file URLs signed by `signer`. */
export async function listPhotosForTurbine(
  ctx: AppContext,
  actor: Actor,
  turbineId: number,
  query: PhotoListQuery,
  signer: FileSigner,
): Promise<Photo[]> {
  const rows = await ctx.db
    .select(photoRecordColumns)
    .from(photos)
    .leftJoin(users, eq(users.id, photos.uploadedBy))
    .where(photoFilter(turbineId, query))
    .orderBy(desc(photos.createdAt), desc(photos.id));
  const showEmail = emailVisibility(actor);
  return rows.map((row) => presentPhoto(signer, row, showEmail));
}
