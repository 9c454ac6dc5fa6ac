import { loginBodySchema } from '@windscope/contract';
import { validateForm } from '../../../ui/form/validate-form.ts';

/** What the sign-in form needs only once it is used: the contract's schema (zod), the API client and the session store.
 *  Loaded apart from the form (login-form.tsx), so the sign-in screen paints without them. */
export { loginRequest } from '../auth-api.ts';
export { startSession } from '../session.ts';

/** The values checked with the schema the server uses (STYLE §1). */
export const validateLogin = (values: unknown) => validateForm(loginBodySchema, values);
