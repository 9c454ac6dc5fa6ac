import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  notificationListSchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  unreadCountSchema,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth-hook.ts';
import { envelope } from '../http/envelope.ts';
import { localize } from '../http/error-handler.ts';
import { routeId } from '../http/params.ts';
import { listNotifications, markAllRead, markRead, notificationSettings, saveNotificationSettings, unreadCount } from './service.ts';

/** Issue 16: the signed-in manager's or superadmin's own escalation notifications and e-mail choice. */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get('/notifications', { schema: { tags, response: { 200: envelope(notificationListSchema) } } }, async (req) => ({
    success: true as const,
    data: await listNotifications(ctx, requireAuth(req)),
  }));

  r.get('/notifications/unread-count', { schema: { tags, response: { 200: envelope(unreadCountSchema) } } }, async (req) => ({
    success: true as const,
    data: await unreadCount(ctx, requireAuth(req)),
  }));

  r.post(
    '/notifications/:id/read',
    { schema: { tags, params: idParamSchema, response: { 200: envelope(unreadCountSchema) } } },
    async (req) => ({ success: true as const, data: await markRead(ctx, requireAuth(req), routeId(req.params.id)) }),
  );

  r.post('/notifications/read-all', { schema: { tags, response: { 200: envelope(unreadCountSchema) } } }, async (req) => ({
    success: true as const,
    data: await markAllRead(ctx, requireAuth(req)),
    message: localize(req, 'NOTIFICATIONS_READ'),
  }));

  r.get('/notifications/settings', { schema: { tags, response: { 200: envelope(notificationSettingsSchema) } } }, async (req) => ({
    success: true as const,
    data: await notificationSettings(ctx, requireAuth(req)),
  }));

  r.put(
    '/notifications/settings',
    { schema: { tags, body: notificationSettingsBodySchema, response: { 200: envelope(notificationSettingsSchema) } } },
    async (req) => ({
      success: true as const,
      data: await saveNotificationSettings(ctx, requireAuth(req), req.body),
      message: localize(req, 'NOTIFICATION_SETTINGS_SAVED'),
    }),
  );
}
