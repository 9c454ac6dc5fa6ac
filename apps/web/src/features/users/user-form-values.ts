import {
  type CreateUserBody,
  createUserBodySchema,
  DEFAULT_NEW_USER_ROLE,
  passwordSchema,
  type Role,
  type UpdateUserBody,
  updateUserBodySchema,
  type User,
} from '@windscope/contract';
import { type FieldErrorCodes, type FormValidation, validateForm } from '../../ui/form/validate-form.ts';

/** Roles offered for a new user (spec §6: operator by default, or admin, customer, viewer). */
export const NEW_USER_ROLES = ['operator', 'admin', 'customer', 'viewer'] as const satisfies readonly Role[];

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: Role;
  companyId: number | null;
}

export function emptyUserForm(companyId: number | null): UserFormValues {
  return { firstName: '', lastName: '', email: '', password: '', role: DEFAULT_NEW_USER_ROLE, companyId };
}

export function userFormFrom(user: User): UserFormValues {
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    password: '',
    role: user.role,
    companyId: user.company_id,
  };
}

/** Role choices of the edit form: the new-user roles, plus the user's own role if it is another one (company_manager). */
export function roleChoices(current: Role | null): Role[] {
  const roles: Role[] = [...NEW_USER_ROLES];
  if (current && !roles.includes(current)) roles.push(current);
  return roles;
}

export type UserFormResult<T> = { ok: true; body: T } | { ok: false; errors: FieldErrorCodes };

const result = <T>(checked: FormValidation<T>): UserFormResult<T> =>
  checked.ok ? { ok: true, body: checked.data } : { ok: false, errors: checked.errors };

/** "Tüm alanları doldurun" (first name, last name, e-mail, password), "Şirket seçin", and the password's 6 characters. */
export function validateNewUser(values: UserFormValues): UserFormResult<CreateUserBody> {
  const body: CreateUserBody = {
    first_name: values.firstName,
    last_name: values.lastName,
    email: values.email,
    password: values.password,
    role: values.role === 'superadmin' ? 'operator' : values.role,
    company_id: values.companyId,
    is_active: true,
  };
  return result(validateForm(createUserBodySchema, body));
}

/** "Tüm alanlar gereklidir" (first name, last name, e-mail) and "Şirket seçin". A superadmin keeps that role whatever
 *  is sent (the server ignores it), so a placeholder from the assignable roles goes instead. */
export function validateUserEdit(values: UserFormValues, user: User): UserFormResult<UpdateUserBody> {
  const body: UpdateUserBody = {
    first_name: values.firstName,
    last_name: values.lastName,
    email: values.email,
    role: values.role === 'superadmin' ? 'admin' : values.role,
    company_id: values.companyId,
    is_active: user.is_active,
  };
  return result(validateForm(updateUserBodySchema, body));
}

/** The one message of the form-level banner: all fields first, as the spec orders them. */
export function bannerCode(errors: FieldErrorCodes): string | undefined {
  return Object.values(errors).find((code) => code === 'USER_ALL_FIELDS' || code === 'USER_EDIT_ALL_FIELDS');
}

/** Change password: "Yeni şifre gereklidir", then "Şifreler eşleşmiyor", then "Şifre en az 6 karakter olmalı". */
export function validateNewPassword(password: string, confirmation: string): { ok: true } | { ok: false; errors: FieldErrorCodes } {
  if (password === '') return { ok: false, errors: { password: 'PASSWORD_REQUIRED' } };
  if (password !== confirmation) return { ok: false, errors: { confirmation: 'PASSWORDS_DO_NOT_MATCH' } };
  const checked = validateForm(passwordSchema, password);
  return checked.ok ? { ok: true } : { ok: false, errors: { password: checked.errors.form ?? 'PASSWORD_TOO_SHORT' } };
}
