import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setupBodySchema, userSchema } from '@windscope/contract';
import { startSignedIn } from '../auth/auth-service.ts';
import type { AppContext } from '../context.ts';
import { envelope } from '../http/envelope.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { localize, requestLanguage } from '../http/error-handler.ts';
import { RATE_LIMITS, reserveAttempt } from '../rate-limit/rate-limiter.ts';
import { createFirstOwner, isSetupNeeded } from './service.ts';
import { removeSetupToken, setupTokenMatches } from './setup-token.ts';

const signedIn = envelope(z.object({ token: z.string(), user: userSchema, expires_at: z.string() }), {
  token: z.string(),
  user: userSchema,
});

/** First-run setup (DECISIONS §15). Public while the database has no account; 404 SETUP_NOT_AVAILABLE for ever after
 *  (remembered per process once seen: an account is never the last one removed). Wrong setup keys are limited per
 *  address (RATE_LIMITS.setupTokenPerIp, 429 SETUP_RATE_LIMITED). */
export async function setupRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  let done = false;
  const assertSetupNeeded = async () => {
    if (!done && !(await isSetupNeeded(ctx.db))) {
      done = true;
      // made by another process or the CLI: its address is void here too
      removeSetupToken(ctx.config.dataDir);
    }
    if (done) throw notFound('SETUP_NOT_AVAILABLE');
  };

  r.get(
    '/setup',
    { config: { public: true }, schema: { tags: ['setup'], response: { 200: envelope(z.object({ needed: z.literal(true) })) } } },
    async () => {
      await assertSetupNeeded();
      return { success: true as const, data: { needed: true as const } };
    },
  );

  r.post(
    '/setup',
    { config: { public: true }, schema: { tags: ['setup'], body: setupBodySchema, response: { 201: signedIn } } },
    async (req, reply) => {
      await assertSetupNeeded();
      // counted before the key is compared, so that once an address has used up its tries even the right key waits:
      // guessing learns nothing more; the right key gives its try back
      const ipKey = `setup-token:ip:${req.ip}`;
      await reserveAttempt(ctx.limiter, [{ key: ipKey, rule: RATE_LIMITS.setupTokenPerIp }], 'SETUP_RATE_LIMITED');
      if (!setupTokenMatches(ctx.config.dataDir, req.body.token)) throw forbidden('SETUP_TOKEN_INVALID');
      await ctx.limiter.refund(ipKey);
      const lang = req.body.language ?? requestLanguage(req);
      const { user, companyName } = await createFirstOwner(ctx, {
        companyName: req.body.company_name,
        firstName: req.body.first_name,
        lastName: req.body.last_name,
        email: req.body.email,
        password: req.body.password,
        language: lang,
      });
      done = true;
      // the owner is signed in at once, as Grafana, Gitea and GitLab do after their first-run form
      const userAgent = typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined;
      const session = await startSignedIn(ctx, user, companyName, { ip: req.ip, userAgent, lang }, 'setup');
      const data = { token: session.token, user: session.user, expires_at: session.expiresAt.toISOString() };
      return reply
        .status(201)
        .send({ success: true as const, data, token: session.token, user: session.user, message: localize(req, 'SETUP_DONE') });
    },
  );
}
