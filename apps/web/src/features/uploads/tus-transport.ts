import { API_BASE, TUS_CHUNK_BYTES, TUS_PATH, type TusPhotoMetadata, tusOutcomeSchema } from '@windscope/contract';
import { type DetailedError, type HttpRequest, Upload } from 'tus-js-client';
import { z } from 'zod';
import { api, apiHeaders, handleUnauthorized } from '../../api/client.ts';
import type { QueueItem } from './queue.ts';
import type { SendHandle, SendOutcome, Transport } from './upload-manager.ts';

/**
 * The manager's transport: tus-js-client 4 against the server's tus endpoint (DECISIONS §13). Each request carries the
 * same bearer token and X-Language as api/client.ts; 8 MB PATCHes, so a dropped link costs at most one; a stored
 * upload URL resumes at the server's offset. A refusal (`{ success: false, code, message }` on the final PATCH) is
 * shown, never retried; the outcome of a finished upload comes from the last answer's body, or from
 * `GET /api/uploads/{id}/outcome` when that body was lost.
 */

/** tus-js-client's own retries for link failures and 5xx, before the file is shown as failed (about 3 minutes). */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000];
/** A lost last answer: the outcome is asked for this long at least, and longer while the server says its pipeline
 *  still holds the upload (`finishing_ms`: the claim's lease, renewed while it works; once it runs out, the next ask
 *  finishes the upload itself: a process that died mid-pipeline, then restarted). */
const OUTCOME_WAIT_MS = 30_000;
const OUTCOME_POLL_MS = 1500;

