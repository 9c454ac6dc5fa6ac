import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

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
      // signed file downloads are addressed by the URLs the API hands out, not called from the docs
      .filter((r) => !['/api/openapi.json', '/api/health', '/api/files/*'].includes(r.url))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.filter((route) => !documented.has(route))).toEqual([]);
    // request bodies come from the contract's zod schemas
    expect(JSON.stringify(doc.paths['/api/turbines']?.post?.requestBody)).toContain('rooms');
  });

  it('serves a browsable UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });
});
