import { type Language, SEVERITY_SCALE, type Severity } from '@windscope/contract';
import type { MailMessage } from '../mail/mailer.ts';

const sev = (n: number | null, lang: Language) => (n == null ? '' : `${n} (${SEVERITY_SCALE[n as Severity]?.[lang] ?? n})`);

/** Dates as the recipient reads them: 26.11.2026 in Turkish, 26 Nov 2026 in English. */
const dateText = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    day: lang === 'tr' ? '2-digit' : 'numeric',
    month: lang === 'tr' ? '2-digit' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

export interface EscalationMailFacts {
  kind: 'severity' | 'overdue';
  findingId: number;
  turbine: string;
  before: number | null;
  after: number;
  dueDate: string | null;
  actorName: string | null;
  /** the finding is still a draft: nobody reviewed it yet (issue 23) */
  unreviewed: boolean;
  link: string;
}

const OPT_OUT: Record<Language, string> = {
  tr: 'Bu e-postaları almak istemiyorsanız Windscope’ta bildirimler (zil) menüsünden e-posta bildirimlerini kapatabilirsiniz.',
  en: 'If you do not want these e-mails, turn e-mail notifications off in Windscope’s notifications (bell) menu.',
};

const UNREVIEWED: Record<Language, string> = {
  tr: 'Bulgu henüz incelenmedi (taslak); bir yönetici onaylayana veya reddedene kadar doğrulanmış değildir.',
  en: 'The finding is not reviewed yet (a draft): it is unconfirmed until a manager confirms or rejects it.',
};

/** What one escalation says: a subject and a sentence, in the recipient's language. */
function escalationText(lang: Language, f: EscalationMailFacts): { subject: string; what: string } {
  const tr = lang === 'tr';
  let subject: string;
  let what: string;
  if (f.kind === 'overdue') {
    subject = tr
      ? `Windscope: #${f.findingId} bulgusunun onarımı gecikti (${f.turbine})`
      : `Windscope: repair of finding #${f.findingId} is overdue (${f.turbine})`;
    what = tr
      ? `${f.turbine} türbinindeki #${f.findingId} bulgusunun onarım tarihi (${f.dueDate ? dateText(f.dueDate, lang) : '-'}) geçti ve bulgu hâlâ açık. Önem derecesi: ${sev(f.after, lang)}.`
      : `The repair of finding #${f.findingId} on ${f.turbine} was due on ${f.dueDate ? dateText(f.dueDate, lang) : '-'} and the finding is still open. Severity: ${sev(f.after, lang)}.`;
  } else if (f.before == null) {
    const unreviewed = f.unreviewed ? (tr ? ' incelenmemiş' : ' unreviewed') : '';
    subject = tr
      ? `Windscope: ${f.turbine} türbininde ${sev(f.after, lang)} önem dereceli yeni${unreviewed} bulgu #${f.findingId}`
      : `Windscope: new${unreviewed} severity ${sev(f.after, lang)} finding #${f.findingId} on ${f.turbine}`;
    what = tr
      ? `${f.actorName ?? 'Bir kullanıcı'}, ${f.turbine} türbininde ${sev(f.after, lang)} önem dereceli yeni bir bulgu (#${f.findingId}) kaydetti.`
      : `${f.actorName ?? 'A user'} recorded a new finding (#${f.findingId}) of severity ${sev(f.after, lang)} on ${f.turbine}.`;
  } else {
    const unreviewed = f.unreviewed ? (tr ? 'incelenmemiş ' : 'unreviewed ') : '';
    subject = tr
      ? `Windscope: ${unreviewed}#${f.findingId} bulgusu kötüleşti, ${f.before} → ${f.after} (${f.turbine})`
      : `Windscope: ${unreviewed}finding #${f.findingId} got worse, ${f.before} → ${f.after} (${f.turbine})`;
    what = tr
      ? `${f.turbine} türbinindeki #${f.findingId} bulgusunun önem derecesi ${sev(f.before, lang)} seviyesinden ${sev(f.after, lang)} seviyesine yükseldi${f.actorName ? ` (${f.actorName})` : ''}.`
      : `The severity of finding #${f.findingId} on ${f.turbine} rose from ${sev(f.before, lang)} to ${sev(f.after, lang)}${f.actorName ? ` (${f.actorName})` : ''}.`;
  }
  if (f.unreviewed && f.kind === 'severity') what = `${what} ${UNREVIEWED[lang]}`;
  return { subject, what };
}

