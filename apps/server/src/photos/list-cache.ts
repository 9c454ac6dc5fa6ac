import type { Actor, PhotoListQuery } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { fileHolderKey, fileSigner } from '../files/file-holders.ts';
import { type PreparedAnswer, preparedAnswer, serializedCache } from '../http/serialized-answers.ts';
import { listPhotosForTurbine, photoListVersion } from './list-service.ts';
import { emailVisibilityKey } from './presenter.ts';

/** Serialized photo listings by turbine, filters and language, each for its URL window and content version. A turbine
 *  with 10,000 photos answers about 12 MB of JSON with 10,000 signatures: building that per request would be the
 *  bottleneck. The version comes from the database on every request (see photoListVersion), so an entry is never
 *  stale. Only listings that are slow to build are kept: one of a few dozen photos is built in about a millisecond,
 *  and keeping every such listing (turbines x filters x languages) grew the process by tens of megabytes over
 *  bench:soak for no measurable gain. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;
/** listings with fewer photos are built on every request */
export const MIN_CACHED_PHOTOS = 200;

/** The listing's ETag at once (one primary-key lookup, which also checks that the actor may see the turbine), and the
 *  answer itself on demand: from the cache, or built (and kept when it is large). */
export async function photoListing(
  ctx: AppContext,
  actor: Actor,
  turbineId: number,
  query: PhotoListQuery,
  message: string,
): Promise<PreparedAnswer> {
  const { noCache: _ignored, ...filters } = query;
  const signer = fileSigner(ctx);
  const version = `${signer.expires}.${await photoListVersion(ctx, actor, turbineId)}`;
  return preparedAnswer({
    cache: serializedCache(ctx, 'photos', MAX_CACHED_BYTES),
    // file URLs are signed for their holder: one entry per sign-in or token
    slot: JSON.stringify(['photos', turbineId, filters, message, emailVisibilityKey(actor), fileHolderKey(signer)]),
    version,
    message,
    data: () => listPhotosForTurbine(ctx, actor, turbineId, filters, signer),
    keep: (data) => data.length >= MIN_CACHED_PHOTOS,
    // built again for every sign-in: compressed faster
    compression: 'faster',
  });
}
