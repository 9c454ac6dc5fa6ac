import { isApiError } from '../../../api/api-error.ts';
import { validateSessionRequest } from '../../auth/auth-api.ts';
import { authStore } from '../../auth/auth-store.ts';
import { isTokenValid } from '../../auth/token.ts';

/** Spec §5: a stored token is required and the session is verified before an upload starts.
 *  Resolves 'expired' when the server no longer knows the session; a network failure rejects (it is not an expiry). */
export async function checkSessionBeforeUpload(): Promise<'ok' | 'expired'> {
  if (!isTokenValid(authStore.getToken())) return 'expired';
  try {
    authStore.updateUser(await validateSessionRequest());
    return 'ok';
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) return 'expired';
    throw error;
  }
}
