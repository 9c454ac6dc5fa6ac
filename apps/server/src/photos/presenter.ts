import { type SQL, sql } from 'drizzle-orm';
import { type Actor, type Blade, can, canEver, type Photo, type PhotoCategory } from '@windscope/contract';
import { photos, users } from '../db/schema.ts';
import type { FileSigner } from '../files/file-holders.ts';
import { signPhotoUrls } from '../files/signed-urls.ts';
import { MEDIA_KINDS, mediaKindOfMime } from '../media/media-types.ts';

export type PhotoRow = typeof photos.$inferSelect;

/** The columns a photo is presented from, times already as ISO text (parsing 10,000 dates would cost more than the query). */
export interface PhotoRecord {
  id: number;
  storageKey: string;
  originalName: string;
  room: number | null;
  blade: string | null;
  category: string | null;
  year: number;
  month: number;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  mimeType: string;
  sha256: string;
  hasDerivatives: boolean;
  /** a Deep Zoom pyramid is made or to be made */
  hasPyramid: boolean;
  gpsLatitude: number | null;
  gpsLongitude: number | null;
  takenAt: string | null;
  createdAt: string;
  uploadedBy: number | null;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  uploaderEmail: string | null;
  uploaderCompanyId: number | null;
}

const isoText = (column: typeof photos.createdAt | typeof photos.takenAt): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const POINT_CLOUD_MIME = MEDIA_KINDS.pcd.mime;
/** Whether a photo's answer carries thumbnail and preview URLs: an image's always once it has them or may (a failed
 *  one's answer 404 like a missing file, as before); a point cloud's only while they are made or to be made: one that
 *  could not be read (damaged, truncated) has none, and the web shows its point-cloud icon (DECISIONS §16). The SQL of
 *  photoRecordColumns.hasDerivatives says the same. */
export const derivedImagesShown = (derivatives: string, mimeType: string) =>
  derivatives !== 'none' && !(derivatives === 'failed' && mimeType === POINT_CLOUD_MIME);

/** Select these from photos left-joined with users (the uploader). */
export const photoRecordColumns = {
  id: photos.id,
  storageKey: photos.storageKey,
  originalName: photos.originalName,
  room: photos.room,
  blade: photos.blade,
  category: photos.category,
  year: photos.year,
  month: photos.month,
  sizeBytes: photos.sizeBytes,
  width: photos.width,
  height: photos.height,
  mimeType: photos.mimeType,
  sha256: photos.sha256,
  hasDerivatives: sql<boolean>`(${photos.derivatives} <> 'none' and not (${photos.derivatives} = 'failed' and ${photos.mimeType} = ${POINT_CLOUD_MIME}))`,
  hasPyramid: sql<boolean>`(${photos.tiles} in ('pending', 'working', 'ready'))`,
  gpsLatitude: photos.gpsLatitude,
  gpsLongitude: photos.gpsLongitude,
  takenAt: sql<string | null>`${isoText(photos.takenAt)}`,
  createdAt: isoText(photos.createdAt),
  uploadedBy: photos.uploadedBy,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
  uploaderEmail: users.email,
  uploaderCompanyId: users.companyId,
};

/** A row just inserted, with its uploader, as a record. */
export function photoRecordOf(
  row: PhotoRow,
  uploader: { firstName: string; lastName: string; email: string; companyId: number },
): PhotoRecord {
  const { thumbnailKey: _t, previewKey: _p, turbineId: _turbine, derivatives, derivativesClaimedAt: _c, takenAt, createdAt, ...rest } = row;
  const { tiles, tilesClaimedAt: _tc, tilesRequestedAt: _tr, ...fields } = rest;
  return {
    ...fields,
    hasDerivatives: derivedImagesShown(derivatives, row.mimeType),
    hasPyramid: tiles === 'pending' || tiles === 'working' || tiles === 'ready',
    takenAt: takenAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    uploaderFirstName: uploader.firstName,
    uploaderLastName: uploader.lastName,
    uploaderEmail: uploader.email,
    uploaderCompanyId: uploader.companyId,
  };
}

/** The only shape of a photo that leaves the server, with signed URLs valid until `expires` (seconds). Images always get
 *  thumbnail and preview URLs, made or still queued (the file route makes a queued one on demand), so a listing does not
 *  change when the queue catches up; kinds without derivatives (.pcd point clouds) point every URL at the original. */
/** Who may read an uploader's e-mail (the contract's 'user.readEmail'): names go to everyone who sees the photo. */
export type EmailVisibility = (uploaderCompanyId: number) => boolean;
export const emailVisibility =
  (actor: Actor): EmailVisibility =>
  (companyId) =>
    can(actor, 'user.readEmail', { companyId });
/** What the e-mails shown in a listing depend on, for the key of a kept answer: can() decides from the actor's role and
 *  company, so one key per (role, company) that may see some, and one shared key for every actor who sees none. */
export const emailVisibilityKey = (actor: Actor): string =>
  canEver(actor.role, 'user.readEmail') ? `emails:${actor.role}:${actor.companyId}` : 'emails:none';

export function presentPhoto(signer: FileSigner, photo: PhotoRecord, showEmail: EmailVisibility): Photo {
  const kind = mediaKindOfMime(photo.mimeType) ?? 'pcd';
  const { secret, expires, holder } = signer;
  const urls = signPhotoUrls(
    secret,
    { key: photo.storageKey, kind, expires, download: false, holder },
    photo.hasDerivatives,
    photo.hasPyramid,
  );
  const uploaderName = photo.uploaderFirstName === null ? null : `${photo.uploaderFirstName} ${photo.uploaderLastName ?? ''}`.trim();
  return {
    id: photo.id,
    key: photo.storageKey,
    url: urls.original,
    urls,
    originalName: photo.originalName,
    file_path: photo.storageKey,
    room: photo.room,
    blade: photo.blade as Blade | null,
    category: photo.category as PhotoCategory | null,
    year: photo.year,
    month: photo.month,
    size: photo.sizeBytes,
    width: photo.width,
    height: photo.height,
    mime_type: photo.mimeType,
    sha256: photo.sha256,
    taken_at: photo.takenAt,
    gps: photo.gpsLatitude !== null && photo.gpsLongitude !== null ? { latitude: photo.gpsLatitude, longitude: photo.gpsLongitude } : null,
    upload_date: photo.createdAt,
    createdAt: photo.createdAt,
    lastModified: photo.createdAt,
    uploaded_by: photo.uploadedBy,
    uploader_name: uploaderName,
    uploader_email: photo.uploaderCompanyId !== null && showEmail(photo.uploaderCompanyId) ? photo.uploaderEmail : null,
    uploadedBy: uploaderName === null ? null : { name: uploaderName },
  };
}
