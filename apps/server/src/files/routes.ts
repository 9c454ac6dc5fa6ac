import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stripStoredPrefix } from '@windscope/contract';
import { recordFileDownload } from '../audit/downloads.ts';
import type { AppContext } from '../context.ts';
import { forbidden, notFound, serviceUnavailable } from '../http/errors.ts';
import { localize } from '../http/error-handler.ts';
import { MEDIA_KINDS } from '../media/media-types.ts';
import { isSafeKey, type StoredObjectInfo } from '../storage/storage-driver.ts';
import { parseByteRange } from './byte-range.ts';
import { liveFileHolder } from './file-holders.ts';
import { MAX_FILE_URL_LIFETIME_SECONDS, parseFileUrl, verifyFileSignature } from './signed-urls.ts';

/** Objects up to this size are read into memory whole (thumbnails ~10-30 KB, previews ~100-300 KB); larger ones stream. */
const SMALL_FILE_BYTES = 512 * 1024;

/** The name a browser saves the file under: the key's last segment without the "number-number-" prefix. */
const displayName = (key: string) => stripStoredPrefix(key.slice(key.lastIndexOf('/') + 1));

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const weakless = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || weakless(tag) === weakless(etag));
}

export function setFileHeaders(reply: FastifyReply, info: StoredObjectInfo, mime: string, disposition: string, maxAge: number) {
  reply
    .header('content-type', mime)
    .header('content-disposition', disposition)
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString())
    .header('accept-ranges', 'bytes')
    .header('cache-control', `private, max-age=${maxAge}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
}

/** How long a browser may keep a file without asking again: until its URL expires; a thumbnail (its URL lasts the
 *  sign-in) 15 minutes, then it asks with If-None-Match and the holder's sign-in is checked again (a 304 when live). */
function cacheSeconds(expires: number | null, now: Date): number {
  if (expires === null) return MAX_FILE_URL_LIFETIME_SECONDS;
  return Math.max(0, expires - Math.floor(now.getTime() / 1000));
}

/** GET /api/files/{key}?k=&u=[&e=][&d=1]&s=[&v=]: the signature is the authorisation (no session: `<img>` cannot send one),
 *  good while the sign-in or API token it was made for is live (signed-urls.ts). */
export async function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/files/*', { config: { public: true }, schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const key = (request.params as Record<string, string>)['*'] ?? '';
    const now = ctx.now();
    const claim = isSafeKey(key) ? parseFileUrl(key, request.query as Record<string, unknown>, now) : null;
    // the sign-in or token the URL was handed to must still be live, its user active (DECISIONS §17)
    const holder = claim ? await liveFileHolder(ctx, claim.grant.holder.userId) : null;
    if (!claim || !holder || !verifyFileSignature(ctx.config.jwtSecret, claim, holder.binders)) throw forbidden('FILE_LINK_INVALID');
    const grant = { ...claim.grant, ...claim.served };
    // a thumbnail or preview URL names its original's key; the grant holds the key actually served.
    // Without a Range header a small object (thumbnails, previews) is read whole in one go and sent as bytes.
    // A revalidation (If-None-Match: a thumbnail kept past its max-age) only needs the object's ETag: a stat.
    const whole = request.headers.range === undefined && request.headers['if-none-match'] === undefined;
    const small = whole && ctx.storage.readSmall ? await ctx.storage.readSmall(grant.key, SMALL_FILE_BYTES) : undefined;
    let info = small === undefined ? await ctx.storage.stat(grant.key) : (small?.info ?? null);
    if (!info && grant.key !== key) {
      // asked for before the derivative queue reached the photo: made now (then streamed like any file)
      const state = await ctx.derivatives.ensure(key);
      if (state === 'ready') info = await ctx.storage.stat(grant.key);
      else if (state === 'pending' || state === 'working') {
        reply.header('retry-after', '5');
        throw serviceUnavailable('FILE_NOT_READY');
      }
    }
    if (!info) throw notFound('FILE_NOT_FOUND');

    // only the listed kinds are ever served, each as its own type: never text/html
    const mime = MEDIA_KINDS[grant.kind].mime;
    const disposition = `${grant.download ? 'attachment' : 'inline'}; filename="${displayName(grant.key)}"`;
    setFileHeaders(reply, info, mime, disposition, cacheSeconds(grant.expires, now));
    if (matchesEtag(request.headers['if-none-match'], info.etag)) return reply.status(304).send();
    await recordFileDownload(ctx, grant, key, request.headers.range, holder.actor);
    if (small?.bytes) return reply.header('content-length', String(small.bytes.length)).send(small.bytes);

    const ifRange = request.headers['if-range'];
    const rangeHeader = ifRange && ifRange !== info.etag ? undefined : request.headers.range;
    const range = parseByteRange(rangeHeader, info.size);
    if (range === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${info.size}`)
        .header('content-type', 'application/json; charset=utf-8')
        .send({ success: false, code: 'FILE_RANGE_INVALID', message: localize(request, 'FILE_RANGE_INVALID') });
    }
    const read = await ctx.storage.read(grant.key, range ?? undefined);
    if (!read) throw notFound('FILE_NOT_FOUND');
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${read.info.size}`);
      reply.header('content-length', String(range.end - range.start + 1));
    } else {
      reply.header('content-length', String(read.info.size));
    }
    return reply.send(read.stream);
  });
}
