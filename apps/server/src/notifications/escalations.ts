import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Language, OPEN_FINDING_STATUSES } from '@windscope/contract';
import type { EscalationMailTiming } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { findingEscalations, findings, mailOutbox, notifications, turbines, users } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { type EscalationMailFacts, escalationBundleMail } from './mail.ts';
import { escalationColumns } from './service.ts';
import { enqueueEscalationEvent } from '../webhooks/events.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who hears of an escalation: the active managers (admin, company_manager) of the turbine's company and every active
 *  superadmin. Never the person who made the change: like GitHub or Jira, nobody is told about their own action. */
const recipientsOf = (turbineCompany: ReturnType<typeof sql>, exceptUser: number | null) => sql`
  select ${users.id} from ${users}
  where ${users.isActive}
    and (${users.role} = 'superadmin' or (${users.role} in ('admin', 'company_manager') and ${users.companyId} = ${turbineCompany}))
    ${exceptUser === null ? sql`` : sql`and ${users.id} <> ${exceptUser}`}`;

/** The e-mails of new escalations (`recipients`: rows of escalation_id, user_id), in the caller's statement or
 *  transaction: per recipient, they join the e-mail still waiting for that recipient (one at most: a unique index), or
 *  make one, sent after the gathering wait (config ESCALATION_MAIL_GATHER_SECONDS, 60) and never sooner than the
 *  spacing (ESCALATION_MAIL_SPACING_MINUTES, 10) after that recipient's previous one: ten drafts are one e-mail. */
function queueEscalationMails(recipients: SQL, at: Date, timing: EscalationMailTiming): SQL {
  const gather = sql.raw(`interval '${Math.round(timing.mailGatherMs)} milliseconds'`);
  const spacing = sql.raw(`interval '${Math.round(timing.mailSpacingMs)} milliseconds'`);
  return sql`
    insert into ${mailOutbox} (kind, params, created_at, next_attempt_at)
    select 'escalation', jsonb_build_object('userId', r.user_id, 'escalationIds', r.ids), ${at},
      greatest(${at}::timestamptz + ${gather}, coalesce((
        select max(coalesce(o.sent_at, o.next_attempt_at)) from ${mailOutbox} o
        where o.kind = 'escalation' and o.params->>'userId' = r.user_id::text), '-infinity'::timestamptz) + ${spacing})
    from (select m.user_id, jsonb_agg(m.escalation_id order by m.escalation_id) as ids from (${recipients}) m group by m.user_id) r
    on conflict ((params->>'userId')) where kind = 'escalation' and status = 'pending' and attempts = 0
    do update set params = jsonb_set(${mailOutbox}.params, '{escalationIds}',
      (${mailOutbox}.params->'escalationIds') || (excluded.params->'escalationIds'))`;
}

/** The draft an escalation was about was rejected, or linked into another finding (issue 23): its escalations are
 *  resolved and their notifications read, in the caller's transaction; e-mails still waiting leave them out. */
export async function resolveEscalations(tx: Transaction, findingId: number, at: Date) {
  const resolved = await tx
    .update(findingEscalations)
    .set({ resolvedAt: at })
    .where(and(eq(findingEscalations.findingId, findingId), isNull(findingEscalations.resolvedAt)))
    .returning({ id: findingEscalations.id });
  if (!resolved.length) return;
  await tx
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        inArray(
          notifications.escalationId,
          resolved.map((r) => r.id),
        ),
        isNull(notifications.readAt),
      ),
    );
}

/** A finding's severity changed from `before` (null: a new finding) to `after` in the transaction `tx`: an escalation when
 *  it went up (a new finding only at 4 or 5), never for a rejected finding. Writes the escalation and one notification
 *  per recipient in that transaction, with the outbox rows of their e-mails; returns the escalation's id (after the
 *  commit, sendEscalationMails wakes the outbox), or null. The caller compares the finding's severity before and after the same change, so a sighting that does not
 *  change the latest severity (an older one added later) raises nothing. */
export async function recordSeverityChange(
  tx: Transaction,
  change: {
    findingId: number;
    turbineId: number;
    status: string;
    before: number | null;
    after: number;
    actor: { id: number; name: string } | null;
    at: Date;
  },
  timing: EscalationMailTiming,
): Promise<number | null> {
  const { before, after } = change;
  const rises = before === null ? after >= 4 : after > before;
  if (!rises || change.status === 'rejected') return null;
  const [row] = await tx
    .insert(findingEscalations)
    .values({
      findingId: change.findingId,
      turbineId: change.turbineId,
      kind: 'severity',
      severityBefore: before,
      severityAfter: after,
      actorId: change.actor?.id ?? null,
      actorName: change.actor?.name ?? null,
      createdAt: change.at,
    })
    .returning({ id: findingEscalations.id });
  if (!row) throw new Error('escalation not stored');
  await enqueueEscalationEvent(tx, {
    id: row.id,
    findingId: change.findingId,
    kind: 'severity',
    severityBefore: before,
    severityAfter: after,
    at: change.at,
  });
  await tx.execute(sql`
    insert into ${notifications} (user_id, escalation_id, created_at)
    select r.id, ${row.id}, ${change.at}
    from (${recipientsOf(sql`(select ${turbines.companyId} from ${turbines} where ${turbines.id} = ${change.turbineId})`, change.actor?.id ?? null)}) r
    on conflict do nothing`);
  // the e-mails, in the same transaction: into each notified recipient's waiting e-mail, if they want e-mails
  await tx.execute(
    queueEscalationMails(
      sql`select n.escalation_id, n.user_id from ${notifications} n join ${users} u on u.id = n.user_id
        where n.escalation_id = ${row.id} and u.email_notifications`,
      change.at,
      timing,
    ),
  );
  return row.id;
}

