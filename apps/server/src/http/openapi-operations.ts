import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_OPERATIONS } from './api-operations.ts';

/** The tus headers each tus operation takes (tus 1.0.0), documented for client generators; tus itself checks them. */
const TUS_RESUMABLE = { 'tus-resumable': { type: 'string', enum: ['1.0.0'], description: 'The tus protocol version' } };
const TUS_HEADERS: Record<string, { properties: Record<string, unknown>; required: string[] }> = {
  'POST /api/uploads': {
    properties: {
      ...TUS_RESUMABLE,
      'upload-length': { type: 'integer', minimum: 0, description: 'The whole file’s size in bytes (at most Tus-Max-Size)' },
      'upload-metadata': {
        type: 'string',
        description:
          'Comma-separated `key base64(value)` pairs (contract tusPhotoMetadataSchema): filename, turbine_id, year, and where the photo belongs',
      },
    },
    required: ['tus-resumable', 'upload-length', 'upload-metadata'],
  },
  'HEAD /api/uploads/{id}': { properties: TUS_RESUMABLE, required: ['tus-resumable'] },
  'PATCH /api/uploads/{id}': {
    properties: {
      ...TUS_RESUMABLE,
      'upload-offset': { type: 'integer', minimum: 0, description: 'Where these bytes start: the offset HEAD answered' },
      'content-type': { type: 'string', enum: ['application/offset+octet-stream'] },
    },
    required: ['tus-resumable', 'upload-offset', 'content-type'],
  },
  'DELETE /api/uploads/{id}': { properties: TUS_RESUMABLE, required: ['tus-resumable'] },
};

/** `METHOD /api/path/{param}`: how API_OPERATIONS names a route. */
export function operationKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

/** The swagger transform: the zod schemas as JSON Schema (fastify-type-provider-zod), then each operation's operationId
 *  and summary from API_OPERATIONS, tags from the path when a route names none, the tus headers, and no security
 *  requirement on public routes. A route missing
 *  from the table goes without an operationId, which test/api-docs.test.ts refuses. */
export const describeOperation: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
  const key = operationKey(String(methods[0]), input.url);
  const operation = API_OPERATIONS[key];
  const schema = transformed.schema as FastifySchema & { tags?: string[]; summary?: string; operationId?: string; headers?: unknown };
  const tags = schema.tags?.length ? schema.tags : [input.url.split('/')[2] ?? 'api'];
  const tus = TUS_HEADERS[key];
  return {
    url: transformed.url,
    schema: {
      ...schema,
      tags,
      ...(operation ? { operationId: operation.operationId, summary: operation.summary } : {}),
      ...(tus ? { headers: { type: 'object', ...tus } } : {}),
      // routes that answer without a session (sign-in, setup, reset links, contact) need no token
      ...(input.route.config?.public ? { security: [] } : {}),
    },
  };
};
