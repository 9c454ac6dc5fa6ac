import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Language, OPEN_FINDING_STATUSES, turbineDisplayName } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { companies, digestRuns, findings, turbines, users } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { recordOverdue, sendEscalationMails } from './escalations.ts';
import { type DigestLine, digestMail } from './mail.ts';

/** The day and hour in the digest's time zone (Europe/Istanbul by default). */
export function localDayAndHour(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** Repairs that became overdue: notified once per finding and due date, whichever process sees it first. */
export async function checkOverdue(ctx: AppContext, now: Date = ctx.now()): Promise<number[]> {
  const ids = await recordOverdue(ctx.db, now, ctx.config.notifications);
  sendEscalationMails(ctx, ids);
  return ids;
}

export interface DigestResult {
  /** the scopes this process claimed and queued: 'company:{id}', 'superadmins' */
  claimed: string[];
  mails: number;
}

/** Claims one digest scope for the day and queues its e-mails in the same transaction: the process whose insert lands
 *  queues them, every other one gets nothing back; the outbox sends them (and retries a failed send). */
async function claimAndQueue(ctx: AppContext, scope: string, day: string, now: Date, mails: MailMessage[]): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(digestRuns)
      .values({ scope, day, createdAt: now })
      .onConflictDoNothing()
      .returning({ scope: digestRuns.scope });
    if (rows.length === 0) return false;
    for (const mail of mails) await enqueueMail(tx, ctx.now(), mail);
    return true;
  });
}

/** The daily digest of overdue repairs, from the configured hour on (the time zone's day): each company's managers get
 *  their company's, the superadmins one of every company's. Each (scope, day) is sent once across every process
 *  (digest_runs' primary key claims it). Users who turned e-mails off get none. */
export async function runDigest(ctx: AppContext, now: Date = ctx.now()): Promise<DigestResult> {
  const { digestHour, timeZone } = ctx.config.notifications;
  const { day, hour } = localDayAndHour(now, timeZone);
  const result: DigestResult = { claimed: [], mails: 0 };
  if (hour < digestHour) return result;
  const today = now.toISOString().slice(0, 10);
  const rows = await ctx.db
    .select({
      findingId: findings.id,
      turbineId: turbines.id,
      code: turbines.code,
      turbineName: turbines.turbineName,
      name: turbines.name,
      companyId: turbines.companyId,
      company: companies.name,
      severity: findings.severity,
      dueDate: findings.dueDate,
    })
    .from(findings)
    .innerJoin(turbines, eq(turbines.id, findings.turbineId))
    .innerJoin(companies, eq(companies.id, turbines.companyId))
    .where(and(inArray(findings.status, [...OPEN_FINDING_STATUSES]), sql`${findings.dueDate} < ${today}::date`))
    .orderBy(asc(companies.name), asc(findings.dueDate), asc(findings.id));
  if (rows.length === 0) return result;
  const lines = rows.map((r) => ({
    companyId: r.companyId,
    line: {
      findingId: r.findingId,
      turbineId: r.turbineId,
      turbine: turbineDisplayName({ turbine_name: r.turbineName, name: r.name, code: r.code }),
      company: r.company ?? '',
      severity: r.severity,
      dueDate: r.dueDate ?? today,
    } satisfies DigestLine,
  }));
  const linkOf = (l: DigestLine) => `${ctx.config.publicUrl}/dashboard/turbine/${l.turbineId}?finding=${l.findingId}`;
  const recipients = await ctx.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      role: users.role,
      companyId: users.companyId,
    })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        eq(users.emailNotifications, true),
        sql`(${users.role} = 'superadmin' or ${users.role} in ('admin', 'company_manager'))`,
      ),
    )
    .orderBy(asc(users.id));
  const mailTo = (to: (typeof recipients)[number], own: DigestLine[]) => {
    const lang: Language = to.language === 'en' ? 'en' : 'tr';
    return digestMail(lang, to.email, `${to.firstName} ${to.lastName}`.trim(), day, own, linkOf);
  };
  const companyIds = [...new Set(lines.map((l) => l.companyId))];
  for (const companyId of companyIds) {
    const scope = `company:${companyId}`;
    const own = lines.filter((l) => l.companyId === companyId).map((l) => l.line);
    const mails = recipients.filter((r) => r.role !== 'superadmin' && r.companyId === companyId).map((to) => mailTo(to, own));
    if (!(await claimAndQueue(ctx, scope, day, now, mails))) continue;
    result.claimed.push(scope);
    result.mails += mails.length;
  }
  const admins = recipients.filter((r) => r.role === 'superadmin');
  const all = lines.map((l) => l.line);
  if (admins.length) {
    const mails = admins.map((to) => mailTo(to, all));
    if (await claimAndQueue(ctx, 'superadmins', day, now, mails)) {
      result.claimed.push('superadmins');
      result.mails += mails.length;
    }
  }
  if (result.mails > 0) ctx.mail.wake();
  return result;
}

/** The periodic check every process runs: overdue repairs, then the digest. A failure is logged; the next tick tries
 *  again (a digest is claimed with its e-mails' outbox rows: a failed send is retried by the outbox). */
export function startNotificationLoop(ctx: AppContext, log: (message: string, details: Record<string, unknown>) => void) {
  const { checkMs } = ctx.config.notifications;
  if (checkMs <= 0) return { stop() {}, tick: async () => {} };
  let running: Promise<void> | null = null;
  const tick = async () => {
    if (running) return running;
    running = (async () => {
      try {
        await checkOverdue(ctx);
        await runDigest(ctx);
      } catch (error) {
        log('notification check failed', { err: String(error) });
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const first = setTimeout(() => void tick(), Math.min(checkMs, 2_000));
  const timer = setInterval(() => void tick(), checkMs);
  first.unref();
  timer.unref();
  return {
    tick,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
