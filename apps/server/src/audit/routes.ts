import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, auditExportQuerySchema, auditPageSchema, auditQuerySchema } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope } from '../http/envelope.ts';
import { requestLanguage } from '../http/error-handler.ts';
import { exportAudit, listAudit } from './service.ts';

/** The audit log (DECISIONS §17): read by the superadmin (every company) and managers (their company), filtered, paged,
 *  and exported as CSV. Nothing writes through HTTP: services record with record.ts. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  r.get(
    API_PATHS.audit,
    {
      schema: {
        operationId: 'listAuditEntries',
        summary: 'The audit log, newest first, one page',
        tags,
        querystring: auditQuerySchema,
        response: { 200: envelope(auditPageSchema) },
      },
    },
    async (req) => {
      const page = await listAudit(ctx, requireAuth(req).actor, req.query);
      return { success: true as const, data: page };
    },
  );

  r.get(
    API_PATHS.auditExport,
    {
      schema: {
        operationId: 'exportAuditEntries',
        summary: 'The audit rows the filters match, as CSV',
        tags,
        querystring: auditExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const file = await exportAudit(ctx, requireAuth(req).actor, req.query, requestLanguage(req));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  );
}
