import { createHmac, timingSafeEqual } from 'node:crypto';
import { isMediaKind, MEDIA_KINDS, type MediaKind } from '../media/media-types.ts';
import { previewKeyOf, thumbnailKeyOf } from '../uploads/storage-keys.ts';
import { oncePer } from '../lib/once-per.ts';

/** File URLs in API answers are signed and expire (DECISIONS §6): `<img>` cannot send a bearer header.
 *  Expiry is rounded to a window so a URL stays the same for an hour: browsers cache the image and
 *  listings can be cached; a URL is valid for one to two hours after it is handed out. */
export const URL_WINDOW_SECONDS = 3600;
export const FILE_ROUTE_PREFIX = '/api/files/';

/** A photo's derived images live next to it and share its signature. */
const VARIANTS = { t: thumbnailKeyOf, p: previewKeyOf } as const;
type Variant = keyof typeof VARIANTS;

export interface FileGrant {
  key: string;
  kind: MediaKind;
  /** seconds since the epoch */
  expires: number;
  /** served as an attachment (download) rather than inline */
  download: boolean;
}

/** A key of its own for file URLs, derived from the app secret, so a URL signature can never be replayed as a token. */
const signingKey = oncePer((secret: Uint8Array): Buffer => createHmac('sha256', secret).update('windscope file urls v1').digest());

function signature(secret: Uint8Array, grant: FileGrant): string {
  const payload = `${grant.key}\n${grant.kind}\n${grant.expires}\n${grant.download ? 'a' : 'i'}`;
  // 128 bits of HMAC-SHA256 are plenty for a URL that lives two hours
  return createHmac('sha256', signingKey(secret)).update(payload).digest().subarray(0, 16).toString('base64url');
}

export function urlExpiry(now: Date): number {
  return (Math.floor(now.getTime() / 1000 / URL_WINDOW_SECONDS) + 2) * URL_WINDOW_SECONDS;
}

const urlOf = (grant: FileGrant, sig: string, variant?: Variant) =>
  `${FILE_ROUTE_PREFIX}${grant.key}?k=${grant.kind}&e=${grant.expires}${grant.download ? '&d=1' : ''}&s=${sig}${variant ? `&v=${variant}` : ''}`;

export function signFileUrl(secret: Uint8Array, grant: FileGrant): string {
  return urlOf(grant, signature(secret, grant));
}

/** The original's URL and, when derived images exist, theirs (else null), from one signature (listings sign thousands of photos). */
export function signPhotoUrls(secret: Uint8Array, grant: FileGrant, hasDerivatives: boolean) {
  const sig = signature(secret, grant);
  const original = urlOf(grant, sig);
  // a point cloud has no image to show: no thumbnail or preview URL at all (never the raw file in an <img>)
  if (!hasDerivatives) return { original, thumbnail: null, preview: null };
  return { original, thumbnail: urlOf(grant, sig, 't'), preview: urlOf(grant, sig, 'p') };
}

/** What a URL lets its holder read (a derived image's key and WebP type for `v=t|p`), or null when it was altered,
 *  forged or has expired. */
export function verifyFileUrl(secret: Uint8Array, key: string, query: Record<string, unknown>, now: Date): FileGrant | null {
  const { k, e, d, s, v } = query;
  if (typeof k !== 'string' || !isMediaKind(k) || typeof e !== 'string' || !/^\d{1,12}$/.test(e) || typeof s !== 'string') return null;
  if ((d !== undefined && d !== '1') || (v !== undefined && v !== 't' && v !== 'p')) return null;
  // only images have derived images: a thumbnail or preview URL of a point cloud or a PDF names nothing
  if (v !== undefined && !MEDIA_KINDS[k].image) return null;
  const grant: FileGrant = { key, kind: k, expires: Number(e), download: d === '1' };
  const expected = Buffer.from(signature(secret, grant));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (grant.expires * 1000 <= now.getTime()) return null;
  return v ? { ...grant, key: VARIANTS[v](key), kind: 'webp' } : grant;
}
