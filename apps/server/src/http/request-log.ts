import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';

/** How long a log line may wait in the buffer when traffic is too light to fill it. */
const FLUSH_EVERY_MS = 500;

/** The log's destination: standard output in blocks of 4 KB, flushed at least every half second, rather than one write
 *  per line (each write handed to the thread pool on its own was ~8% of the server's CPU under bench:load). pino flushes
 *  what is left when the process exits; close() flushes it when the app closes. */
export function bufferedStdout() {
  const stream = pino.destination({ dest: 1, minLength: 4096, sync: false });
  const flush = () => {
    try {
      stream.flush();
    } catch {
      // destroyed (stdout closed): nothing more to write
    }
  };
  const timer = setInterval(flush, FLUSH_EVERY_MS);
  timer.unref();
  return {
    stream,
    close() {
      clearInterval(timer);
      flush();
    },
  };
}

/** How log lines are written: readable for a person at a terminal, one JSON object per line for anything else
 *  (a file, a pipe, a log collector), as they always were. */
export type LogFormat = 'pretty' | 'json';

export function logFormatFor(stdout: { isTTY?: boolean }): LogFormat {
  return stdout.isTTY === true ? 'pretty' : 'json';
}

interface AccessFields {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** The pretty message of a line: an access line as "GET /api/health 200 3 ms", anything else its own message. */
export function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as AccessFields;
  const message = typeof log[messageKey] === 'string' ? (log[messageKey] as string) : '';
  if (!req?.method || !res?.statusCode) return message;
  const time = typeof responseTime === 'number' ? ` ${Math.round(responseTime)} ms` : '';
  return `${req.method} ${req.url ?? ''} ${res.statusCode}${time}`;
}

/** The fields an access line's message already says, and the ones a person at a terminal does not need. */
const PRETTY_IGNORE = 'pid,hostname,reqId,req,res,responseTime';

export const prettyOptions: pretty.PrettyOptions = {
  colorize: pretty.isColorSupported,
  translateTime: 'SYS:HH:MM:ss',
  ignore: PRETTY_IGNORE,
  singleLine: true,
  messageFormat: prettyMessage,
};

function prettyStdout() {
  const stream = pretty({ ...prettyOptions, destination: 1, sync: true });
  return { stream, close() {} };
}

/** Where the app's log goes: pretty lines on a terminal, buffered JSON lines otherwise. */
export function logOutputFor(format: LogFormat) {
  return format === 'pretty' ? prettyStdout() : bufferedStdout();
}

/** One access line per request, when it completes — method, path (no query), client, status, time — instead of
 *  Fastify's "incoming request" + "request completed": half the lines, and half their cost under load. Every other
 *  log line of Fastify's stays as it is. */
export class AccessLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
