import { constants as http2Constants, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { localize } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a multipart upload: its body has no total-time limit, only the idle one (a 200 MB photo at 1 Mbit/s takes 27 min) */
    upload?: boolean;
  }
}

/** Options for Fastify's own server: headers must arrive within headersMs (Node answers 408 and closes), an idle
 *  keep-alive connection closes after keepAliveMs, and any connection with no bytes either way for connectionIdleMs
 *  closes. Node's total request timeout stays off: it would cap uploads too; request bodies are timed below instead. */
export function serverTimeouts(timeouts: AppConfig['timeouts']) {
  return {
    connectionTimeout: timeouts.connectionIdleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: 0,
    // Node checks headers and request timeouts on this interval (30 s by default): a small headers timeout needs it shorter
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(30_000, Math.max(100, timeouts.headersMs / 2)) },
  };
}

export const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

const timeoutBody = (request: FastifyRequest) =>
  JSON.stringify({ success: false, code: 'REQUEST_TIMEOUT', message: localize(request, 'REQUEST_TIMEOUT') });

/** The same limits for an HTTP/2 request (TLS_CERT_FILE): its connection carries other requests, so only its stream
 *  ends: 408 when nothing was answered yet, then the stream is cancelled (RST_STREAM), never the socket. */
function timeHttp2Body(request: FastifyRequest, reply: FastifyReply, timeouts: AppConfig['timeouts']) {
  const raw = request.raw as unknown as Http2ServerRequest;
  const res = reply.raw as unknown as Http2ServerResponse;
  const stream = raw.stream;
  if (raw.complete || stream.endAfterHeaders) return;
  const cut = () => {
    clear();
    if (stream.destroyed || stream.closed) return;
    const cancel = () => stream.close(http2Constants.NGHTTP2_CANCEL);
    if (res.headersSent) return cancel();
    const body = timeoutBody(request);
    res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body, cancel);
  };
  const total = request.routeOptions.config.upload ? null : setTimeout(cut, timeouts.requestMs);
  raw.setTimeout(timeouts.bodyIdleMs, cut);
  let cleared = false;
  function clear() {
    if (cleared) return;
    cleared = true;
    if (total) clearTimeout(total);
    raw.setTimeout(0);
    raw.off('end', clear).off('close', clear);
  }
  raw.once('end', clear).once('close', clear);
}

/** Ends a request whose body stops arriving: no byte for bodyIdleMs (every route, uploads included), or, for routes
 *  that are not uploads, a body not complete within requestMs. The client gets 408 with the envelope when nothing was
 *  answered yet, then the connection closes; an upload cut this way is undone like any connection lost mid-way
 *  (nothing stored: no row, no staging file). */
export function installBodyTimeouts(app: FastifyInstance, timeouts: AppConfig['timeouts']) {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersionMajor === 2) {
      timeHttp2Body(request, reply, timeouts);
      return done();
    }
    const raw = request.raw;
    const socket = raw.socket;
    // injected requests (tests) have no real connection to time
    if (raw.complete || !hasBody(request) || !(socket instanceof Socket)) return done();
    const cut = () => {
      clear();
      if (socket.destroyed) return;
      if (reply.raw.headersSent) {
        socket.destroy();
        return;
      }
      const body = timeoutBody(request);
      const head = [
        'HTTP/1.1 408 Request Timeout',
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
      ];
      socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
    };
    const total = request.routeOptions.config.upload ? null : setTimeout(cut, timeouts.requestMs);
    // a 'timeout' listener on the request keeps Node from destroying the socket itself: cut() answers first
    raw.setTimeout(timeouts.bodyIdleMs, cut);
    let cleared = false;
    function clear() {
      if (cleared) return;
      cleared = true;
      if (total) clearTimeout(total);
      raw.off('timeout', cut).off('end', clear).off('close', clear);
      if (!socket.destroyed) socket.setTimeout(app.server.timeout);
    }
    raw.once('end', clear).once('close', clear);
    done();
  });
}
