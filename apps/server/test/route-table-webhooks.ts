/** Route-table rows of the webhooks (DECISIONS §17): a company's managers manage its hooks, the superadmin every
 *  company's; nobody else. Another company's hook answers 404. The hooks point at a name that never resolves
 *  (`.invalid`), so a queued test event fails at once and reaches nobody. */
import { eq } from 'drizzle-orm';
import { createWebhookBodySchema, updateWebhookBodySchema } from '@windscope/contract';
import { webhookDeliveries, webhooks } from '../src/db/schema.ts';
import { newWebhookSecret, sealSecret } from '../src/webhooks/secret-box.ts';
import type { RouteCase, RouteContext } from './route-table.ts';

const URL_OF_NOBODY = 'https://matrix-hooks.invalid/receive';

const expectTrue = (ok: boolean, message: string) => {
  if (!ok) throw new Error(message);
};

/** A hook of the route's company, inserted as the service would. */
async function companyHook(c: RouteContext) {
  const secret = newWebhookSecret();
  const [row] = await c.t.app.ctx.db
    .insert(webhooks)
    .values({
      companyId: c.companyId,
      url: URL_OF_NOBODY,
      events: ['finding.created'],
      secretBox: sealSecret(c.t.config.jwtSecret, secret),
      secretHint: secret.slice(0, 10),
    })
    .returning();
  if (!row) throw new Error('webhook not inserted');
  return row;
}

const onHook = async (c: RouteContext) => {
  const row = await companyHook(c);
  return { params: { id: row.id }, resource: { companyId: c.companyId } };
};

export const WEBHOOK_ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/webhooks': {
    needs: 'webhook.manage',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      // one hook in each demo company, so a list that leaks another company's is seen
      await companyHook({ ...c, companyId: c.companies.ege });
      await companyHook({ ...c, companyId: c.companies.marmara });
      return {};
    },
    check: (res, c) => {
      const items = res.json().data as { company_id: number; secret_hint: string }[];
      const companies = new Set(items.map((i) => i.company_id));
      if (c.role === 'superadmin')
        expectTrue(companies.has(c.companies.marmara) && companies.has(c.companies.ege), 'superadmin: not every company listed');
      else expectTrue(companies.size === 1 && companies.has(c.actor.companyId), `${c.role}: another company's hooks listed`);
      expectTrue(!res.body.includes('secret_box') && !res.body.includes('"secret"'), `${c.role}: the list shows a secret`);
    },
  },
  'POST /api/webhooks': {
    needs: 'webhook.manage',
    ok: 201,
    tenantRow: true,
    body: createWebhookBodySchema,
    prepare: async (c) => {
      // the matrix makes many: room under the per-company limit
      await c.t.app.ctx.db.delete(webhooks).where(eq(webhooks.companyId, c.companyId));
      return {
        payload: { url: URL_OF_NOBODY, events: ['finding.created', 'photos.uploaded'], company_id: c.companyId },
        resource: { companyId: c.companyId },
      };
    },
    check: (res, c) => expectTrue(/^whsec_/.test(res.json().data.secret), `${c.role}: no secret answered`),
  },
  'PATCH /api/webhooks/:id': {
    needs: 'webhook.manage',
    ok: 200,
    tenantRow: true,
    body: updateWebhookBodySchema,
    prepare: async (c) => ({ ...(await onHook(c)), payload: { events: ['report.generated'], active: false } }),
  },
  'DELETE /api/webhooks/:id': { needs: 'webhook.manage', ok: 200, tenantRow: true, prepare: onHook },
  'POST /api/webhooks/:id/rotate-secret': {
    needs: 'webhook.manage',
    ok: 200,
    tenantRow: true,
    prepare: onHook,
    check: (res, c) => expectTrue(/^whsec_/.test(res.json().data.secret), `${c.role}: no secret answered`),
  },
  'POST /api/webhooks/:id/test': {
    needs: 'webhook.manage',
    ok: 202,
    tenantRow: true,
    prepare: onHook,
  },
  'GET /api/webhooks/:id/deliveries': {
    needs: 'webhook.manage',
    ok: 200,
    tenantRow: true,
    prepare: async (c) => {
      const prepared = await onHook(c);
      await c.t.app.ctx.db.insert(webhookDeliveries).values({
        webhookId: prepared.params.id,
        eventType: 'finding.created',
        messageId: `msg_matrix${prepared.params.id}`,
        payload: {},
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 204,
        lastLatencyMs: 12,
      });
      return prepared;
    },
    check: (res, c) => expectTrue((res.json().data as unknown[]).length === 1, `${c.role}: the delivery is not listed`),
  },
};
