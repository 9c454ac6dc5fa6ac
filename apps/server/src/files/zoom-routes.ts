import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ZoomPyramid } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { photos } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { isSafeKey } from '../storage/storage-driver.ts';
import { pyramidKeyOf, tilePrefixOf } from '../uploads/storage-keys.ts';
import { matchesEtag, setFileHeaders } from './routes.ts';
import { liveFileHolder } from './file-holders.ts';
import { verifyZoomSignature } from './signed-urls.ts';

/** `{user}/{expires}/{signature}/{photo key}.tiles/` then `pyramid.json` or `{level}/{column}_{row}.jpeg` */
const ZOOM_PATH = /^(\d{1,10})\/(\d{1,12})\/([A-Za-z0-9_-]{1,64})\/(.+)\.tiles\/(pyramid\.json|\d{1,2}\/\d{1,6}_\d{1,6}\.jpeg)$/;
/** tiles of 510 px are 20-150 KB */
const TILE_BYTES = 1024 * 1024;

async function readStored(ctx: AppContext, key: string) {
  if (ctx.storage.readSmall) {
    const small = await ctx.storage.readSmall(key, TILE_BYTES);
    if (small?.bytes) return { info: small.info, bytes: small.bytes };
    if (small === null) return null;
  }
  const read = await ctx.storage.read(key);
  if (!read) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of read.stream) chunks.push(chunk as Buffer);
  return { info: read.info, bytes: Buffer.concat(chunks) };
}

/** GET /api/zoom/{user}/{expires}/{signature}/{key}.tiles/…: a photo's Deep Zoom pyramid (DECISIONS §16). One signature covers
 *  the photo's whole pyramid (the viewer asks for hundreds of tiles under one base), and is the authorisation, as for
 *  /api/files. The descriptor answers 202 'pending' while the pyramid is still to be made, and queues it first. */
export async function zoomRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/zoom/*', { config: { public: true }, schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const match = ZOOM_PATH.exec((request.params as Record<string, string>)['*'] ?? '');
    const [, user = '', expires = '', sig = '', photoKey = '', rest = ''] = match ?? [];
    const now = ctx.now();
    const claim = { userId: Number(user), expires: Number(expires), signature: sig };
    const live = match && isSafeKey(photoKey) && claim.expires * 1000 > now.getTime();
    // the sign-in or token the base was handed to must still be live (DECISIONS §17)
    const holder = live ? await liveFileHolder(ctx, claim.userId) : null;
    if (!holder || !verifyZoomSignature(ctx.config.jwtSecret, photoKey, claim, holder.binders, now)) throw forbidden('FILE_LINK_INVALID');
    const maxAge = Math.max(0, Number(expires) - Math.floor(now.getTime() / 1000));

    if (rest === 'pyramid.json') {
      const [row] = await ctx.db.select({ tiles: photos.tiles }).from(photos).where(eq(photos.storageKey, photoKey));
      if (!row || row.tiles === 'none' || row.tiles === 'failed') throw notFound('FILE_NOT_FOUND');
      const stored = row.tiles === 'ready' ? await readStored(ctx, pyramidKeyOf(photoKey)) : null;
      if (!stored) {
        // still to be made, or recorded as made but gone from storage: made again, this one first
        if (row.tiles === 'ready') await ctx.db.update(photos).set({ tiles: 'pending' }).where(eq(photos.storageKey, photoKey));
        await ctx.tiles.request(photoKey);
        const pending: ZoomPyramid = { state: 'pending' };
        return reply.status(202).header('cache-control', 'no-store').send(pending);
      }
      setFileHeaders(reply, stored.info, 'application/json; charset=utf-8', 'inline', maxAge);
      if (matchesEtag(request.headers['if-none-match'], stored.info.etag)) return reply.status(304).send();
      const ready: ZoomPyramid = { state: 'ready', ...JSON.parse(stored.bytes.toString('utf8')) };
      return reply.send(ready);
    }

    const stored = await readStored(ctx, `${tilePrefixOf(photoKey)}${rest}`);
    if (!stored) throw notFound('FILE_NOT_FOUND');
    setFileHeaders(reply, stored.info, 'image/jpeg', 'inline', maxAge);
    if (matchesEtag(request.headers['if-none-match'], stored.info.etag)) return reply.status(304).send();
    return reply.header('content-length', String(stored.bytes.length)).send(stored.bytes);
  });
}
