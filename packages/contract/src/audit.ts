import { z } from 'zod';

/** DECISIONS §17: the audit log's kinds of event, one row each. Share links, API tokens and webhooks are named here so
 *  their services record with the same function (server audit/record.ts) as soon as they exist. */
export const AUDIT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'password_changed',
  'email_changed',
  'role_changed',
  'company_created',
  'company_deleted',
  'user_created',
  'user_deleted',
  'turbine_created',
  'turbine_deleted',
  'photo_created',
  'photo_deleted',
  'report_created',
  'report_deleted',
  'original_downloaded',
  'report_downloaded',
  'finding_status_changed',
  'share_link_created',
  'share_link_revoked',
  'share_link_opened',
  'api_token_created',
  'api_token_revoked',
  'webhook_created',
  'webhook_updated',
  'webhook_deleted',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** What an event is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'company',
  'turbine',
  'photo',
  'report',
  'finding',
  'share_link',
  'api_token',
  'webhook',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Each kind's name in the log's two languages (the screen and the CSV). */
export const AUDIT_KIND_LABELS: Record<AuditKind, { tr: string; en: string }> = {
  sign_in: { tr: 'Oturum açıldı', en: 'Signed in' },
  sign_in_failed: { tr: 'Başarısız oturum açma', en: 'Failed sign-in' },
  sign_out: { tr: 'Oturum kapatıldı', en: 'Signed out' },
  password_changed: { tr: 'Şifre değişti', en: 'Password changed' },
  email_changed: { tr: 'E-posta değişti', en: 'E-mail changed' },
  role_changed: { tr: 'Rol değişti', en: 'Role changed' },
  company_created: { tr: 'Firma eklendi', en: 'Company created' },
  company_deleted: { tr: 'Firma silindi', en: 'Company deleted' },
  user_created: { tr: 'Kullanıcı eklendi', en: 'User created' },
  user_deleted: { tr: 'Kullanıcı silindi', en: 'User deleted' },
  turbine_created: { tr: 'Türbin eklendi', en: 'Turbine created' },
  turbine_deleted: { tr: 'Türbin silindi', en: 'Turbine deleted' },
  photo_created: { tr: 'Fotoğraf yüklendi', en: 'Photo uploaded' },
  photo_deleted: { tr: 'Fotoğraf silindi', en: 'Photo deleted' },
  report_created: { tr: 'Rapor eklendi', en: 'Report added' },
  report_deleted: { tr: 'Rapor silindi', en: 'Report deleted' },
  original_downloaded: { tr: 'Orijinal indirildi', en: 'Original downloaded' },
  report_downloaded: { tr: 'Rapor indirildi', en: 'Report downloaded' },
  finding_status_changed: { tr: 'Bulgu durumu değişti', en: 'Finding status changed' },
  share_link_created: { tr: 'Paylaşım bağlantısı oluşturuldu', en: 'Share link created' },
  share_link_revoked: { tr: 'Paylaşım bağlantısı iptal edildi', en: 'Share link revoked' },
  share_link_opened: { tr: 'Paylaşım bağlantısı açıldı', en: 'Share link opened' },
  api_token_created: { tr: 'API anahtarı oluşturuldu', en: 'API token created' },
  api_token_revoked: { tr: 'API anahtarı iptal edildi', en: 'API token revoked' },
  webhook_created: { tr: 'Webhook eklendi', en: 'Webhook created' },
  webhook_updated: { tr: 'Webhook değişti', en: 'Webhook changed' },
  webhook_deleted: { tr: 'Webhook silindi', en: 'Webhook deleted' },
};

/** Rows per page of the screen; the CSV holds every row the filters match, at most AUDIT_EXPORT_LIMIT. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_EXPORT_LIMIT = 100_000;

const invalid = { error: 'AUDIT_FILTER_INVALID' } as const;
const day = z
  .string(invalid)
  .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), invalid);
const searchText = z.string(invalid).trim().max(200, invalid);

/** GET /audit and /audit/export: filters (all optional). `actor` and `target` match part of the actor's address or the
 *  target's name, case-insensitively (a number also matches the id); `from`/`to` are UTC days, both included;
 *  `company_id` is honoured for the superadmin only (a manager always reads their own company). */
export const auditQuerySchema = z.object({
  actor: searchText.optional(),
  kind: z.enum(AUDIT_KINDS, invalid).optional(),
  target: searchText.optional(),
  from: day.optional(),
  to: day.optional(),
  company_id: z.coerce.number(invalid).int(invalid).positive(invalid).max(2_147_483_647, invalid).optional(),
  page: z.coerce.number(invalid).int(invalid).min(1, invalid).max(100_000, invalid).default(1),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditExportQuerySchema = auditQuerySchema.omit({ page: true });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(AUDIT_KINDS),
  actor_id: z.number().int().nullable(),
  /** the actor's address then, or for a failed sign-in the address typed */
  actor_email: z.string().nullable(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  target_type: z.enum(AUDIT_TARGET_TYPES).nullable(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
