import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_URL_MAX_LIFETIME_SECONDS } from '@windscope/contract';
import { isMediaKind, MEDIA_KINDS, type MediaKind } from '../media/media-types.ts';
import { cloudKeyOf, previewKeyOf, thumbnailKeyOf, tilePrefixOf } from '../uploads/storage-keys.ts';
import { oncePer } from '../lib/once-per.ts';

/** File URLs in API answers are signed (DECISIONS §6: `<img>` cannot send a bearer header), bound to whoever they were
 *  handed to and short-lived (DECISIONS §17, issue 26 item 3):
 *  - every URL names its holder: the user (`u`) and, inside the signature only, the sign-in (the session family) or the
 *    API token it was issued to. The file routes check at serve time that this sign-in or token is still live and its
 *    user active (file-holders.ts), so a sign-out, a deactivation, a password change or a deleted user ends the URL at
 *    once;
 *  - originals, previews, reports, evidence crops and Deep Zoom bases expire FILE_URL_LIFETIME_SECONDS (at most 900)
 *    after they are made, rounded down to a third of that, so one URL is handed out for five minutes (listings stay
 *    cacheable) and is good for ten to fifteen; the web app fetches its lists again before that;
 *  - a thumbnail URL carries no expiry: it is the same for the whole sign-in, so the browser's cache holds across every
 *    re-issue, and lives exactly as long as the sign-in it names (checked at every request, answered with an ETag). */
export const FILE_ROUTE_PREFIX = '/api/files/';
export const MAX_FILE_URL_LIFETIME_SECONDS = FILE_URL_MAX_LIFETIME_SECONDS;

/** A photo's derived files live next to it and share its signature: thumbnail, preview, a point cloud's decimated copy. */
const VARIANTS = { t: thumbnailKeyOf, p: previewKeyOf, c: cloudKeyOf } as const;
type Variant = keyof typeof VARIANTS;

/** Who a URL was handed to: the user, and `s:<sign-in>` or `t:<API token id>` (never put in the URL itself). */
export interface FileHolder {
  userId: number;
  binder: string;
}

export interface FileGrant {
  key: string;
  kind: MediaKind;
  /** seconds since the epoch; null: a thumbnail URL, good while its holder is live */
  expires: number | null;
  /** served as an attachment (download) rather than inline */
  download: boolean;
  holder: FileHolder;
}

/** A key of its own for file URLs, derived from the app secret, so a URL signature can never be replayed as a token. */
const signingKey = oncePer((secret: Uint8Array): Buffer => createHmac('sha256', secret).update('windscope file urls v2').digest());

function signature(secret: Uint8Array, grant: FileGrant): string {
  const { holder } = grant;
  const payload = `${grant.key}\n${grant.kind}\n${grant.expires ?? 'thumbnail'}\n${grant.download ? 'a' : 'i'}\n${holder.userId}\n${holder.binder}`;
  // 128 bits of HMAC-SHA256 are plenty for a URL that lives fifteen minutes or one sign-in
  return createHmac('sha256', signingKey(secret)).update(payload).digest().subarray(0, 16).toString('base64url');
}

/** The expiry of URLs made now: `lifetime` seconds from the start of the current third of it. */
export function urlExpiry(now: Date, lifetimeSeconds: number): number {
  const step = Math.max(1, Math.floor(lifetimeSeconds / 3));
  return Math.floor(now.getTime() / 1000 / step) * step + lifetimeSeconds;
}

const urlOf = (grant: FileGrant, sig: string, variant?: Variant) =>
  `${FILE_ROUTE_PREFIX}${grant.key}?k=${grant.kind}&u=${grant.holder.userId}${grant.expires === null ? '' : `&e=${grant.expires}`}${grant.download ? '&d=1' : ''}&s=${sig}${variant ? `&v=${variant}` : ''}`;

export function signFileUrl(secret: Uint8Array, grant: FileGrant): string {
  return urlOf(grant, signature(secret, grant));
}

/** The original's and preview's URLs (one signature, they expire) and the thumbnail's (no expiry: stable for the
 *  sign-in), else null when no derived images exist; the Deep Zoom base of a photo with a pyramid (made or to be made);
 *  a point cloud's decimated copy (same signature as the original; only for .pcd). */