export function metadataFor(item: QueueItem): Record<string, string> {
  const { placement } = item;
  const meta: Record<keyof TusPhotoMetadata, string | undefined> = {
    filename: item.name,
    turbine_id: String(item.turbineId),
    year: String(placement.year),
    blade: placement.blade,
    room: placement.source.kind === 'room' ? String(placement.source.room) : undefined,
    category: placement.source.kind === 'category' ? placement.source.category : undefined,
    sha256: item.sha256,
  };
  return Object.fromEntries(Object.entries(meta).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function parse(body: string | undefined): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

const refusalSchema = z.object({ success: z.literal(false), code: z.string(), message: z.string() });

/** The server's refusal in an error answer (4xx with the envelope), not a tus protocol hiccup (offset conflict, lock). */
export function refusalOf(status: number, body: string | undefined): { code: string; message: string } | null {
  if (status < 400 || status >= 500 || status === 408 || status === 423 || status === 429) return null;
  const parsed = refusalSchema.safeParse(parse(body));
  if (!parsed.success) return null;
  if (status === 409 && /OFFSET|CONFLICT|LOCK/i.test(parsed.data.code) && !/DUPLICATE/i.test(parsed.data.code)) return null;
  return { code: parsed.data.code, message: parsed.data.message };
}

/** A 5xx answer to the HEAD that resumes an upload (a proxy's 502 while the server restarts) is the link failing, not the
 *  upload being gone; tus-js-client would create a new upload and send the file again from byte 0. Made an error here,
 *  it is retried, with the back-off, on the same upload. Only a 4xx (404/410: the server no longer has it) starts anew. */
export function resumeAnswerIsLinkFailure(method: string, status: number): boolean {
  return method === 'HEAD' && status >= 500;
}

/** Should tus-js-client try again? Not for a refusal, a 401/403/404 or other 4xx; yes for the link, 5xx, 409/423/429/408. */
export function shouldRetry(status: number, body: string | undefined): boolean {
  if (status === 0 || status >= 500) return true;
  if (refusalOf(status, body)) return false;
  return status === 409 || status === 423 || status === 429 || status === 408;
}

const bodyOutcome = z.union([
  // the final PATCH: `{ success: true, data: Photo, message }`
  z.object({ success: z.literal(true), data: z.object({ id: z.number() }) }).transform(() => ({ state: 'stored' as const })),
  z.object({ success: z.literal(true), data: tusOutcomeSchema }).transform((b) => b.data),
  tusOutcomeSchema,
]);

/** The outcome written in a finished upload's last answer, if it carries one. */
export function outcomeFromBody(body: string | undefined): SendOutcome | null {
  const parsed = bodyOutcome.safeParse(parse(body));
  if (!parsed.success) return null;
  const outcome = parsed.data;
  if (outcome.state === 'stored') return { kind: 'stored' };
  if (outcome.state === 'refused') return { kind: 'refused', code: outcome.code, message: outcome.message };
  return null;
}

/** The kept outcome of an upload whose last answer was lost; waits while the server is still working on the last bytes. */
export async function fetchOutcome(uploadUrl: string, cancelled: () => boolean): Promise<SendOutcome> {
  const id = decodeURIComponent(new URL(uploadUrl, window.location.origin).pathname.split('/').filter(Boolean).pop() ?? '');
  const path = `${TUS_PATH.slice(API_BASE.length)}/${encodeURIComponent(id)}/outcome`;
  let deadline = Date.now() + OUTCOME_WAIT_MS;
  while (!cancelled() && Date.now() < deadline) {
    try {
      const answer = await api.get(path, { schema: tusOutcomeSchema });
      const outcome = answer.data;
      if (outcome.state === 'stored') return { kind: 'stored' };
      if (outcome.state === 'refused') return { kind: 'refused', code: outcome.code, message: outcome.message };
      if (outcome.finishing_ms !== undefined) deadline = Math.max(deadline, Date.now() + outcome.finishing_ms + 2 * OUTCOME_POLL_MS);
    } catch (error) {
      if ((error as { status?: number }).status === 401) return { kind: 'unauthorized' };
    }
    await new Promise((resolve) => setTimeout(resolve, OUTCOME_POLL_MS));
  }
  return cancelled() ? { kind: 'aborted' } : { kind: 'failed' };
}

function failureOf(error: Error | DetailedError): SendOutcome {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  const body = response?.getBody();
  if (status === 401) {
    handleUnauthorized(true);
    return { kind: 'unauthorized' };
  }
  const refusal = refusalOf(status, body);
  if (refusal) return { kind: 'refused', ...refusal };
  const message = (parse(body) as { message?: unknown } | undefined)?.message;
  // a 5xx's own message (storage unavailable…) is already in the user's language; a dropped link gets the generic text
  return { kind: 'failed', message: typeof message === 'string' && message ? message : undefined };
}

export function tusTransport(): Transport {
  return {
    send(item, file, on): SendHandle {
      let upload: Upload | null = null;
      let finished = false;
      let settle: (outcome: SendOutcome) => void = () => undefined;
      const done = new Promise<SendOutcome>((resolve) => {
        settle = (outcome) => {
          if (finished) return;
          finished = true;
          resolve(outcome);
        };
      });
      void Promise.resolve().then(
        () => {
          if (finished) return;
          const current = new Upload(file, {
            endpoint: TUS_PATH,
            uploadUrl: item.uploadUrl ?? null,
            chunkSize: TUS_CHUNK_BYTES,
            retryDelays: RETRY_DELAYS_MS,
            metadata: metadataFor(item),
            storeFingerprintForResuming: false,
            removeFingerprintOnSuccess: true,
            onBeforeRequest(request: HttpRequest) {
              apiHeaders().forEach((value, name) => {
                request.setHeader(name, value);
              });
            },
            onUploadUrlAvailable() {
              if (current.url) on.url(current.url);
            },
            onProgress(sent) {
              on.progress(sent);
            },
            onAfterResponse(request, response) {
              const status = response.getStatus();
              if (resumeAnswerIsLinkFailure(request.getMethod(), status))
                throw new Error(`tus: the server did not answer the resume (HTTP ${status})`);
            },
            onShouldRetry(error) {
              const response = error.originalResponse;
              const again = shouldRetry(response?.getStatus() ?? 0, response?.getBody());
              if (again) on.stalled();
              return again;
            },
            onSuccess({ lastResponse }) {
              const outcome = outcomeFromBody(lastResponse.getBody());
              if (outcome) settle(outcome);
              else void fetchOutcome(current.url ?? item.uploadUrl ?? '', () => finished).then(settle);
            },
            onError(error) {
              settle(failureOf(error));
            },
          });
          upload = current;
          current.start();
        },
        () => settle({ kind: 'failed' }),
      );
      return {
        done,
        abort() {
          settle({ kind: 'aborted' });
          void upload?.abort(false).catch(() => undefined);
        },
      };
    },
  };
}
