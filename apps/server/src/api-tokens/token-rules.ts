import type { FastifyRequest } from 'fastify';

/** Routes an API token may never use, whatever its scope (DECISIONS §17): what would take the account over or outlive
 *  the token — its sessions (refresh would mint a session), its password, its e-mail and profile (and a manager's or
 *  superadmin's edits of other accounts, through which a stolen token could take those over), and the tokens themselves
 *  (a stolen token must not mint tokens). Keyed 'METHOD url' as the route is registered. */
export const SESSION_ONLY_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'PUT /api/users/:id',
  'PUT /api/users/:id/password',
  'DELETE /api/users/:id/email-change',
  'GET /api/api-tokens',
  'POST /api/api-tokens',
  'DELETE /api/api-tokens/:id',
  // a webhook sends the company's events out: a stolen token must not point one at its thief (or read its secret)
  'POST /api/webhooks',
  'PATCH /api/webhooks/:id',
  'DELETE /api/webhooks/:id',
  'POST /api/webhooks/:id/rotate-secret',
]);

/** Methods a read token may use. */
const READ_METHODS = new Set(['GET', 'HEAD']);

export const isSessionOnly = (request: FastifyRequest) => SESSION_ONLY_ROUTES.has(`${request.method} ${request.routeOptions.url}`);
export const isReadRequest = (request: FastifyRequest) => READ_METHODS.has(request.method);
