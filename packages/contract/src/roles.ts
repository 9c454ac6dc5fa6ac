import { z } from 'zod';

export const ROLES = ['superadmin', 'admin', 'company_manager', 'operator', 'customer', 'viewer'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles a superadmin may give when creating or editing a user (superadmin itself is never granted through the UI). */
export const ASSIGNABLE_ROLES = ['admin', 'company_manager', 'operator', 'customer', 'viewer'] as const satisfies readonly Role[];
export const DEFAULT_NEW_USER_ROLE: Role = 'operator';

/** admin and company_manager have the same rights within their own company. */
export function isManager(role: Role): boolean {
  return role === 'admin' || role === 'company_manager';
}
