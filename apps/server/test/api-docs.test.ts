import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '../src/http/api-operations.ts';
import { createTestApp, type TestApp } from './harness.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string }[];
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('API documentation', () => {
  it('publishes an OpenAPI document generated from the route schemas, covering every API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const expected = t.app.apiRoutes
      // signed file downloads and Deep Zoom tiles are addressed by the URLs the API hands out (a photo's urls), not
      // called from the docs; so are a share link's files (the URLs /api/share/open hands its holder)
      .filter((r) => !['/api/openapi.json', '/api/health', '/api/files/*', '/api/zoom/*', '/api/share/files/*'].includes(r.url))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.filter((route) => !documented.has(route))).toEqual([]);
    // request bodies come from the contract's zod schemas
    expect(JSON.stringify(doc.paths['/api/turbines']?.post?.requestBody)).toContain('rooms');
  });

  const documentOf = async (): Promise<Document> => (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const operations = (doc: Document) =>
    Object.entries(doc.paths).flatMap(([route, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${route}`, op })),
    );

  it('names every operation once, from the one table, with a summary and tags (issue 26 item 6)', async () => {
    const doc = await documentOf();
    const all = operations(doc);
    expect(all.filter(({ op }) => !op.operationId).map(({ key }) => key)).toEqual([]);
    expect(all.filter(({ op }) => !op.summary?.trim()).map(({ key }) => key)).toEqual([]);
    expect(all.filter(({ op }) => !op.tags?.length).map(({ key }) => key)).toEqual([]);
    const ids = all.map(({ op }) => op.operationId ?? '');
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([]);
    // the table has no row for a route that is gone, and names no operation twice
    const documented = new Set(all.map(({ key }) => key));
    expect(Object.keys(API_OPERATIONS).filter((key) => !documented.has(key))).toEqual([]);
    const tableIds = Object.values(API_OPERATIONS).map((o) => o.operationId);
    expect(tableIds.filter((id, i) => tableIds.indexOf(id) !== i)).toEqual([]);
  });

  it('documents the tus endpoint with its headers, and public operations need no token', async () => {
    const doc = await documentOf();
    const tus = doc.paths['/api/uploads/{id}'];
    expect(tus?.head?.operationId).toBe('getTusUploadOffset');
    const headers = (op: Operation | undefined) => (op?.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
    expect(headers(tus?.patch)).toEqual(expect.arrayContaining(['tus-resumable', 'upload-offset', 'content-type']));
    expect(headers(doc.paths['/api/uploads']?.post)).toEqual(expect.arrayContaining(['tus-resumable', 'upload-length', 'upload-metadata']));
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/turbines']?.get?.security).toBeUndefined();
  });

  it('is a valid OpenAPI document, from which typed clients are generated and compile', async () => {
    const doc = await documentOf();
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const generated = astToString(await openapiTS(structuredClone(doc) as never));
    const dir = mkdtempSync(path.join(tmpdir(), 'windscope-openapi-'));
    try {
      writeFileSync(path.join(dir, 'api.d.ts'), generated);
      // a client's use of the generated types: an operation by its id, its answer and its parameters
      writeFileSync(
        path.join(dir, 'client.ts'),
        [
          "import type { operations, paths } from './api.d.ts';",
          "type TurbineList = operations['listTurbines']['responses'][200]['content']['application/json'];",
          'export const first = (answer: TurbineList) => answer.data[0]?.turbine_name;',
          "type FindingPath = paths['/api/turbines/{id}/findings/{findingId}']['get']['parameters']['path'];",
          "export const where: FindingPath = { id: '1', findingId: '2' };",
          "export type Upload = operations['appendTusUpload']['parameters']['header'];",
        ].join('\n'),
      );
      const program = ts.createProgram([path.join(dir, 'client.ts')], {
        noEmit: true,
        strict: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        allowImportingTsExtensions: true,
        types: [],
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves a browsable UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });
});
