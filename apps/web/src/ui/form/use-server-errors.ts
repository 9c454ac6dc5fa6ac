import { useCallback, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import type { FieldErrorCodes } from './validate-form.ts';

/** Form value names are camelCase, the API's field names snake_case: companyId -> company_id. */
export const apiFieldName = (formField: string) => formField.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export interface ServerErrors {
  /** API field name -> message to show under it, in the current language */
  fields: FieldErrorCodes;
  /** a refusal no field explains: for the form's banner */
  banner: Error | null;
  /** the user changed these form fields: their server messages go */
  clear: (formFields: readonly string[]) => void;
}

/** How every entity form shows a server refusal: a message about one field (the answer's `details`, or a code the
 *  form maps to a field, such as USER_EMAIL_TAKEN -> email) sits under that field until the user changes it;
 *  anything else is the banner's. Messages are read at render, so they follow a language switch. */
export function useServerErrors(error: Error | null, fieldOfCode: Readonly<Record<string, string>> = {}): ServerErrors {
  const [cleared, setCleared] = useState<{ error: Error | null; fields: ReadonlySet<string> }>({ error: null, fields: new Set() });
  const clear = useCallback(
    (formFields: readonly string[]) =>
      setCleared((current) => {
        const fields = new Set(current.error === error ? current.fields : []);
        for (const field of formFields) fields.add(apiFieldName(field));
        return { error, fields };
      }),
    [error],
  );
  const fields: FieldErrorCodes = {};
  if (!error) return { fields, banner: null, clear };
  if (!isApiError(error)) return { fields, banner: error, clear };
  for (const detail of error.details) {
    if (detail.field && detail.code !== 'VALIDATION') fields[detail.field] ??= detail.message;
  }
  const field = fieldOfCode[error.code];
  if (field) fields[field] = error.message;
  const gone = cleared.error === error ? cleared.fields : new Set<string>();
  for (const name of gone) delete fields[name];
  const explained = field !== undefined || error.details.some((detail) => detail.field && detail.code !== 'VALIDATION');
  return { fields, banner: explained ? null : error, clear };
}
