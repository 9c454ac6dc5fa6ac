import type { contactBodySchema } from '@windscope/contract';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { contactMessages } from '../db/schema.ts';
import { assertUnderLimit, RATE_LIMITS, recordAttempt } from '../rate-limit/rate-limiter.ts';

type ContactInput = z.output<typeof contactBodySchema>;

/** Stores the message, then e-mails it to the operator's inbox (DECISIONS §4).
 *  A filled honeypot is answered like a success and dropped. */
export async function submitContactMessage(ctx: AppContext, input: ContactInput, meta: { ip: string }): Promise<{ stored: boolean }> {
  if (input.website && input.website.trim() !== '') return { stored: false };
  const checks = [{ key: `contact:ip:${meta.ip}`, rule: RATE_LIMITS.contactPerIp }];
  await assertUnderLimit(ctx.limiter, checks, ctx.now().getTime());
  await recordAttempt(ctx.limiter, checks);
  const [row] = await ctx.db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email || null,
      phone: input.phone || null,
      subject: input.subject,
      message: input.message,
      ip: meta.ip,
      createdAt: ctx.now(),
    })
    .returning({ id: contactMessages.id });
  const lines = [
    `Ad / Name: ${input.name}`,
    `E-posta / E-mail: ${input.email || '-'}`,
    `Telefon / Phone: ${input.phone || '-'}`,
    `Konu / Subject: ${input.subject}`,
    '',
    input.message,
    '',
    `#${row?.id}`,
  ];
  await ctx.mailer.send({
    to: ctx.config.contactInbox,
    subject: `[Windscope iletişim] ${input.subject}`,
    text: lines.join('\n'),
    replyTo: input.email || undefined,
  });
  return { stored: true };
}