/** One escalation, to one manager or superadmin, in their language. */
export function escalationMail(lang: Language, to: string, name: string, f: EscalationMailFacts): MailMessage {
  const { subject, what } = escalationText(lang, f);
  const text =
    lang === 'tr'
      ? `Merhaba ${name},\n\n${what}\n\nBulguyu açmak için:\n${f.link}\n\n${OPT_OUT.tr}\n\nWindscope`
      : `Hello ${name},\n\n${what}\n\nOpen the finding:\n${f.link}\n\n${OPT_OUT.en}\n\nWindscope`;
  return { to, subject, text };
}

/** Several escalations in one e-mail (at most one e-mail per recipient per ESCALATION_MAIL_SPACING_MINUTES, issue 23), the
 *  most severe first; one escalation is the single e-mail. */
export function escalationBundleMail(lang: Language, to: string, name: string, all: EscalationMailFacts[]): MailMessage {
  if (all.length === 1 && all[0]) return escalationMail(lang, to, name, all[0]);
  const tr = lang === 'tr';
  const sorted = [...all].sort((a, b) => b.after - a.after || a.findingId - b.findingId);
  const unreviewed = sorted.filter((f) => f.unreviewed && f.kind === 'severity').length;
  const items = sorted.map((f) => `- ${escalationText(lang, f).what}\n  ${f.link}`).join('\n');
  const worst = sorted[0]?.after ?? 0;
  const subject = tr
    ? `Windscope: ${all.length} uyarı, en yüksek önem ${sev(worst, lang)}${unreviewed ? `, ${unreviewed} incelenmemiş` : ''}`
    : `Windscope: ${all.length} alerts, highest severity ${sev(worst, lang)}${unreviewed ? `, ${unreviewed} unreviewed` : ''}`;
  const text = tr
    ? `Merhaba ${name},\n\nSon e-postadan bu yana ${all.length} uyarı:\n\n${items}\n\n${OPT_OUT.tr}\n\nWindscope`
    : `Hello ${name},\n\n${all.length} alerts since the last e-mail:\n\n${items}\n\n${OPT_OUT.en}\n\nWindscope`;
  return { to, subject, text };
}

export interface DigestLine {
  findingId: number;
  turbineId: number;
  turbine: string;
  company: string;
  severity: number;
  dueDate: string;
}

/** The daily digest of overdue repairs: one company's (managers) or every company's (superadmins), grouped by company. */
export function digestMail(
  lang: Language,
  to: string,
  name: string,
  day: string,
  lines: DigestLine[],
  linkOf: (l: DigestLine) => string,
): MailMessage {
  const tr = lang === 'tr';
  const companies = [...new Set(lines.map((l) => l.company))];
  const body = companies
    .map((company) => {
      const own = lines.filter((l) => l.company === company);
      const items = own.map((l) =>
        tr
          ? `- #${l.findingId} ${l.turbine}: önem ${sev(l.severity, lang)}, onarım tarihi ${dateText(l.dueDate, lang)}\n  ${linkOf(l)}`
          : `- #${l.findingId} ${l.turbine}: severity ${sev(l.severity, lang)}, repair due ${dateText(l.dueDate, lang)}\n  ${linkOf(l)}`,
      );
      return `${company} (${own.length})\n${items.join('\n')}`;
    })
    .join('\n\n');
  const subject = tr
    ? `Windscope: ${lines.length} geciken onarım (${dateText(day, lang)})`
    : `Windscope: ${lines.length} overdue ${lines.length === 1 ? 'repair' : 'repairs'} (${dateText(day, lang)})`;
  const text = tr
    ? `Merhaba ${name},\n\nOnarım tarihi geçmiş ve hâlâ açık olan bulgular:\n\n${body}\n\n${OPT_OUT.tr}\n\nWindscope`
    : `Hello ${name},\n\nFindings whose repair date has passed and that are still open:\n\n${body}\n\n${OPT_OUT.en}\n\nWindscope`;
  return { to, subject, text };
}
