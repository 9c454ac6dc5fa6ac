import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MessageCode } from '@windscope/contract';
import { localize, requestLanguage } from '../http/error-handler.ts';
import { describeRejections, REJECTION_STATUS, type RefusedFile, type RejectionWording } from './upload-outcome.ts';

/** The answer to an upload: 201 with what was stored and why each other file was refused; when nothing was stored,
 *  the first refusal's status (413, 415, 409, ...) with every refusal, as `{ success: false, message, code, rejected }`. */
export function sendUploadOutcome<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: { stored: T[]; refused: RefusedFile[] },
  wording: RejectionWording & { storedCode: MessageCode; noFilesCode: MessageCode },
) {
  const { items, message } = describeRejections(outcome.refused, wording, requestLanguage(request));
  const first = outcome.refused[0];
  if (outcome.stored.length === 0 && first) {
    const code = wording.codes[first.reason];
    return reply.status(REJECTION_STATUS[first.reason]).send({ success: false, code, message, rejected: items });
  }
  if (outcome.stored.length === 0) {
    return reply.status(400).send({ success: false, code: wording.noFilesCode, message: localize(request, wording.noFilesCode) });
  }
  const stored = localize(request, wording.storedCode, { n: outcome.stored.length });
  const text = message ? `${stored} ${message}` : stored;
  return reply.status(201).send({ success: true as const, data: outcome.stored, rejected: items, message: text });
}
