import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { insertOutboxMail } from '../../adapters/mail/outbox.repository';

import { useTestApp } from '../../testing/use-test-app';

import type { TestDatabase } from '../../testing/test-database';
import { signUp } from '../../testing/test-users';
import { OUTBOX_TOKEN_HEADER } from './outbox-access';
import { resolveOutboxToken } from './outbox-token';
import { DEV_MAIL_LATEST_PATH, DEV_MAIL_PATH } from './routes';

describe('the operator outbox (no SMTP_URL)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  useTestApp((ready) => ({ app, database } = ready));
  const operator = () => ({ [OUTBOX_TOKEN_HEADER]: resolveOutboxToken(app.config) });

  it('lists mail newest first as plain HTML with clickable links and no script', async () => {
    const { email } = await signUp(app);
    await app.mailer.idle();
    await insertOutboxMail(database.db, {
      to: 'other@example.com',
      subject: 'A <b>tricky</b> subject',
      text: 'See https://example.com/a?b=1&c=2 now.\n<script>alert(1)</script>',
    });

    const response = await app.inject({ method: 'GET', url: DEV_MAIL_PATH, headers: operator() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('A &lt;b&gt;tricky&lt;/b&gt; subject');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(
      '<a href="https://example.com/a?b=1&amp;c=2">https://example.com/a?b=1&amp;c=2</a>',
    );
    expect(html).toMatch(
      /<a href="http:\/\/localhost:3000\/v3\/auth\/verify-email\?token=[\w-]+">/,
    );
    expect(html.indexOf('other@example.com')).toBeLessThan(html.indexOf(email));
  });

  it('answers the latest mail to an address as JSON', async () => {
    const { email } = await signUp(app);
    await app.mailer.idle();
    const response = await app.inject({
      method: 'GET',
      url: `${DEV_MAIL_LATEST_PATH}?to=${encodeURIComponent(email.toUpperCase())}`,
      headers: operator(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      to: email,
      subject: 'Verify your e-mail for Herald Cloud',
      text: expect.stringContaining('/v3/auth/verify-email?token='),
      html: null,
      createdAt: expect.any(String),
    });

    const none = await app.inject({
      method: 'GET',
      url: `${DEV_MAIL_LATEST_PATH}?to=x@y.test`,
      headers: operator(),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('NOT_FOUND');
  });

  it('is not part of the API document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v3/openapi.json' })).json();
    expect(Object.keys(document.paths)).not.toContain(DEV_MAIL_PATH);
  });
});
