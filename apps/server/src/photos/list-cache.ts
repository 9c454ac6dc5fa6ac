import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Actor, PhotoListQuery } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { urlExpiry } from '../files/signed-urls.ts';
import { listPhotosForTurbine, photoListVersion } from './list-service.ts';

const gzipAsync = promisify(gzip);

export interface SerializedListing {
  etag: string;
  /** the whole `{ success, data, message }` answer, UTF-8 JSON */
  body: Buffer;
  /** the same, gzip-compressed (about a fifth of the size) */
  gzipped: Buffer;
}

/** Serialized photo listings by turbine, filters, URL window and content version. A turbine with 10,000 photos answers
 *  about 12 MB of JSON with 10,000 signatures: building that per request would be the bottleneck. The version comes from
 *  the database on every request (see photoListVersion), so an entry is never stale; each app keeps its own cache,
 *  nothing is shared between processes. Only listings that are slow to build are kept: one of a few dozen photos is
 *  built in about a millisecond, and keeping every such listing (turbines x filters x languages x URL windows) grew
 *  the process by tens of megabytes over bench:soak for no measurable gain. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;
/** listings with fewer photos are built on every request */
export const MIN_CACHED_PHOTOS = 200;

class ListingCache {
  private readonly entries = new Map<string, SerializedListing>();
  private bytes = 0;

  get(key: string): SerializedListing | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // the most recently used goes last
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, listing: SerializedListing) {
    const size = listing.body.length + listing.gzipped.length;
    if (size > MAX_CACHED_BYTES / 4 || this.entries.has(key)) return;
    this.entries.set(key, listing);
    this.bytes += size;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= MAX_CACHED_BYTES) break;
      this.entries.delete(oldKey);
      this.bytes -= old.body.length + old.gzipped.length;
    }
  }
}

const caches = new WeakMap<AppContext, ListingCache>();
function cacheOf(ctx: AppContext): ListingCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new ListingCache();
    caches.set(ctx, cache);
  }
  return cache;
}

export interface ListingRequest {
  /** the weak ETag the answer will carry: when the client already has it (If-None-Match), nothing needs building */
  etag: string;
  build(): Promise<SerializedListing>;
}

/** The listing's ETag at once (one primary-key lookup, which also checks that the actor may see the turbine), and the
 *  answer itself on demand: from the cache, or built (and kept when it is large). */
export async function photoListing(
  ctx: AppContext,
  actor: Actor,
  turbineId: number,
  query: PhotoListQuery,
  message: string,
): Promise<ListingRequest> {
  const now = ctx.now();
  const { noCache: _ignored, ...filters } = query;
  const version = await photoListVersion(ctx, actor, turbineId);
  const key = JSON.stringify([turbineId, filters, urlExpiry(now), version, message]);
  const etag = `W/"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
  return {
    etag,
    async build() {
      const cache = cacheOf(ctx);
      const hit = cache.get(key);
      if (hit) return hit;
      const data = await listPhotosForTurbine(ctx, turbineId, filters, now);
      const body = Buffer.from(JSON.stringify({ success: true, data, message }));
      // compressed on the thread pool: the event loop keeps serving meanwhile
      const listing = { etag, body, gzipped: await gzipAsync(body, { level: 6 }) };
      if (data.length >= MIN_CACHED_PHOTOS) cache.set(key, listing);
      return listing;
    },
  };
}
