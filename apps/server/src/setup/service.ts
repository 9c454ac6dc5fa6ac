import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { assertUncommonPassword } from '../auth/common-passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/client.ts';
import { companies, users } from '../db/schema.ts';
import { conflict, isUniqueViolation } from '../http/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { emailSkeleton } from '../users/email-identity.ts';
import { ensureSetupToken, removeSetupToken } from './setup-token.ts';

/** Serializes first-owner creation across processes sharing one PostgreSQL database ("WSSU"). */
const SETUP_LOCK = 0x5753_5355;

export interface FirstOwner {
  companyName: string;
  firstName: string;
  lastName: string;
  /** normalized already (the contract's emailSchema) */
  email: string;
  password: string;
  language?: 'tr' | 'en' | undefined;
}

/** Setup is needed while the database holds no account at all. */
export async function isSetupNeeded(db: Database): Promise<boolean> {
  const [any] = await db.select({ id: users.id }).from(users).limit(1);
  return !any;
}

/** Start-up: on an empty database, the setup address to print (the token written to DATA_DIR/setup-token); otherwise
 *  null, and a token left from before (setup made by another process or the CLI) is removed. */
export async function prepareSetup(ctx: AppContext): Promise<{ url: string; tokenFile: string } | null> {
  if (!(await isSetupNeeded(ctx.db))) {
    removeSetupToken(ctx.config.dataDir);
    return null;
  }
  const token = ensureSetupToken(ctx.config.dataDir);
  return { url: `${ctx.config.publicUrl}/setup?token=${token}`, tokenFile: `${ctx.config.dataDir}/setup-token` };
}

/** Creates the internal (operator) company and its protected superadmin in one transaction that exactly one caller can
 *  win: the transaction takes an advisory lock, then checks that no account exists. The loser gets 409
 *  SETUP_ALREADY_DONE and nothing is written. */
export async function createFirstOwner(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  input: FirstOwner,
): Promise<{ user: UserRow; companyName: string }> {
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  try {
    const created = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
      const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
      if (existing) throw conflict('SETUP_ALREADY_DONE');
      // a database restored without accounts may hold the internal company already: it becomes the owner's
      const [internal] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.isInternal, true)).limit(1);
      const companyId = internal
        ? (await tx.update(companies).set({ name: input.companyName, updatedAt: now }).where(eq(companies.id, internal.id)).returning())[0]
            ?.id
        : (
            await tx
              .insert(companies)
              .values({ name: input.companyName, contactEmail: input.email, isInternal: true, createdAt: now, updatedAt: now })
              .returning({ id: companies.id })
          )[0]?.id;
      if (!companyId) throw new Error('the internal company was not written');
      const [user] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          emailSkeleton: emailSkeleton(input.email),
          passwordHash,
          role: 'superadmin',
          companyId,
          isProtected: true,
          language: input.language ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error('the superadmin was not written');
      return { user, companyName: input.companyName };
    });
    // the token has done its work: the address stops working with the file (the route answers 404 from now on anyway)
    removeSetupToken(ctx.config.dataDir);
    return created;
  } catch (error) {
    // another company (left without accounts) already has the name
    if (isUniqueViolation(error)) throw conflict('COMPANY_NAME_TAKEN', { name: input.companyName });
    throw error;
  }
}
