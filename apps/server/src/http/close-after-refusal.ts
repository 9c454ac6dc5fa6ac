import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasBody } from './request-timeouts.ts';

/** A refused request whose body is still arriving (an unauthenticated or forbidden upload: 401/403 before a byte of it
 *  was read) must not hold its connection while the client keeps sending: the answer says `Connection: close`, and
 *  once it is out the socket is closed. Issue 23, item 13: such a connection stayed open while a client trickled a
 *  byte a minute. HTTP/2 needs nothing here: Node closes a stream whose answer ended before its body (RST_STREAM
 *  NO_ERROR, RFC 9113 §8.1), and the connection goes on serving (transport.test.ts). */
export function installCloseAfterRefusal(app: FastifyInstance) {
  const closing = new WeakSet<FastifyRequest>();
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && bodyStillArriving(request)) {
      closing.add(request);
      reply.header('connection', 'close');
    }
    done(null, payload);
  });
  // onResponse: the answer has been handed to the connection in full
  app.addHook('onResponse', (request, _reply, done) => {
    if (closing.has(request) && !request.raw.socket.destroyed) request.raw.socket.destroy();
    done();
  });
}

function bodyStillArriving(request: FastifyRequest): boolean {
  // HTTP/2 streams are Node's to close; injected requests (tests) have no connection
  if (request.raw.httpVersionMajor === 2 || request.raw.complete || !hasBody(request)) return false;
  return request.raw.socket instanceof Socket;
}
