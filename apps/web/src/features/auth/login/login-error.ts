import type { TFunction } from 'i18next';
import { CLIENT_ERROR_CODES, isApiError } from '../../../api/api-error.ts';
import type { AUTH_PAGES_NS } from '../layout/auth-pages-i18n.ts';

/** Spec §8: the server's message, "Could not connect to server…" without an answer, else the generic sign-in failure. */
export function loginErrorMessage(error: unknown, t: TFunction<['translation', typeof AUTH_PAGES_NS]>): string {
  if (isApiError(error)) {
    if (error.isConnectionProblem) return t('authPages:login.connectionError');
    const fromServer = error.status > 0 && error.code !== CLIENT_ERROR_CODES.http && error.code !== CLIENT_ERROR_CODES.unexpected;
    if (fromServer) return error.message;
  }
  return t('authPages:login.errorFallback');
}

/** A 429: the sign-in screen then offers a sign-in link by e-mail. */
export function isRateLimited(error: unknown): boolean {
  return isApiError(error) && error.status === 429;
}
