import { constants as http2Constants, type Http2ServerRequest } from 'node:http2';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasBody } from './request-timeouts.ts';

/** A refused request whose body is still arriving (an unauthenticated or forbidden upload: 401/403 before a byte of it
 *  was read) must not hold its connection while the client keeps sending: the answer says `Connection: close`, and
 *  once it is out the connection is closed (over HTTP/2 only the stream, RST_STREAM NO_ERROR, as RFC 9113 §8.1 allows
 *  after a complete answer). Issue 23, item 13: such a connection stayed open while a client trickled a byte a minute. */
export function installCloseAfterRefusal(app: FastifyInstance) {
  const closing = new WeakSet<FastifyRequest>();
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && bodyStillArriving(request)) {
      closing.add(request);
      if (request.raw.httpVersionMajor !== 2) reply.header('connection', 'close');
    }
    done(null, payload);
  });
  // onResponse: the answer has been handed to the connection in full
  app.addHook('onResponse', (request, _reply, done) => {
    if (closing.has(request)) {
      if (request.raw.httpVersionMajor === 2) {
        const stream = (request.raw as unknown as Http2ServerRequest).stream;
        if (!stream.closed && !stream.destroyed) stream.close(http2Constants.NGHTTP2_NO_ERROR);
      } else if (!request.raw.socket.destroyed) {
        request.raw.socket.destroy();
      }
    }
    done();
  });
}

function bodyStillArriving(request: FastifyRequest): boolean {
  if (request.raw.complete || !hasBody(request)) return false;
  // injected requests (tests) have no connection to close
  return request.raw.httpVersionMajor === 2 || request.raw.socket instanceof Socket;
}
