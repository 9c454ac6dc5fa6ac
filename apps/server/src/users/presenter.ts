import type { Role, User } from '@windscope/contract';
import type { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** The only shape of a user that leaves the server: never the hash. `pendingEmail`: an address waiting for its
 *  confirmation, given only to those who may edit the user. */
export function presentUser(row: UserRow, companyName: string | null, pendingEmail: string | null = null): User {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: row.role as Role,
    company_id: row.companyId,
    company_name: companyName,
    is_active: row.isActive,
    is_protected: row.isProtected,
    pending_email: pendingEmail,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
