import type { Language } from '@windscope/contract';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailMessage } from './mailer.ts';

/** What a row of mail_outbox asks for. 'message' is a finished e-mail; the others are made at send time. */
export type OutboxParams =
  | { kind: 'passwordReset' | 'signInLink'; email: string; lang: Language }
  | { kind: 'emailChange'; userId: number; newEmail: string; name: string; lang: Language; tokenHash: string }
  | { kind: 'escalation'; escalationId: number; userId: number };

/** A finished e-mail, queued in the caller's transaction (`db` may be one): it goes out once that commits. */
export async function enqueueMail(db: Executor, now: Date, message: MailMessage) {
  await db.insert(mailOutbox).values({
    kind: 'message',
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    replyTo: message.replyTo ?? null,
    createdAt: now,
    nextAttemptAt: now,
  });
}

/** An e-mail made at send time (a link's token is made then, so none is ever stored), queued in the caller's
 *  transaction. */
export async function enqueueMailJob(db: Executor, now: Date, params: OutboxParams) {
  const { kind, ...rest } = params;
  await db.insert(mailOutbox).values({ kind, params: rest, createdAt: now, nextAttemptAt: now });
}
