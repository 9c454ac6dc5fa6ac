import { API_PATHS, CONTACT_SUCCESS_MS, contactBodySchema } from '@windscope/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../api/client.ts';
import { type ApiError, isApiError } from '../../../api/api-error.ts';
import { type FieldErrorCodes, validateForm } from '../../../ui/form/validate-form.ts';

export type ContactStatus = 'idle' | 'sending' | 'success' | 'error';

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** honeypot: hidden from people, bots fill it in; the server drops such messages */
  website: string;
}

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', phone: '', subject: '', message: '', website: '' };
/** The form's fields, by their `name` in the page. */
export const CONTACT_FIELDS = Object.keys(EMPTY_CONTACT) as (keyof ContactValues)[];

/** The contact form's states (spec §4: idle, sending, success for 3 s then reset; DECISIONS §4: a real POST). */
export function useContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [status, setStatus] = useState<ContactStatus>('idle');
  const [fieldErrors, setFieldErrors] = useState<FieldErrorCodes>({});
  /** the last failure from the server or the client: its message is read when shown, in the current language */
  const [failure, setFailure] = useState<ApiError>();
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const setValue = useCallback((field: keyof ContactValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  const submit = useCallback(async () => {
    const checked = validateForm(contactBodySchema, values);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setFailure(undefined);
    setStatus('sending');
    try {
      await api.post(API_PATHS.contact, checked.data);
      setStatus('success');
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => {
        setValues(EMPTY_CONTACT);
        setStatus('idle');
      }, CONTACT_SUCCESS_MS);
    } catch (error) {
      setFailure(isApiError(error) ? error : undefined);
      setStatus('error');
    }
  }, [values]);

  return { values, setValue, status, fieldErrors, failure: failure?.message, submit };
}
