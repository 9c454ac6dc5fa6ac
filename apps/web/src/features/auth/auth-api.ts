import { API_PATHS, type LoginBody, userSchema } from '@windscope/contract';
import { z } from 'zod';
import { api } from '../../api/client.ts';

const loginAnswerSchema = z.object({ token: z.string(), user: userSchema, expires_at: z.string() });
const sessionAnswerSchema = z.object({ user: userSchema });

/** POST /auth/login. Its 401 is a wrong password, so it never triggers the session-expired redirect. */
export async function loginRequest(body: LoginBody) {
  const answer = await api.post(API_PATHS.login, body, { schema: loginAnswerSchema, redirectOnUnauthorized: false });
  return answer.data;
}

/** GET /auth/validate-session: the server's word on the stored token; answers the fresh user record. */
export async function validateSessionRequest(signal?: AbortSignal) {
  const answer = await api.get(API_PATHS.validateSession, { schema: sessionAnswerSchema, redirectOnUnauthorized: false, signal });
  return answer.data.user;
}

export async function logoutRequest() {
  await api.post(API_PATHS.logout, undefined, { redirectOnUnauthorized: false });
}

/** Answers the same whether or not the address exists (DECISIONS §3). */
export async function passwordResetRequest(email: string) {
  return api.post(API_PATHS.passwordReset, { email });
}

export async function passwordResetConfirmRequest(token: string, password: string) {
  return api.post(API_PATHS.passwordResetConfirm, { token, password }, { redirectOnUnauthorized: false });
}

/** The way out of a rate-limited sign-in: a single-use link by e-mail. Answers the same whether or not the address exists. */
export async function signInLinkRequest(email: string) {
  return api.post(API_PATHS.signInLink, { email });
}

/** Uses the e-mailed link: answers like a sign-in. */
export async function signInLinkConfirmRequest(token: string) {
  const answer = await api.post(API_PATHS.signInLinkConfirm, { token }, { schema: loginAnswerSchema, redirectOnUnauthorized: false });
  return answer.data;
}

/** Uses the link e-mailed to an address a manager set on a user: the address changes (no session starts). */
export async function emailChangeConfirmRequest(token: string) {
  return api.post(API_PATHS.emailChangeConfirm, { token }, { redirectOnUnauthorized: false });
}
