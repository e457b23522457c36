import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES } from '@herald/contract/api/errors';
import type { ErrorEnvelope } from '@herald/contract/api/errors';
import type { FastifyInstance } from 'fastify';

/** How long a refused connection keeps reading (and dropping) what the client still sends before it is closed. */
export const CLIENT_ERROR_LINGER_MS = 2000;

interface ClientErrorAnswer {
  status: number;
  code: string;
  message: string;
}

/** Node's HTTP parser's failures (no Fastify request exists yet) → the status and words of the envelope. */
export function clientErrorAnswer(errorCode: string | undefined): ClientErrorAnswer {
  if (errorCode === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      code: ERROR_CODES.headersTooLarge,
      message: `The request's URL and headers are too large (at most ${Math.floor(http.maxHeaderSize / 1024)} KB together): send long values in the body.`,
    };
  }
  if (errorCode === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      code: ERROR_CODES.requestTimeout,
      message: 'The request did not arrive in time: send it again.',
    };
  }
  return {
    status: 400,
    code: ERROR_CODES.badRequest,
    message: 'Invalid request: it is not well-formed HTTP/1.1.',
  };
}

const answered = new WeakSet<Duplex>();

/**
 * Fastify's `clientErrorHandler`: what Node's parser refuses before any route or hook exists (431 for an oversized
 * URL or headers, 400 for malformed HTTP, 408 for a request that never completed) is answered in the error envelope
 * like everything else (issue 25), with its own request id. The connection is then half-closed and what the client
 * still sends is read and dropped for a moment: closing at once with unread bytes would make the kernel reset the
 * connection, and the client would see the reset instead of the answer.
 */
export function handleClientError(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Duplex,
): void {
  // A reset connection has no one to answer; a second parser error on the same socket is already answered.
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const { status, code, message } = clientErrorAnswer(error.code);
  const requestId = randomUUID();
  this.log.debug({ err: error, requestId, status }, 'Refused a request Node could not parse');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const envelope: ErrorEnvelope = { code, message, requestId };
  const body = JSON.stringify(envelope);
  socket.end(
    [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      `X-Request-Id: ${requestId}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
  socket.on('data', () => undefined);
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS);
  timer.unref();
  socket.once('end', () => socket.destroy());
  socket.once('close', () => clearTimeout(timer));
}
