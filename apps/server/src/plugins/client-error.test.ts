import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app';

interface RawAnswer {
  statusLine: string;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` on a fresh socket and reads everything until the server closes it; a reset fails the test. */
function exchange(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ statusLine, headers, body });
    });
    socket.write(request);
  });
}

function expectEnvelope(answer: RawAnswer, status: number, code: string): void {
  expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  expect(answer.headers['content-type']).toContain('application/json');
  const envelope = JSON.parse(answer.body) as Record<string, unknown>;
  expect(envelope).toEqual({
    code,
    message: expect.any(String),
    requestId: answer.headers['x-request-id'],
  });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request is answered in the error envelope too (issue 25):
 * before, a 70 KB query string got Fastify's default `{ error, message, statusCode }` without a request id.
 */
describe("answers to what Node's HTTP parser refuses", () => {
  let app: FastifyInstance;
  let port: number;
  useTestApp((ready) => ({ app } = ready));

  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  it('answers a 70 KB query string with 431 in the envelope, every time', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await exchange(
        port,
        `GET /v3/user?q=${'a'.repeat(70 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      );
      expectEnvelope(answer, 431, 'HEADERS_TOO_LARGE');
      expect(JSON.parse(answer.body).message).toContain('too large');
    }
  });

  it('answers oversized headers with 431 and malformed HTTP with 400, both in the envelope', async () => {
    const headers = await exchange(
      port,
      `GET /v3/health HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'b'.repeat(40 * 1024)}\r\n\r\n`,
    );
    expectEnvelope(headers, 431, 'HEADERS_TOO_LARGE');
    const garbage = await exchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    expectEnvelope(garbage, 400, 'BAD_REQUEST');
  });
});
