import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SUBJECTS } from '../../modules/identity/mails';
import { createTestApp } from '../../testing/create-test-app';
import { startTestSmtpServer } from '../../testing/smtp-server';
import type { TestSmtpServer } from '../../testing/smtp-server';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { JSON_HEADERS, signUp, uniqueAddress, uniqueEmail } from '../../testing/test-users';
import { listOutboxMail } from './outbox.repository';

describe('mail over SMTP (SMTP_URL set)', () => {
  let smtp: TestSmtpServer;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    database = await createTestDatabase();
    app = await createTestApp({
      db: database,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Herald Cloud <no-reply@herald.test>' },
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await smtp?.stop();
  });

  it('delivers the verification mail to the SMTP server, not to the outbox', async () => {
    const { email } = await signUp(app);
    const mail = await smtp.waitFor(email);
    expect(mail.from).toBe('no-reply@herald.test');
    expect(mail.source).toContain(`Subject: ${MAIL_SUBJECTS.verification}`);
    expect(mail.source).toMatch(/http:\/\/localhost:3000\/v3\/auth\/verify-email\?token=[\w-]+/);
    expect(mail.source).toContain('— Herald Cloud');
    expect(await listOutboxMail(database.db, 10)).toEqual([]);
  });

  it('delivers the password reset mail', async () => {
    const { email } = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: routes.requestPasswordReset.path,
      headers: JSON_HEADERS,
      remoteAddress: uniqueAddress(),
      payload: { email },
    });
    expect(response.statusCode).toBe(202);
    await app.mailer.idle();
    const reset = smtp.received.find(
      (mail) => mail.to.includes(email) && mail.source.includes(MAIL_SUBJECTS.passwordReset),
    );
    expect(reset?.source).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+/);
  });

  it('has no operator outbox', async () => {
    for (const url of ['/_dev/mail', `/_dev/mail/latest?to=${uniqueEmail()}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});
