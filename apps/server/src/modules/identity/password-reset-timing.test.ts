import type { AddressInfo } from 'node:net';
import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestApp } from '../../testing/create-test-app';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { createTestMember } from '../../testing/test-workspaces';
import { JSON_HEADERS, uniqueAddress, uniqueEmail } from '../../testing/test-users';
import { PASSWORD_RESET_REQUESTED_MESSAGE } from './routes';

/**
 * A real SMTP server that holds each message until the test releases it (a slow mail server), or refuses it.
 * `arrived` lists the recipients of messages it has started to receive.
 */
async function startHoldingSmtpServer() {
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  let shouldRefuse = false;
  const arrived: string[] = [];
  const delivered: Array<{ to: string[]; source: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((recipient) => recipient.address);
      arrived.push(...to);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (shouldRefuse) {
          callback(Object.assign(new Error('Mailbox full'), { responseCode: 552 }));
          return;
        }
        void gate.then(() => {
          delivered.push({ to, source: Buffer.concat(chunks).toString('latin1') });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrived,
    delivered,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
      return () => release();
    },
    refuse(value: boolean) {
      shouldRefuse = value;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the password reset answers in the same time for any e-mail (issue 9, defect 7)', () => {
  let smtp: Awaited<ReturnType<typeof startHoldingSmtpServer>>;
  let database: TestDatabase;
  let app: FastifyInstance;
  const { logger, records } = captureLogs();
  /** What happened, in order: the answer leaving, and the account-dependent work starting. */
  const events: string[] = [];

  // Not encapsulated (fastify-plugin): the hook sees the app's routes.
  const recordAnswers: FastifyPluginAsync = fp(async (instance) => {
    instance.addHook('onRequest', async (request, reply) => {
      if (request.url !== routes.requestPasswordReset.path) return;
      // `finish`: the whole answer has been handed to the connection.
      reply.raw.once('finish', () => events.push('answer sent'));
    });
  });

  beforeAll(async () => {
    smtp = await startHoldingSmtpServer();
    database = await createTestDatabase();
    app = await createTestApp({
      db: database,
      env: { SMTP_URL: smtp.url },
      logger,
      plugins: [recordAnswers],
    });
    // Observes (does not replace) the account lookup the reset performs.
    const identity = app.identity;
    const lookUp = identity.requestPasswordReset;
    identity.requestPasswordReset = function (email) {
      events.push('account looked up');
      return lookUp.call(this, email);
    };
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await smtp?.stop();
  });

  const requestReset = (email: string) =>
    app.inject({
      method: 'POST',
      url: routes.requestPasswordReset.path,
      headers: JSON_HEADERS,
      remoteAddress: uniqueAddress(),
      payload: { email },
    });

  it('answers an existing account before looking it up, and mails the link after the answer', async () => {
    const { email } = await createTestMember(app);
    events.length = 0;
    const release = smtp.hold();
    try {
      const response = await requestReset(email);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ data: { message: PASSWORD_RESET_REQUESTED_MESSAGE } });

      // The answer is out while the mail server still holds the mail.
      while (!smtp.arrived.includes(email)) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(smtp.delivered.some((mail) => mail.to.includes(email))).toBe(false);
      expect(events).toEqual(['answer sent', 'account looked up']);
    } finally {
      release();
    }
    await app.mailer.idle();
    const mail = smtp.delivered.find((candidate) => candidate.to.includes(email));
    // Quoted-printable: soft line breaks and `=3D` for `=`.
    const text = (mail?.source ?? '').replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    const token = /\/reset-password\?token=([\w-]+)/.exec(text)?.[1];
    expect(token).toBeDefined();
    const confirmed = await app.inject({
      method: 'POST',
      url: routes.confirmPasswordReset.path,
      headers: JSON_HEADERS,
      payload: { token, password: 'violet-canyon-teapot-97' },
    });
    expect(confirmed.statusCode).toBe(204);
  });

  it('does the same before answering for an unknown e-mail, and mails nobody', async () => {
    const unknown = uniqueEmail('ghost');
    events.length = 0;
    const response = await requestReset(unknown);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { message: PASSWORD_RESET_REQUESTED_MESSAGE } });
    await app.mailer.idle();
    expect(events).toEqual(['answer sent', 'account looked up']);
    expect(smtp.arrived).not.toContain(unknown);
  });

  it('logs a mail the server refuses, with the request id, instead of losing it silently', async () => {
    const { email } = await createTestMember(app);
    smtp.refuse(true);
    try {
      const response = await requestReset(email);
      expect(response.statusCode).toBe(202);
      await app.mailer.idle();
      const failure = records.find(
        (record) => record.msg === 'Sending an e-mail failed' && record.level === 50,
      );
      expect(failure).toMatchObject({
        requestId: response.headers['x-request-id'],
        subject: expect.stringContaining('password'),
        err: expect.objectContaining({ message: expect.stringContaining('Mailbox full') }),
      });
    } finally {
      smtp.refuse(false);
    }
  });
});
