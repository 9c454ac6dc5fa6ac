import { z } from 'zod';
import { singleLineText } from './text-fields.ts';

/** DECISIONS §17: personal API tokens. Each user makes their own; a token acts as its user, never with more rights:
 *  `read` only reads (GET/HEAD), `read_write` does whatever the user may do through the API, except what would take the
 *  account over (password, e-mail, profile, sessions, tokens): those need a signed-in session. */
export const API_TOKEN_SCOPES = ['read', 'read_write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts with this, so a leaked one is recognised (secret scanners) and told from a session's JWT. */
export const API_TOKEN_PREFIX = 'wsk_';
/** A token expires at most a year after it is made (§17). */
export const API_TOKEN_MAX_DAYS = 365;
/** The lifetimes the web form offers. */
export const API_TOKEN_EXPIRY_PRESETS = [7, 30, 90, 180, 365] as const;
export const API_TOKEN_NAME_MAX_LENGTH = 100;
/** Live (neither revoked nor expired) tokens one user may hold. */
export const API_TOKEN_MAX_PER_USER = 20;

const field = (code: string) => ({ error: code }) as const;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** the token's first characters (`wsk_` and four more), to tell tokens apart; the rest is never kept */
  hint: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to a creation: the only time the whole token is ever shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const createApiTokenBodySchema = z.strictObject({
  name: singleLineText(
    z
      .string(field('API_TOKEN_NAME_REQUIRED'))
      .trim()
      .min(1, field('API_TOKEN_NAME_REQUIRED'))
      .max(API_TOKEN_NAME_MAX_LENGTH, field('API_TOKEN_NAME_TOO_LONG')),
    'TOKEN_NAME',
  ),
  scope: z.enum(API_TOKEN_SCOPES, field('API_TOKEN_SCOPE_INVALID')),
  expires_in_days: z
    .number(field('API_TOKEN_EXPIRY_INVALID'))
    .int(field('API_TOKEN_EXPIRY_INVALID'))
    .min(1, field('API_TOKEN_EXPIRY_INVALID'))
    .max(API_TOKEN_MAX_DAYS, field('API_TOKEN_EXPIRY_INVALID')),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;