export function signPhotoUrls(secret: Uint8Array, grant: FileGrant, hasDerivatives: boolean, hasPyramid = false) {
  const sig = signature(secret, grant);
  const original = urlOf(grant, sig);
  // nothing derived (a point cloud that could not be read): no thumbnail or preview URL at all (never the raw file in an <img>)
  // a point cloud's answer names its decimated copy (null when it has none); other kinds' answers leave it out (listings)
  const pointCloud = grant.kind === 'pcd';
  if (!hasDerivatives) return { original, thumbnail: null, preview: null, zoom: null, ...(pointCloud ? { cloud: null } : {}) };
  const zoom = hasPyramid && grant.expires !== null ? signZoomBase(secret, grant.key, grant.expires, grant.holder) : null;
  const lasting = { ...grant, expires: null, download: false };
  const thumbnail = urlOf(lasting, signature(secret, lasting), 't');
  const cloud = pointCloud && !grant.download ? { cloud: urlOf(grant, sig, 'c') } : {};
  return { original, thumbnail, preview: urlOf(grant, sig, 'p'), zoom, ...cloud };
}

/** A URL's claims once its form and expiry hold; its signature is checked against the holder's live sign-ins and tokens
 *  (verifyFileSignature). The key and kind served are the derived file's for `v=t|p|c`. */
export interface FileClaim {
  grant: FileGrant;
  signature: string;
  served: { key: string; kind: MediaKind };
}

export function parseFileUrl(key: string, query: Record<string, unknown>, now: Date): FileClaim | null {
  const { k, u, e, d, s, v } = query;
  if (typeof k !== 'string' || !isMediaKind(k) || typeof u !== 'string' || !/^\d{1,10}$/.test(u) || typeof s !== 'string') return null;
  if (e !== undefined && (typeof e !== 'string' || !/^\d{1,12}$/.test(e))) return null;
  if ((d !== undefined && d !== '1') || (v !== undefined && v !== 't' && v !== 'p' && v !== 'c')) return null;
  // only images and point clouds have derived images: a thumbnail or preview URL of a PDF names nothing
  if (v !== undefined && !MEDIA_KINDS[k].derived) return null;
  // only a point cloud has a decimated copy
  if (v === 'c' && (k !== 'pcd' || d !== undefined)) return null;
  // only a thumbnail lives without an expiry
  if (e === undefined && (v !== 't' || d !== undefined)) return null;
  const expires = e === undefined ? null : Number(e);
  if (expires !== null && expires * 1000 <= now.getTime()) return null;
  const grant: FileGrant = { key, kind: k, expires, download: d === '1', holder: { userId: Number(u), binder: '' } };
  const served: FileClaim['served'] =
    v === 'c' ? { key: cloudKeyOf(key), kind: 'pcd' } : v ? { key: VARIANTS[v](key), kind: 'webp' } : { key, kind: k };
  return { grant, signature: s, served };
}

/** The holder binder (of the user's live ones) whose signature this is, or null. */
export function verifyFileSignature(secret: Uint8Array, claim: FileClaim, binders: readonly string[]): string | null {
  const given = Buffer.from(claim.signature);
  for (const binder of binders) {
    const grant = { ...claim.grant, holder: { userId: claim.grant.holder.userId, binder } };
    const expected = Buffer.from(signature(secret, grant));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return binder;
  }
  return null;
}

/** Deep Zoom tiles (DECISIONS §16): one signature per photo's pyramid, in the path, so that every tile under it shares
 *  the URL prefix a viewer is handed (`{base}pyramid.json`, `{base}{level}/{column}_{row}.jpeg`). */
export const ZOOM_ROUTE_PREFIX = '/api/zoom/';

function zoomSignature(secret: Uint8Array, photoKey: string, expires: number, holder: FileHolder): string {
  return createHmac('sha256', signingKey(secret))
    .update(`zoom\n${photoKey}\n${expires}\n${holder.userId}\n${holder.binder}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function signZoomBase(secret: Uint8Array, photoKey: string, expires: number, holder: FileHolder): string {
  return `${ZOOM_ROUTE_PREFIX}${holder.userId}/${expires}/${zoomSignature(secret, photoKey, expires, holder)}/${tilePrefixOf(photoKey)}`;
}

/** Whether a zoom URL's signature is one of these live binders' for this photo and has not expired. */
export function verifyZoomSignature(
  secret: Uint8Array,
  photoKey: string,
  claim: { userId: number; expires: number; signature: string },
  binders: readonly string[],
  now: Date,
): boolean {
  if (claim.expires * 1000 <= now.getTime()) return false;
  const given = Buffer.from(claim.signature);
  return binders.some((binder) => {
    const expected = Buffer.from(zoomSignature(secret, photoKey, claim.expires, { userId: claim.userId, binder }));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
