import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '@herald/contract/api/routes';
import { CONSOLE_SSO_PATH } from '@herald/contract/console/console.schema';
import { serviceHostname } from '@herald/contract/services/service-display';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertTestService } from '../adapters/provisioner/testing/test-services';
import { CONSOLE_MESSAGES } from '../modules/console/console-messages';
import { useTestApp } from '../testing/use-test-app';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real client on a real socket, as the outside test sent it: the whole body written in 64 KiB chunks, one an event
 * loop turn (so the server runs between them, as it would in another process), and the answer read. The request
 * counts only when the whole body was handed to the socket and the whole answer read; a reset or a broken pipe
 * before both is a failed request, as it is for any HTTP client.
 */
function send(
  port: number,
  options: { path: string; size: number; contentType: string; chunked?: boolean; host?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answer: Answer | undefined;
    let isBodySent = false;
    const settle = () => {
      if (answer && isBodySent) resolve(answer);
    };
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: options.path,
        agent: false,
        headers: {
          'content-type': options.contentType,
          ...(options.host && { host: options.host }),
          ...(!options.chunked && { 'content-length': String(options.size) }),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('end', () => {
          answer = { status: response.statusCode ?? 0, headers: response.headers, body };
          settle();
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.on('finish', () => {
      isBodySent = true;
      settle();
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const writeNext = () => {
      if (sent >= options.size) {
        request.end();
        return;
      }
      const length = Math.min(chunk.length, options.size - sent);
      sent += length;
      if (request.write(chunk.subarray(0, length))) setImmediate(writeNext);
      else request.once('drain', writeNext);
    };
    writeNext();
  });
}

function expectEnvelope(answer: Answer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toContain('application/json');
  const envelope = JSON.parse(answer.body) as Record<string, unknown>;
  expect(envelope).toMatchObject({ code, requestId: answer.headers['x-request-id'] });
  expect(typeof envelope.message).toBe('string');
}

const TEN_MB = 10 * 1024 * 1024;

/**
 * Bodies over a limit, or refused before they are read, get their answer on a real socket every time (issue 25):
 * before, the server closed the connection with the body's bytes unread, and the client saw a reset one time in
 * three (or, for the console's sign-in form, no answer at all). Only real sockets show it: inject has no TCP.
 */
describe('answers to requests whose body is still coming', () => {
  let app: FastifyInstance;
  let port: number;
  let serviceHost: string;
  useTestApp((ready) => ({ app } = ready));

  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    const row = await insertTestService(app.db, { status: 'RUNNING', useConsoleSso: true });
    serviceHost = `${serviceHostname(row)}.localhost:3000`;
  });

  it('answers a 10 MB login with 413 in the envelope, ten times out of ten', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await send(port, {
        path: routes.login.path,
        size: TEN_MB,
        contentType: 'application/json',
      });
      expectEnvelope(answer, 413, 'PAYLOAD_TOO_LARGE');
    }
  });

  it('answers a chunked 10 MB body (no Content-Length) with 413 too', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await send(port, {
        path: routes.login.path,
        size: TEN_MB,
        contentType: 'application/json',
        chunked: true,
      });
      expectEnvelope(answer, 413, 'PAYLOAD_TOO_LARGE');
    }
  });

  it("answers a 3 MB webhook over the webhook route's own limit with 413", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await send(port, {
        path: routes.paymentWebhook.path,
        size: 3 * 1024 * 1024,
        contentType: 'application/json',
      });
      expectEnvelope(answer, 413, 'PAYLOAD_TOO_LARGE');
    }
  });

  it('answers a refusal made before the body is read (415 for a 10 MB text body) the same way', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await send(port, {
        path: routes.login.path,
        size: TEN_MB,
        contentType: 'text/plain',
      });
      expectEnvelope(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it("answers a 9 KB form to the console's sign-in with 413 instead of dropping it", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await send(port, {
        path: CONSOLE_SSO_PATH,
        size: 9 * 1024,
        contentType: 'application/x-www-form-urlencoded',
        host: serviceHost,
      });
      expectEnvelope(answer, 413, 'PAYLOAD_TOO_LARGE');
      expect(JSON.parse(answer.body).message).toBe(CONSOLE_MESSAGES.formTooLarge);
    }
  });
});
