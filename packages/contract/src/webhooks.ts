import { z } from 'zod';
import { MAX_ROW_ID } from './constants.ts';
import { isStorableText } from './text-fields.ts';

/** DECISIONS §17: what a company's webhook may be sent. `photos.uploaded` is one event per finished upload batch (the
 *  photos one person sent to one turbine without a pause), never one per photo. */
export const WEBHOOK_EVENT_TYPES = [
  'finding.created',
  'finding.confirmed',
  'finding.escalated',
  'finding.repaired',
  'finding.verified',
  'finding.linked',
  'finding.deleted',
  'report.generated',
  'photos.uploaded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** the "send test event" button's event: sent to the one hook, whatever its events */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, { tr: string; en: string }> = {
  'finding.created': { tr: 'Bulgu oluşturuldu', en: 'Finding created' },
  'finding.confirmed': { tr: 'Bulgu onaylandı', en: 'Finding confirmed' },
  'finding.escalated': { tr: 'Bulgu yükseltildi', en: 'Finding escalated' },
  'finding.repaired': { tr: 'Bulgu onarıldı', en: 'Finding repaired' },
  'finding.verified': { tr: 'Onarım doğrulandı', en: 'Repair verified' },
  'finding.linked': { tr: 'Bulgu önceki bir bulguyla birleştirildi', en: 'Finding linked into an earlier one' },
  'finding.deleted': { tr: 'Bulgu silindi', en: 'Finding deleted' },
  'report.generated': { tr: 'Rapor oluşturuldu', en: 'Report generated' },
  'photos.uploaded': { tr: 'Fotoğraflar yüklendi', en: 'Photos uploaded' },
  'webhook.test': { tr: 'Deneme olayı', en: 'Test event' },
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'cancelled'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, { tr: string; en: string }> = {
  pending: { tr: 'Bekliyor', en: 'Pending' },
  sending: { tr: 'Gönderiliyor', en: 'Sending' },
  delivered: { tr: 'Teslim edildi', en: 'Delivered' },
  failed: { tr: 'Başarısız', en: 'Failed' },
  cancelled: { tr: 'İptal edildi', en: 'Cancelled' },
};

/** Why an attempt failed, in words for the delivery log (the raw error stays in the server's log). */
export const WEBHOOK_ERROR_KINDS = [
  'status',
  'redirect',
  'timeout',
  'private_address',
  'not_https',
  'dns',
  'connection',
  'tls',
  'other',
] as const;
export type WebhookErrorKind = (typeof WEBHOOK_ERROR_KINDS)[number];
export const WEBHOOK_ERROR_KIND_LABELS: Record<WebhookErrorKind, { tr: string; en: string }> = {
  status: { tr: 'Alıcı hata kodu döndürdü', en: 'The receiver answered with an error code' },
  redirect: { tr: 'Alıcı yönlendirme döndürdü (izlenmez)', en: 'The receiver answered with a redirect (not followed)' },
  timeout: { tr: 'Alıcı zamanında yanıt vermedi', en: 'The receiver did not answer in time' },
  private_address: { tr: 'Adres özel veya yerel bir ağa çıkıyor', en: 'The address leads to a private or local network' },
  not_https: { tr: 'Adres https değil', en: 'The address is not https' },
  dns: { tr: 'Adresin sunucusu bulunamadı', en: 'The server of the address could not be found' },
  connection: { tr: 'Bağlantı kurulamadı veya kesildi', en: 'The connection failed or was cut' },
  tls: { tr: 'Güvenli bağlantı (TLS) kurulamadı', en: 'The secure connection (TLS) failed' },
  other: { tr: 'Gönderilemedi', en: 'Could not be sent' },
};

export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** hooks one company may have */
export const WEBHOOK_MAX_PER_COMPANY = 10;
/** the delivery log shows this many of a hook's latest deliveries */
export const WEBHOOK_LOG_LIMIT = 100;

const isControlOrSpace = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
};

const field = (code: string) => ({ error: code }) as const;

/** An absolute http(s) URL without credentials; whether its host may be reached is the server's check (at save and at
 *  every send). */
export const webhookUrlSchema = z
  .string(field('WEBHOOK_URL_INVALID'))
  .trim()
  .min(1, field('WEBHOOK_URL_INVALID'))
  .max(WEBHOOK_URL_MAX_LENGTH, field('WEBHOOK_URL_INVALID'))
  // no control character, whitespace or lone surrogate: an address is printable and storable as it is
  .refine((value) => isStorableText(value) && ![...value].some(isControlOrSpace), field('WEBHOOK_URL_INVALID'))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.hostname !== '';
    } catch {
      return false;
    }
  }, field('WEBHOOK_URL_INVALID'));

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, field('WEBHOOK_EVENTS_INVALID')), field('WEBHOOK_EVENTS_INVALID'))
  .min(1, field('WEBHOOK_EVENTS_REQUIRED'))
  .max(WEBHOOK_EVENT_TYPES.length, field('WEBHOOK_EVENTS_INVALID'));

export const webhookSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  /** the secret's first characters (`whsec_` and four more) */
  secret_hint: z.string(),
  /** the first failure since the last success, while it lasts */
  failing_since: z.string().nullable(),
  /** when the server switched the hook off after three days of failures */
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to a creation or a rotation: the only time the secret is shown. */
export const webhookWithSecretSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const createWebhookBodySchema = z.strictObject({
  url: webhookUrlSchema,
  events: eventsSchema,
  /** the superadmin names the company; a manager's hooks are their company's (another company's id: 404) */
  company_id: z
    .number(field('USER_COMPANY_REQUIRED'))
    .int(field('USER_COMPANY_REQUIRED'))
    .positive(field('USER_COMPANY_REQUIRED'))
    .max(MAX_ROW_ID, field('USER_COMPANY_REQUIRED'))
    .optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  active: z.boolean(field('WEBHOOK_ACTIVE_INVALID')).optional(),
});
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_type: z.string(),
  message_id: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_latency_ms: z.number().int().nullable(),
  last_error_kind: z.enum(WEBHOOK_ERROR_KINDS).nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
