import type { ZodType } from 'zod';
import { messageForCode } from '../../i18n/message-code.ts';

/** field name -> contract message code (first problem per field), or a server's message already written (use-server-errors) */
export type FieldErrorCodes = Record<string, string>;

export type FormValidation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrorCodes };

/** Validates form values with a contract schema (STYLE §1: the schema the server uses). Errors stay codes,
 *  so they are shown in whatever language is current when rendered: `fieldError(errors, 'email')`. */
export function validateForm<T>(schema: ZodType<T>, values: unknown): FormValidation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrorCodes = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The message to show under a field, in the current language. */
export function fieldError(errors: FieldErrorCodes, field: string): string | undefined {
  const code = errors[field];
  return code ? (messageForCode(code) ?? code) : undefined;
}
