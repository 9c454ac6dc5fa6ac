import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, Role } from '@windscope/contract';
import { authenticateToken } from '../auth/session-service.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../users/presenter.ts';
import { unauthorized } from './errors.ts';

export interface AuthState {
  actor: Actor;
  user: UserRow;
  companyName: string | null;
  sessionId: string;
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
    if (token) request.auth = await authenticateToken(ctx, token);
    if (request.routeOptions.config?.public || request.routeOptions.config?.checksOwnToken) return;
    if (!request.routeOptions.url) return; // not-found handler
    if (!request.auth) throw unauthorized();
  });
}

export function requireAuth(request: FastifyRequest): AuthState {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
