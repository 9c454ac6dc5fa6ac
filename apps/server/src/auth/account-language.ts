import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import type { UserRow } from '../users/presenter.ts';

/** The language e-mails to this account speak: the one of its last sign-in, else the asker's. */
export function mailLanguage(user: UserRow, asked: Language): Language {
  return (LANGUAGES as readonly string[]).includes(user.language ?? '') ? (user.language as Language) : asked;
}

/** Remembers the language of a sign-in for the account's e-mails (a write only when it changed). */
export async function rememberLanguage(ctx: AppContext, userId: number, lang: Language) {
  await ctx.db
    .update(users)
    .set({ language: lang })
    .where(and(eq(users.id, userId), or(isNull(users.language), ne(users.language, lang))));
}
