import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { formatMessage, languageFromHeader, MESSAGES, type Language, type MessageCode } from '@windscope/contract';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { isStorageUnavailable } from '../storage/storage-driver.ts';
import { AppError } from './errors.ts';

export function requestLanguage(request: FastifyRequest): Language {
  const explicit = request.headers['x-language'];
  if (explicit === 'en' || explicit === 'tr') return explicit;
  return languageFromHeader(request.headers['accept-language']);
}

export function localize(request: FastifyRequest, code: MessageCode, params?: Record<string, string | number>): string {
  return formatMessage(code, requestLanguage(request), params);
}

const isMessageCode = (s: string): s is MessageCode => Object.hasOwn(MESSAGES, s);

function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: MessageCode,
  params?: Record<string, string | number>,
  extra?: Record<string, unknown>,
) {
  // params let a client show the same message again in another language (the web app does on a language switch)
  const withParams = params && Object.keys(params).length > 0 ? { params } : {};
  return reply.status(status).send({ success: false, message: localize(request, code, params), code, ...withParams, ...extra });
}

/** Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a path that is not valid
 *  percent-encoded UTF-8, or a path parameter over `maxParamLength`. Without this they would answer Fastify's own
 *  `{ error, code, message, statusCode }` instead of the envelope. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-content-type-options', 'nosniff');
  if (error.code === 'FST_ERR_BAD_URL') return sendFailure(request, reply, 400, 'URL_INVALID');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendFailure(request, reply, 414, 'URL_TOO_LONG');
  request.log.error({ err: error }, 'router error');
  return sendFailure(request, reply, 500, 'INTERNAL');
}

/** One error envelope { success: false, message, code }; never a stack trace or SQL text. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 429 && typeof error.extra.retryAfterSeconds === 'number') {
        reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
      const { retryAfterSeconds: _ignored, ...extra } = error.extra;
      return sendFailure(request, reply, error.status, error.code, error.params, extra);
    }
    if (isStorageUnavailable(error)) {
      request.log.error({ err: error }, 'storage unavailable');
      return sendFailure(request, reply, 503, 'STORAGE_UNAVAILABLE');
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const lang = requestLanguage(request);
      // Contract schemas name a message code for each failure; a failure without one (a wrong type, an unknown key)
      // gets the general VALIDATION message. The validator's own wording ("Too small: expected string…") never leaves.
      const details = error.validation.map((issue) => {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String((issue.params?.issue && (issue.params.issue as { path?: unknown[] }).path?.join('.')) || '');
        const raw = issue.message ?? '';
        const code: MessageCode = isMessageCode(raw) ? raw : 'VALIDATION';
        return { field, code, message: formatMessage(code, lang) };
      });
      // the first specific message speaks for the request, as the forms of the spec do
      const first = details.find((d) => d.code !== 'VALIDATION') ?? details[0];
      const code = first?.code ?? 'VALIDATION';
      return reply.status(400).send({ success: false, message: formatMessage(code, lang), code, details });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
      return sendFailure(request, reply, 400, 'MALFORMED_JSON');
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return sendFailure(request, reply, 413, 'BODY_TOO_LARGE');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return sendFailure(request, reply, 415, 'UNSUPPORTED_MEDIA');
    if (status === 429) return sendFailure(request, reply, 429, 'RATE_LIMITED', { seconds: 60 });
    if (status >= 400 && status < 500) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
      return sendFailure(request, reply, status, 'VALIDATION');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendFailure(request, reply, 503, 'SERVICE_UNAVAILABLE');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(request, reply, 500, 'INTERNAL');
  });

  app.setNotFoundHandler((request, reply) => sendFailure(request, reply, 404, 'ROUTE_NOT_FOUND'));
}
