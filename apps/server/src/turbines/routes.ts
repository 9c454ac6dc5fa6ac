import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTurbineBodySchema,
  deleteTurbineBodySchema,
  idParamSchema,
  TURBINE_IMPORT_MAX_BYTES,
  turbineExportQuerySchema,
  turbineImportQuerySchema,
  turbineImportResultSchema,
  turbineListQuerySchema,
  turbineSchema,
  updateTurbineBodySchema,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize, requestLanguage } from '../http/error-handler.ts';
import { AppError } from '../http/errors.ts';
import { readUploadForm, toUploadError } from '../uploads/upload-form.ts';
import { exportTurbines } from './turbine-export.ts';
import { importTurbines } from './turbine-import.ts';
import { routeId } from '../http/params.ts';
import { sendPrepared } from '../http/serialized-answers.ts';
import { createTurbine, deleteTurbine, getTurbine, type TurbineDeletionHook, turbineListing, updateTurbine } from './service.ts';

const invalidTurbineId = { status: 400, code: 'TURBINE_INVALID_ID' } as const;

export async function turbineRoutes(app: FastifyInstance, ctx: AppContext, options: { afterDelete?: TurbineDeletionHook[] } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['turbines'];

  // the answer is a cached, already serialized buffer of `{ success, data: Turbine[], message }` (contract turbineSchema);
  // the response schema stays for the API documentation
  r.get(
    '/turbines',
    { schema: { tags, querystring: turbineListQuerySchema, response: { 200: envelope(z.array(turbineSchema)) } } },
    async (req, reply) => {
      const listing = await turbineListing(ctx, requireAuth(req).actor, req.query.filter_company_id, localize(req, 'TURBINES_LOADED'));
      return sendPrepared(req, reply, listing);
    },
  );

  // issue 27: the listed turbines with their asset data, and their import (same columns)
  r.get(
    '/turbines/export',
    {
      schema: {
        tags,
        querystring: turbineExportQuerySchema,
        description: 'CSV (UTF-8, BOM) or XLSX of the turbines the dashboard lists for its filters, with their asset data',
      },
    },
    async (req, reply) => {
      const file = await exportTurbines(ctx, requireAuth(req).actor, req.query, requestLanguage(req));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  );

  r.post(
    '/turbines/import',
    {
      schema: {
        tags,
        querystring: turbineImportQuerySchema,
        description:
          'multipart, one file "file" (CSV or XLSX with the export\'s columns): dry_run=true answers each row, false applies all or nothing',
        response: { 200: envelope(turbineImportResultSchema) },
      },
    },
    async (req) => {
      const { actor } = requireAuth(req);
      const bytes = await readImportFile(req);
      const dryRun = req.query.dry_run !== 'false';
      const result = await importTurbines(ctx, actor, bytes, { dryRun, companyId: req.query.company_id }, requestLanguage(req));
      const message = dryRun
        ? localize(req, 'TURBINE_IMPORT_CHECKED')
        : localize(req, 'TURBINE_IMPORTED', { created: result.counts.new, updated: result.counts.changed });
      return { success: true as const, data: result, message };
    },
  );

  r.get(
    '/turbines/:id',
    { schema: { tags, params: idParamSchema, response: { 200: envelope(turbineSchema, { turbine: turbineSchema }) } } },
    async (req) => {
      const turbine = await getTurbine(ctx, requireAuth(req).actor, routeId(req.params.id, invalidTurbineId));
      return { success: true as const, data: turbine, turbine };
    },
  );

  r.post(
    '/turbines',
    { schema: { tags, body: createTurbineBodySchema, response: { 201: envelope(turbineSchema, { turbine: turbineSchema }) } } },
    async (req, reply) => {
      const turbine = await createTurbine(ctx, requireAuth(req).actor, req.body);
      return reply.status(201).send({ success: true as const, data: turbine, turbine, message: localize(req, 'TURBINE_CREATED') });
    },
  );

  r.put(
    '/turbines/:id',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: updateTurbineBodySchema,
        response: { 200: envelope(turbineSchema, { turbine: turbineSchema }) },
      },
    },
    async (req) => {
      const turbine = await updateTurbine(ctx, requireAuth(req).actor, routeId(req.params.id, invalidTurbineId), req.body);
      return { success: true as const, data: turbine, turbine, message: localize(req, 'TURBINE_UPDATED') };
    },
  );

  r.delete(
    '/turbines/:id',
    { schema: { tags, params: idParamSchema, body: deleteTurbineBodySchema, response: { 200: messageOnly } } },
    async (req) => {
      const id = routeId(req.params.id, invalidTurbineId);
      await deleteTurbine(ctx, requireAuth(req).actor, id, options.afterDelete);
      return { success: true as const, message: localize(req, 'TURBINE_DELETED'), data: { id } };
    },
  );
}

/** The import's one file, whole (a sheet is parsed whole), refused past TURBINE_IMPORT_MAX_BYTES while it streams. */
async function readImportFile(req: FastifyRequest): Promise<Buffer> {
  const form = await readUploadForm(req, 'file');
  for await (const file of form.files) {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of file.stream) {
        size += (chunk as Buffer).length;
        if (size > TURBINE_IMPORT_MAX_BYTES) {
          file.stream.resume();
          throw new AppError(413, 'TURBINE_IMPORT_FILE_TOO_LARGE', { megabytes: TURBINE_IMPORT_MAX_BYTES / 1024 / 1024 });
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      throw toUploadError(error);
    }
    for await (const _rest of form.files) {
      // later files are drained, not read
    }
    return Buffer.concat(chunks);
  }
  throw new AppError(400, 'TURBINE_IMPORT_FILE_MISSING');
}
