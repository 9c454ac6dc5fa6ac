import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailChangeConfirmBodySchema,
  loginBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  signInLinkConfirmBodySchema,
  signInLinkRequestBodySchema,
  userSchema,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { bearerToken, requireAuth } from '../http/auth-hook.ts';
import { unauthorized } from '../http/errors.ts';
import { envelope, messageOnly } from '../http/envelope.ts';
import { localize, requestLanguage } from '../http/error-handler.ts';
import { confirmEmailChange } from '../users/email-change.ts';
import { presentUser } from '../users/presenter.ts';
import { login, logout, refresh } from './auth-service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.ts';
import { signedSessionId } from './session-service.ts';
import { confirmSignInLink, requestSignInLink } from './sign-in-link.ts';

const tokenData = z.object({ success: z.literal(true), token: z.string(), expires_at: z.string() });
const signedIn = envelope(z.object({ token: z.string(), user: userSchema, expires_at: z.string() }), {
  token: z.string(),
  user: userSchema,
});

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  r.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: loginBodySchema,
        response: { 200: signedIn },
      },
    },
    async (req) => {
      const result = await login(ctx, req.body, { ...meta(req), lang: requestLanguage(req) });
      const data = { token: result.token, user: result.user, expires_at: result.expiresAt.toISOString() };
      return { success: true as const, data, token: result.token, user: result.user, message: localize(req, 'LOGIN_SUCCESS') };
    },
  );

  r.get('/auth/verify', { schema: { tags: ['auth'], response: { 200: envelope(z.object({ valid: z.literal(true) })) } } }, async () => ({
    success: true as const,
    data: { valid: true as const },
  }));

  // Checks its token itself so that a token whose session a racing refresh has just replaced still signs out: the logout
  // then ends the session that refresh made (same sign-in). A token that is not ours, or expired, is still 401.
  r.post('/auth/logout', { config: { checksOwnToken: true }, schema: { tags: ['auth'], response: { 200: messageOnly } } }, async (req) => {
    const sessionId = req.auth?.sessionId ?? (await signedSessionId(ctx, bearerToken(req)));
    if (!sessionId) throw unauthorized();
    await logout(ctx, sessionId);
    return { success: true as const, message: localize(req, 'LOGOUT_SUCCESS') };
  });

  r.post('/auth/refresh', { schema: { tags: ['auth'], response: { 200: envelope(tokenData, { token: z.string() }) } } }, async (req) => {
    const result = await refresh(ctx, requireAuth(req), meta(req));
    return {
      success: true as const,
      data: { success: true as const, token: result.token, expires_at: result.expiresAt.toISOString() },
      token: result.token,
    };
  });

  r.get(
    '/auth/profile',
    {
      schema: {
        tags: ['auth'],
        response: { 200: envelope(z.object({ success: z.literal(true), user: userSchema }), { user: userSchema }) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const user = presentUser(auth.user, auth.companyName);
      return { success: true as const, data: { success: true as const, user }, user };
    },
  );

  r.get(
    '/auth/validate-session',
    { schema: { tags: ['auth'], response: { 200: envelope(z.object({ user: userSchema }), { user: userSchema }) } } },
    async (req) => {
      const auth = requireAuth(req);
      const user = presentUser(auth.user, auth.companyName);
      return { success: true as const, data: { user }, user, message: localize(req, 'SESSION_VALID') };
    },
  );

  r.post(
    '/auth/password-reset',
    { config: { public: true }, schema: { tags: ['auth'], body: passwordResetRequestBodySchema, response: { 200: messageOnly } } },
    async (req) => {
      await requestPasswordReset(ctx, req.body.email, { ip: req.ip, lang: requestLanguage(req) });
      return { success: true as const, message: localize(req, 'PASSWORD_RESET_SENT'), data: { email: req.body.email } };
    },
  );

  r.post(
    '/auth/password-reset/confirm',
    { config: { public: true }, schema: { tags: ['auth'], body: passwordResetConfirmBodySchema, response: { 200: messageOnly } } },
    async (req) => {
      await confirmPasswordReset(ctx, req.body.token, req.body.password, { ip: req.ip });
      return { success: true as const, message: localize(req, 'PASSWORD_RESET_DONE') };
    },
  );

  r.post(
    '/auth/sign-in-link',
    { config: { public: true }, schema: { tags: ['auth'], body: signInLinkRequestBodySchema, response: { 200: messageOnly } } },
    async (req) => {
      await requestSignInLink(ctx, req.body.email, { ip: req.ip, lang: requestLanguage(req) });
      return { success: true as const, message: localize(req, 'SIGN_IN_LINK_SENT'), data: { email: req.body.email } };
    },
  );

  r.post(
    '/auth/sign-in-link/confirm',
    { config: { public: true }, schema: { tags: ['auth'], body: signInLinkConfirmBodySchema, response: { 200: signedIn } } },
    async (req) => {
      const result = await confirmSignInLink(ctx, req.body.token, { ...meta(req), lang: requestLanguage(req) });
      const data = { token: result.token, user: result.user, expires_at: result.expiresAt.toISOString() };
      return { success: true as const, data, token: result.token, user: result.user, message: localize(req, 'LOGIN_SUCCESS') };
    },
  );

  // the link e-mailed to an address a manager set on a user (users/email-change.ts)
  r.post(
    '/auth/email-change/confirm',
    { config: { public: true }, schema: { tags: ['auth'], body: emailChangeConfirmBodySchema, response: { 200: messageOnly } } },
    async (req) => {
      await confirmEmailChange(ctx, req.body.token, { ip: req.ip });
      return { success: true as const, message: localize(req, 'EMAIL_CHANGE_DONE') };
    },
  );
}
