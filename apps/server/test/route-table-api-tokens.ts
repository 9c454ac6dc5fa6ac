/** Route-table rows of the personal API token routes (DECISIONS §17): every user lists, makes and revokes only their
 *  own; nobody reaches another's (their token ids answer 404). An API token may use none of them (api-tokens.test.ts). */
import { createApiTokenBodySchema } from '@windscope/contract';
import { apiTokens } from '../src/db/schema.ts';
import { hashApiToken, newApiToken } from '../src/api-tokens/service.ts';
import type { RouteCase, RouteContext } from './route-table.ts';

const expectTrue = (ok: boolean, message: string) => {
  if (!ok) throw new Error(message);
};

/** A live token of the acting user, inserted as the service would. */
async function ownToken(c: RouteContext) {
  const token = newApiToken();
  const [row] = await c.t.app.ctx.db
    .insert(apiTokens)
    .values({
      userId: c.actorUser.id,
      name: 'Matrix',
      scope: 'read',
      tokenHash: hashApiToken(token),
      hint: token.slice(0, 8),
      expiresAt: new Date(c.t.clock.now().getTime() + 86_400_000),
    })
    .returning();
  if (!row) throw new Error('api token not inserted');
  return row;
}

export const API_TOKEN_ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/api-tokens': {
    needs: 'apiToken.manage',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await ownToken(c);
      return {};
    },
    check: (res, c) => {
      const items = res.json().data as { name: string; hint: string }[];
      expectTrue(items.length >= 1 && items.every((x) => x.hint.startsWith('wsk_')), `${c.role}: own token not listed`);
      expectTrue(!res.body.includes('token_hash') && !res.body.includes('"token"'), `${c.role}: the list shows a secret`);
    },
  },
  'POST /api/api-tokens': {
    needs: 'apiToken.manage',
    ok: 201,
    tenantRow: false,
    body: createApiTokenBodySchema,
    prepare: async () => ({ payload: { name: 'Matrix detector', scope: 'read_write', expires_in_days: 30 } }),
    check: (res, c) => expectTrue(/^wsk_/.test(res.json().data.token), `${c.role}: no token answered`),
  },
  'DELETE /api/api-tokens/:id': {
    needs: 'apiToken.manage',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => ({ params: { id: (await ownToken(c)).id } }),
  },
};
