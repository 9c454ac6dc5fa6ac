import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';

export interface UploadFile {
  /** as the client sent it, path and all (busboy's preservePath): the name rules judge it unaltered */
  fileName: string;
  stream: Readable;
}

/** A multipart upload read in order: its text fields (which come first), then its files one at a time. */
export interface UploadForm {
  fields: Record<string, string>;
  files: AsyncIterable<UploadFile>;
}

/** What a broken multipart body (cut short, bad boundaries) becomes: 400, not a server error. Its parser's own
 *  refusals with a client status (413 too many files or fields) keep theirs. */
export function toUploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (error instanceof Error && typeof status === 'number' && status > 400 && status < 500) return error;
  return new AppError(400, 'UPLOAD_MALFORMED');
}

async function nextPart(parts: AsyncIterableIterator<Multipart>): Promise<Multipart | undefined> {
  try {
    const step = await parts.next();
    return step.done ? undefined : step.value;
  } catch (error) {
    throw toUploadError(error);
  }
}

/** Reads the text fields up to the first file; files of other field names are drained and ignored.
 *  Fields sent after the first file are ignored too: the files are judged by the fields that precede them. */
export async function readUploadForm(request: FastifyRequest, fileField: string): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA');
  const parts = request.parts();
  const fields: Record<string, string> = {};
  let next = await nextPart(parts);
  while (next && next.type === 'field') {
    fields[next.fieldname] = String(next.value);
    next = await nextPart(parts);
  }
  async function* files(): AsyncGenerator<UploadFile> {
    while (next) {
      const part: Multipart = next;
      if (part.type === 'file') {
        if (part.fieldname === fileField) yield { fileName: part.filename, stream: part.file };
        else part.file.resume();
      }
      next = await nextPart(parts);
    }
  }
  return { fields, files: files() };
}

/** Aborted when the client goes away before the answer is sent: an upload it will never hear about is undone. */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('client closed the connection'));
  });
  return controller.signal;
}
