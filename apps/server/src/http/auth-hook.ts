import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX, type Actor, type ApiTokenScope, type Role } from '@windscope/contract';
import { authenticateApiToken } from '../api-tokens/service.ts';
import { isReadRequest, isSessionOnly } from '../api-tokens/token-rules.ts';
import { authenticateToken } from '../auth/session-service.ts';
import { RATE_LIMITS, reserveAttempt } from '../rate-limit/rate-limiter.ts';
import type { AppContext } from '../context.ts';
import { currentRequestMeta } from '../audit/request-meta.ts';
import type { UserRow } from '../users/presenter.ts';
import { forbidden, unauthorized } from './errors.ts';

export interface AuthState {
  actor: Actor;
  user: UserRow;
  companyName: string | null;
  sessionId: string;
  /** set when the request came with a personal API token (DECISIONS §17) instead of a session */
  apiToken: { id: number; scope: ApiTokenScope } | null;
  /** what file URLs made for this request are bound to (files/signed-urls.ts): `s:<sign-in>` or `t:<API token id>` */
  fileBinder: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
  }
  interface FastifyContextConfig {
    /** routes that answer without a signed-in user; every other route requires one */
    public?: boolean;
    /** the route needs a token and checks it itself (logout: a token a racing refresh has just replaced still signs out) */
    checksOwnToken?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}

export function actorOf(user: UserRow): Actor {
  return { id: user.id, role: user.role as Role, companyId: user.companyId };
}

/** Every route requires a valid session unless it is marked public: a route added later is protected by default. */
export function installAuthHook(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  // onRequest: the session is checked before the body is parsed or validated, so a stranger learns nothing from 400s
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (token?.startsWith(API_TOKEN_PREFIX)) return authenticateWithApiToken(ctx, request, token);
    if (token) request.auth = await authenticateToken(ctx, token);
    holdFiles(request.auth);
    if (request.routeOptions.config?.public || request.routeOptions.config?.checksOwnToken) return;
    if (!request.routeOptions.url) return; // not-found handler
    if (!request.auth) throw unauthorized();
  });
}

/** A personal API token (DECISIONS §17) acts as its user with exactly the user's rights, never more, checked here for
 *  every route at once: a read token only reads (GET/HEAD), no token uses the session-only routes (token-rules.ts), and
 *  each token has its own request budget (API_TOKEN_REQUESTS_PER_MINUTE). Public routes ignore a token. */
async function authenticateWithApiToken(ctx: AppContext, request: FastifyRequest, token: string) {
  if (request.routeOptions.config?.public || !request.routeOptions.url) return;
  const auth = await authenticateApiToken(ctx, token);
  if (!auth?.apiToken) throw unauthorized('API_TOKEN_INVALID');
  if (isSessionOnly(request)) throw forbidden('API_TOKEN_NOT_ALLOWED');
  if (auth.apiToken.scope === 'read' && !isReadRequest(request)) throw forbidden('API_TOKEN_READ_ONLY');
  await reserveAttempt(
    ctx.limiter,
    [{ key: `api-token:${auth.apiToken.id}`, rule: { ...RATE_LIMITS.apiTokenRequests, limit: ctx.config.apiTokenRequestsPerMinute } }],
    'API_TOKEN_RATE_LIMITED',
  );
  request.auth = auth;
  holdFiles(auth);
}

/** File URLs made while serving this request are signed for its user and sign-in or token. */
function holdFiles(auth: AuthState | null) {
  const meta = currentRequestMeta();
  if (meta && auth) meta.fileHolder = { userId: auth.user.id, binder: auth.fileBinder };
}

export function requireAuth(request: FastifyRequest): AuthState {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
