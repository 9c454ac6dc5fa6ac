import type { contactBodySchema } from '@windscope/contract';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { contactMessages } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { type LimitCheck, RATE_LIMITS, reserveAttempt } from '../rate-limit/rate-limiter.ts';

type ContactInput = z.output<typeof contactBodySchema>;

/** Stores the message and, in the same transaction, its e-mail to the operator's inbox in the outbox (DECISIONS §4, §15).
 *  A filled honeypot is answered like a success and dropped. */
export async function submitContactMessage(ctx: AppContext, input: ContactInput, meta: { ip: string }): Promise<{ stored: boolean }> {
  if (input.website && input.website.trim() !== '') return { stored: false };
  // counted before the message is stored and sent: a burst is judged message by message. An office shares one address,
  // so the address gets more room; one sender (by the e-mail they give) gets less.
  const checks: LimitCheck[] = [{ key: `contact:ip:${meta.ip}`, rule: RATE_LIMITS.contactPerIp }];
  if (input.email) checks.push({ key: `contact:sender:${input.email}`, rule: RATE_LIMITS.contactPerSender });
  await reserveAttempt(ctx.limiter, checks);
  // name, subject and phone are single lines (the contract refuses a line break in them): none can forge a line of the
  // operator's e-mail (a header or an "E-posta / E-mail:" line)
  const { name, subject } = input;
  const phone = input.phone ?? '';
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name,
        email: input.email || null,
        phone: phone || null,
        subject,
        message: input.message,
        ip: meta.ip,
        createdAt: now,
      })
      .returning({ id: contactMessages.id });
    const lines = [
      `Ad / Name: ${name}`,
      `E-posta / E-mail: ${input.email || '-'}`,
      `Telefon / Phone: ${phone || '-'}`,
      `Konu / Subject: ${subject}`,
      '',
      input.message,
      '',
      `#${row?.id}`,
    ];
    await enqueueMail(tx, now, {
      to: ctx.config.contactInbox,
      subject: `[Windscope iletişim] ${subject}`,
      text: lines.join('\n'),
      replyTo: input.email || undefined,
    });
  });
  ctx.mail.wake();
  return { stored: true };
}
