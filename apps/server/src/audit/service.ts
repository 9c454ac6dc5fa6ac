import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  type Actor,
  AUDIT_EXPORT_LIMIT,
  AUDIT_KIND_LABELS,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditKind,
  type AuditQuery,
  type AuditTargetType,
  can,
  type Language,
  seesAllCompanies,
} from '@windscope/contract';
import { companyScope } from '../access/scope.ts';
import type { AppContext } from '../context.ts';
import { auditLog, companies } from '../db/schema.ts';
import { forbidden } from '../http/errors.ts';
import { neutralise } from '../findings/export.ts';

type Filters = Omit<AuditQuery, 'page'>;
const DAY_MS = 86_400_000;
/** `%` and `_` typed are looked for as such */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters as one WHERE: the actor's company always for a manager (company_id only for the superadmin). */
function auditWhere(actor: Actor, q: Filters): SQL | undefined {
  if (!can(actor, 'audit.read')) throw forbidden();
  const conditions: (SQL | undefined)[] = [companyScope(actor, auditLog.companyId)];
  if (q.company_id !== undefined && seesAllCompanies(actor)) conditions.push(eq(auditLog.companyId, q.company_id));
  if (q.kind) conditions.push(eq(auditLog.kind, q.kind));
  if (q.actor) {
    const byId = /^\d{1,9}$/.test(q.actor) ? eq(auditLog.actorId, Number(q.actor)) : undefined;
    conditions.push(or(ilike(auditLog.actorEmail, contains(q.actor)), byId));
  }
  if (q.target) conditions.push(or(ilike(auditLog.targetLabel, contains(q.target)), eq(auditLog.targetId, q.target)));
  if (q.from) conditions.push(gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) conditions.push(lt(auditLog.createdAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS)));
  return and(...conditions);
}

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  kind: auditLog.kind,
  actorId: auditLog.actorId,
  actorEmail: auditLog.actorEmail,
  companyId: auditLog.companyId,
  companyName: companies.name,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  targetLabel: auditLog.targetLabel,
  details: auditLog.details,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

const present = (r: Row): AuditEntry => ({
  id: r.id as number,
  at: (r.createdAt as Date).toISOString(),
  kind: r.kind as AuditKind,
  actor_id: r.actorId,
  actor_email: r.actorEmail,
  company_id: r.companyId,
  company_name: r.companyName,
  target_type: r.targetType as AuditTargetType | null,
  target_id: r.targetId,
  target_label: r.targetLabel,
  details: (r.details as Record<string, unknown> | null) ?? null,
  ip: r.ip,
  user_agent: r.userAgent,
});

function selectRows(ctx: AppContext, where: SQL | undefined) {
  return ctx.db
    .select(columns)
    .from(auditLog)
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

/** One page of the log, newest first, and how many rows the filters match. */
export async function listAudit(ctx: AppContext, actor: Actor, q: AuditQuery) {
  const where = auditWhere(actor, q);
  const [rows, [count]] = await Promise.all([
    selectRows(ctx, where)
      .limit(AUDIT_PAGE_SIZE)
      .offset((q.page - 1) * AUDIT_PAGE_SIZE),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { items: rows.map(present), total: count?.total ?? 0, page: q.page, page_size: AUDIT_PAGE_SIZE };
}

const HEADERS: Record<Language, string[]> = {
  tr: [
    'Zaman (UTC)',
    'Olay',
    'Kullanıcı',
    'Kullanıcı no',
    'Firma',
    'Hedef türü',
    'Hedef no',
    'Hedef',
    'Ayrıntılar',
    'IP adresi',
    'Tarayıcı',
  ],
  en: ['Time (UTC)', 'Event', 'User', 'User id', 'Company', 'Target type', 'Target id', 'Target', 'Details', 'IP address', 'User agent'],
};

const csvField = (cell: string | number | null) => {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : neutralise(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The rows the filters match (at most AUDIT_EXPORT_LIMIT), newest first, as CSV with a BOM; cells a spreadsheet could
 *  take for a formula are neutralised. */
export async function exportAudit(ctx: AppContext, actor: Actor, q: Filters, lang: Language) {
  const rows = await selectRows(ctx, auditWhere(actor, q)).limit(AUDIT_EXPORT_LIMIT);
  const lines = [
    HEADERS[lang],
    ...rows.map((r) => [
      (r.createdAt as Date).toISOString(),
      AUDIT_KIND_LABELS[r.kind as AuditKind]?.[lang] ?? r.kind,
      r.actorEmail,
      r.actorId,
      r.companyName,
      r.targetType,
      r.targetId,
      r.targetLabel,
      r.details == null ? null : JSON.stringify(r.details),
      r.ip,
      r.userAgent,
    ]),
  ].map((row) => row.map(csvField).join(','));
  const day = ctx.now().toISOString().slice(0, 10);
  return {
    bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
    filename: `${lang === 'tr' ? 'denetim-kaydi' : 'audit-log'}-${day}.csv`,
  };
}