/** Repairs that became overdue (open, due date before today): one escalation per finding and due date, whichever
 *  process inserts it first (overdue_key is unique; ON CONFLICT DO NOTHING), with its notifications in the same
 *  statement, and their e-mails' outbox rows; then each one's finding.escalated webhook event (kind overdue) in the same
 *  transaction. Returns the new escalations' ids. */
export async function recordOverdue(db: Database, now: Date, timing: EscalationMailTiming): Promise<number[]> {
  const today = now.toISOString().slice(0, 10);
  const open = sql.join(
    OPEN_FINDING_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  // one transaction: the escalations, their notifications and e-mails (one statement), and their webhook events
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with due as (
        insert into ${findingEscalations} (finding_id, turbine_id, kind, severity_before, severity_after, due_date, overdue_key, created_at)
        select f.id, f.turbine_id, 'overdue', f.severity, f.severity, f.due_date, f.id::text || ':' || f.due_date::text, ${now}
        from ${findings} f
        where f.status in (${open}) and f.due_date < ${today}::date
          and not exists (select 1 from ${findingEscalations} e where e.overdue_key = f.id::text || ':' || f.due_date::text)
        on conflict do nothing
        returning id, turbine_id, finding_id, severity_after, due_date
      ), sent as (
        insert into ${notifications} (user_id, escalation_id, created_at)
        select u.id, due.id, ${now}
        from due
        join ${turbines} t on t.id = due.turbine_id
        join ${users} u on u.is_active and (u.role = 'superadmin' or (u.role in ('admin', 'company_manager') and u.company_id = t.company_id))
        on conflict do nothing
      ), mails as (${queueEscalationMails(
        sql`select due.id as escalation_id, u.id as user_id
          from due
          join ${turbines} t on t.id = due.turbine_id
          join ${users} u on u.is_active and u.email_notifications
            and (u.role = 'superadmin' or (u.role in ('admin', 'company_manager') and u.company_id = t.company_id))`,
        now,
        timing,
      )})
      select id, finding_id, severity_after, due_date::text as due_date from due order by id`);
    const rows = (result as unknown as { rows: { id: number; finding_id: number; severity_after: number; due_date: string }[] }).rows ?? [];
    // the webhook event of each, as a severity escalation's (issue 26: every route to an escalation raises it)
    for (const r of rows) {
      await enqueueEscalationEvent(tx, {
        id: Number(r.id),
        findingId: Number(r.finding_id),
        kind: 'overdue',
        severityBefore: Number(r.severity_after),
        severityAfter: Number(r.severity_after),
        dueDate: r.due_date,
        at: now,
      });
    }
    return rows.map((r) => Number(r.id));
  });
}

/** The escalations' transaction committed with their e-mails' outbox rows: the outbox looks at once. */
export function sendEscalationMails(ctx: AppContext, escalationIds: (number | null)[]) {
  if (escalationIds.some((id) => id !== null)) {
    ctx.mail.wake();
    ctx.webhooks.wake();
  }
}

/** At send time, the escalations' e-mail to one recipient (one escalation, or a bundle of them), in the recipient's
 *  language; nothing when the recipient turned e-mails off, was deactivated, or every escalation is gone or resolved
 *  meanwhile. A row from before bundles names one `escalationId`. */
export async function makeEscalationMail(
  ctx: AppContext,
  job: { escalationIds?: number[]; escalationId?: number; userId: number },
): Promise<MailMessage | null> {
  const ids = job.escalationIds ?? (job.escalationId === undefined ? [] : [job.escalationId]);
  if (!ids.length) return null;
  const rows = await ctx.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      findingStatus: findings.status,
      ...escalationColumns,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(findingEscalations, eq(findingEscalations.id, notifications.escalationId))
    .innerJoin(turbines, eq(turbines.id, findingEscalations.turbineId))
    .leftJoin(findings, eq(findings.id, findingEscalations.findingId))
    .where(
      and(
        inArray(notifications.escalationId, ids),
        eq(notifications.userId, job.userId),
        isNull(findingEscalations.resolvedAt),
        eq(users.emailNotifications, true),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(findingEscalations.id));
  const first = rows[0];
  if (!first) return null;
  const lang: Language = first.language === 'en' ? 'en' : 'tr';
  const facts = rows.map(
    (r): EscalationMailFacts => ({
      kind: r.kind === 'overdue' ? 'overdue' : 'severity',
      findingId: r.findingId,
      turbine: r.turbineName ? `${r.turbineName} (${r.code})` : r.code,
      before: r.before,
      after: r.after,
      dueDate: r.dueDate,
      actorName: r.actorName,
      unreviewed: r.findingStatus === 'draft',
      link: `${ctx.config.publicUrl}/dashboard/turbine/${r.turbineId}?finding=${r.findingId}`,
    }),
  );
  return escalationBundleMail(lang, first.email, `${first.firstName} ${first.lastName}`.trim(), facts);
}
