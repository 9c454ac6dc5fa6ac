import { z } from 'zod';

/** Issue 16 item 4: escalation notifications. An escalation is a finding's severity going up (a new finding at 4 or 5
 *  included) or its repair becoming overdue. */
export const ESCALATION_KINDS = ['severity', 'overdue'] as const;
export type EscalationKind = (typeof ESCALATION_KINDS)[number];

/** How often the web app asks for the unread count (and on window focus). */
export const NOTIFICATION_POLL_MS = 30_000;
/** The newest notifications the list answers. */
export const NOTIFICATION_LIST_LIMIT = 50;

const severity = z.number().int().min(1).max(5);

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ESCALATION_KINDS),
  finding_id: z.number().int(),
  turbine_id: z.number().int(),
  turbine_code: z.string(),
  turbine_name: z.string().nullable(),
  /** null: a new finding */
  severity_before: severity.nullable(),
  severity_after: severity,
  due_date: z.string().nullable(),
  /** who raised it; null for overdue ones (the clock did) */
  actor_name: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
  /** the finding is still a draft: nobody reviewed it yet (issue 23) */
  unreviewed: z.boolean(),
  /** the draft was rejected or linked into another finding: nothing to act on any more (issue 23) */
  resolved: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unread_count: z.number().int() });

export const notificationSettingsSchema = z.object({ email: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsBodySchema = z.strictObject({ email: z.boolean({ error: 'VALIDATION' }) });

/** The dashboard's trend arrow (issue 16 item 5): this year's worst severity against last year's. */
export type TurbineTrend = 'worse' | 'same' | 'better' | 'no_earlier' | 'no_data';
export function turbineTrend(health: { worst_this_year: number | null; worst_last_year: number | null }): TurbineTrend {
  const { worst_this_year: now, worst_last_year: before } = health;
  if (now == null) return 'no_data';
  if (before == null) return 'no_earlier';
  return now > before ? 'worse' : now < before ? 'better' : 'same';
}

/** The e-mail outbox (DECISIONS §15), for superadmins: every outgoing e-mail is a row sent with retries; `failed` ones
 *  gave up after MAIL_RETRY_HOURS. A link's text is never shown (nor stored). */
export const MAIL_OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'skipped', 'failed'] as const;
export type MailOutboxStatus = (typeof MAIL_OUTBOX_STATUSES)[number];
/** Why the last attempt of an e-mail failed, as the server classified the mail server's (or the network's) answer; the
 *  web app says it in words, the raw text stays a detail for the superadmin. */
export const MAIL_ERROR_KINDS = ['connection', 'timeout', 'authentication', 'recipient', 'sender', 'message', 'other'] as const;
export type MailErrorKind = (typeof MAIL_ERROR_KINDS)[number];
export const mailOutboxQuerySchema = z.object({ status: z.enum(MAIL_OUTBOX_STATUSES, { error: 'VALIDATION' }).optional() });
export const mailOutboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** null while a link request's address is still to be resolved */
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.enum(MAIL_OUTBOX_STATUSES),
  attempts: z.number().int(),
  /** the mail server's or network's own text (English, technical): a detail behind the kind */
  last_error: z.string().nullable(),
  last_error_kind: z.enum(MAIL_ERROR_KINDS).nullable(),
  next_attempt_at: z.string(),
  created_at: z.string(),
  /** when a superadmin last sent it again (its retry window runs from then); null: never */
  retried_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type MailOutboxItem = z.infer<typeof mailOutboxItemSchema>;
/** The newest rows first, at most this many. */
export const MAIL_OUTBOX_LIST_LIMIT = 200;
