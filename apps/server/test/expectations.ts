/** Checks on answers shared by the bad-input battery and the fuzz tests. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Nothing from inside the server: no stack trace, no source path, no SQL. */
export function expectNothingInternal(body: string, label: string) {
  expect(body, label).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|\bstack\b/);
  expect(body, label).not.toMatch(/\bselect\s[^"]*\sfrom\s|\b(insert into|delete from|returning)\b|relation "|syntax error at|violates/i);
}

/** The error envelope { success: false, message, code } with a non-empty message, and nothing internal. */
export function expectErrorEnvelope(res: LightMyRequestResponse, label: string) {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    throw new Error(`${label}: ${res.statusCode} answered something that is not JSON: ${res.body.slice(0, 200)}`);
  }
  expect(body, label).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
  const { message, code } = body as { message: string; code: string };
  expect(message.trim().length, `${label}: empty message`).toBeGreaterThan(0);
  expect(code.length, `${label}: empty code`).toBeGreaterThan(0);
  expectNothingInternal(res.body, label);
}

/** 4xx, the error envelope, and nothing from inside the server. */
export function expectCleanRefusal(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expectErrorEnvelope(res, label);
}
