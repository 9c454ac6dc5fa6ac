/** Checks on answers shared by the bad-input battery and the fuzz tests. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Language, languageFromHeader, MESSAGES } from '@windscope/contract';

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
  expectUserWording(res, label);
}

/** The validator's (zod's) own wording and developer text: none of it may reach a user. */
const VALIDATOR_WORDING =
  /\b(Invalid (input|option|string|number|key in|element in|discriminator|union|type|date|value)\b|Too (big|small)\b|Unrecognized keys?\b|expected (a |an )?(string|number|int|integer|boolean|object|array|one of|nonoptional|never|undefined|null|bigint|date|record)\b|received \w+|to (have|be) [<>]=?|must match pattern)|FST_ERR|\b(body|querystring|params|headers)[./:]|instancePath|\{\w+\}/;

function requestLanguage(res: LightMyRequestResponse): Language {
  const headers = (res.raw.req as { headers?: Record<string, string | string[] | undefined> }).headers ?? {};
  const explicit = headers['x-language'];
  if (explicit === 'en' || explicit === 'tr') return explicit;
  return languageFromHeader(typeof headers['accept-language'] === 'string' ? headers['accept-language'] : undefined);
}

/** Every message an error answer carries is the contract's, in the language asked for: never the validator's wording,
 *  never a bare code or a placeholder; a message without parameters is exactly its code's text. */
export function expectUserWording(res: LightMyRequestResponse, label: string) {
  const body = res.json() as { message: string; code: string; details?: { message?: unknown }[] };
  const messages = [body.message, ...(body.details ?? []).map((d) => d.message).filter((m) => m !== undefined)];
  for (const message of messages) {
    expect(typeof message, `${label}: message`).toBe('string');
    expect(message, `${label}: validator or developer wording`).not.toMatch(VALIDATOR_WORDING);
    expect(message, `${label}: a bare code`).not.toMatch(/^[A-Z][A-Z0-9_]+$/);
  }
  const lang = requestLanguage(res);
  const template = (MESSAGES as Record<string, Record<Language, string>>)[body.code]?.[lang];
  if (template && !template.includes('{')) expect(body.message, `${label}: the ${lang} text of ${body.code}`).toBe(template);
}

/** 4xx, the error envelope, and nothing from inside the server. */
export function expectCleanRefusal(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expectErrorEnvelope(res, label);
}
