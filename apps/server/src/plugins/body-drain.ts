import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Past this much unread body, the answer goes out without waiting for the rest (and the connection closes). */
export const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops what is left of a request body, until its end or MAX_DRAINED_BYTES. Resolves whether the body
 * ended (the connection can then carry the answer and stay open).
 */
function drainBody(raw: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    let drained = 0;
    const finish = (hasEnded: boolean) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      resolve(hasEnded);
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > MAX_DRAINED_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onClose);
    raw.once('error', onClose);
    raw.resume();
  });
}

/**
 * An answer sent before the request body was read (413 for a body over the limit, 401, 403, 404, 415 refused at
 * onRequest, the console's oversized form) waits until the client has finished sending it (issue 25). Otherwise
 * Node closes the connection with the body's bytes still unread, the kernel answers them with a TCP reset, and a
 * client still writing its body sees "connection reset" instead of the answer (RFC 9112 section 9.6: a server
 * that closes must not do so while the client may still be sending). Read and dropped, never kept: memory stays
 * flat whatever the size; a body past MAX_DRAINED_BYTES is not waited for.
 */
export function registerBodyDrain(app: FastifyInstance): void {
  // Callback style: the usual request (its body read, or none) costs one check and no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (raw.complete || raw.destroyed || raw.readableEnded) {
      done(null, payload);
      return;
    }
    void drainBody(raw).then((hasEnded) => {
      if (!hasEnded) reply.header('connection', 'close');
      done(null, payload);
    });
  });
}
