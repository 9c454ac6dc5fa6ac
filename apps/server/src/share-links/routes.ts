import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdShareLinkSchema,
  createShareLinkBodySchema,
  idParamSchema,
  openShareLinkBodySchema,
  sharedContentSchema,
  shareLinkOpeningSchema,
  shareLinkPageQuerySchema,
  shareLinkPageSchema,
  shareLinkQuerySchema,
  shareLinkSchema,
} from '@windscope/contract';
import { recordAudit } from '../audit/record.ts';
import type { AppContext } from '../context.ts';
import { matchesEtag, setFileHeaders } from '../files/routes.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import {
  createShareLink,
  invalidLink,
  listShareLinkOpenings,
  listShareLinkPage,
  listShareLinks,
  openShareLink,
  refreshShareLink,
  revokeShareLink,
  sharedFile,
} from './service.ts';

/** DECISIONS §17: share links. Managers (and the superadmin) make, list and revoke their company's links and read their
 *  openings; the recipient's side (/share/open, /share/files/…) is public and answers `X-Robots-Tag: noindex`. */
export async function shareLinkRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['share-links'];

  r.get(
    '/share-links',
    {
      schema: {
        tags,
        operationId: 'listShareLinks',
        summary: "Your company's share links (a turbine's with turbine_id), with their openings counted",
        querystring: shareLinkQuerySchema,
        response: { 200: envelope(z.array(shareLinkSchema)) },
      },
    },
    async (req) => ({ success: true as const, data: await listShareLinks(ctx, requireAuth(req), req.query.turbine_id) }),
  );

  r.get(
    '/share-links/page',
    {
      schema: {
        tags,
        // operationId and summary: http/api-operations.ts
        querystring: shareLinkPageQuerySchema,
        response: { 200: envelope(shareLinkPageSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await listShareLinkPage(ctx, requireAuth(req), req.query) }),
  );

  r.post(
    '/turbines/:id/share-links',
    {
      schema: {
        tags,
        operationId: 'createShareLink',
        summary: 'Share a report or reviewed findings of a turbine (the answer is the only time the link is shown)',
        params: idParamSchema,
        body: createShareLinkBodySchema,
        response: { 201: envelope(createdShareLinkSchema) },
      },
    },
    async (req, reply) => {
      const data = await createShareLink(ctx, requireAuth(req), routeId(req.params.id), req.body);
      reply.code(201);
      return { success: true as const, data, message: localize(req, 'SHARE_LINK_CREATED') };
    },
  );

  r.delete(
    '/share-links/:id',
    {
      schema: {
        tags,
        operationId: 'revokeShareLink',
        summary: 'Revoke a share link',
        params: idParamSchema,
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      await revokeShareLink(ctx, requireAuth(req), routeId(req.params.id, { status: 404 }));
      return { success: true as const, message: localize(req, 'SHARE_LINK_REVOKED') };
    },
  );

  r.get(
    '/share-links/:id/openings',
    {
      schema: {
        tags,
        operationId: 'listShareLinkOpenings',
        summary: 'When and from which address a share link was opened',
        params: idParamSchema,
        response: { 200: envelope(z.array(shareLinkOpeningSchema)) },
      },
    },
    async (req) => ({ success: true as const, data: await listShareLinkOpenings(ctx, requireAuth(req), routeId(req.params.id)) }),
  );

  await app.register(async (shared) => {
    const p = shared.withTypeProvider<ZodTypeProvider>();
    shared.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
      done();
    });

    p.post(
      '/share/open',
      {
        config: { public: true },
        schema: {
          tags,
          operationId: 'openShareLink',
          summary: "A share link's content, for its holder (no account): the token, and its password when it has one",
          body: openShareLinkBodySchema,
          response: { 200: envelope(sharedContentSchema) },
        },
      },
      async (req) => ({ success: true as const, data: await openShareLink(ctx, req.ip, req.body.token, req.body.password) }),
    );

    p.post(
      '/share/refresh',
      {
        config: { public: true },
        schema: {
          tags,
          operationId: 'refreshShareLink',
          summary: 'New file URLs for a share link page already open (the same checks and limit as opening it; not logged as an opening)',
          body: openShareLinkBodySchema,
          response: { 200: envelope(sharedContentSchema) },
        },
      },
      async (req) => ({ success: true as const, data: await refreshShareLink(ctx, req.ip, req.body.token, req.body.password) }),
    );

    shared.get('/share/files/*', { config: { public: true }, schema: { hide: true } }, async (request: FastifyRequest, reply) => {
      const rest = (request.params as Record<string, string>)['*'] ?? '';
      const match = /^(\d{1,10})\/(\d{1,12})\/([A-Za-z0-9_-]{1,64})\/(.+)$/.exec(rest);
      const found = match ? await sharedFile(ctx, match[1] ?? '', match[2] ?? '', match[3] ?? '', match[4] ?? '') : null;
      if (!found) throw invalidLink();
      const { file, link, expires } = found;
      const now = ctx.now();
      let info = await ctx.storage.stat(file.key);
      if (!info && file.key.endsWith('.preview.webp')) {
        // a preview asked for before the derivative queue reached the photo: made now
        const state = await ctx.derivatives.ensure(file.key.slice(0, -'.preview.webp'.length));
        if (state === 'ready') info = await ctx.storage.stat(file.key);
      }
      if (!info) throw invalidLink();
      const safeName = file.name.replace(/[^A-Za-z0-9._-]/g, '_');
      setFileHeaders(
        reply,
        info,
        file.mime,
        `${file.download ? 'attachment' : 'inline'}; filename="${safeName}"`,
        Math.max(0, expires - Math.floor(now.getTime() / 1000)),
      );
      if (matchesEtag(request.headers['if-none-match'], info.etag)) return reply.status(304).send();
      const read = await ctx.storage.read(file.key);
      if (!read) throw invalidLink();
      if (file.audit) {
        await recordAudit(ctx.db, {
          at: now,
          actor: null,
          kind: file.audit.kind,
          companyId: link.companyId,
          target: { type: file.audit.type, id: file.audit.id, label: file.name },
          details: { turbine_id: link.turbineId, share_link_id: link.id },
        });
      }
      return reply.header('content-length', String(read.info.size)).send(read.stream);
    });
  });
}
