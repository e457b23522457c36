import { routes } from '@herald/contract/api/routes';
import { COMMON_PASSWORD_MESSAGE } from '@herald/contract/users/common-password';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app';
import {
  JSON_HEADERS,
  TEST_PASSWORD,
  latestMail,
  linkIn,
  login,
  signUp,
  uniqueAddress,
  uniqueEmail,
} from '../../testing/test-users';
import { MAIL_SUBJECTS } from './mails';
import { PASSWORD_RESET_REQUESTED_MESSAGE } from './routes';

const NEW_PASSWORD = 'violet-canyon-teapot-97';

describe('password reset by e-mail', () => {
  let app: FastifyInstance;
  /** The app's clock: tests move it forward to expire tokens. */
  let offsetMs = 0;

  useTestApp((ready) => ({ app } = ready), {
    clock: () => new Date(Date.now() + offsetMs),
  });

  const requestReset = (email: string) =>
    app.inject({
      method: 'POST',
      url: routes.requestPasswordReset.path,
      headers: JSON_HEADERS,
      remoteAddress: uniqueAddress(),
      payload: { email },
    });

  const confirm = (token: string, password: string) =>
    app.inject({
      method: 'POST',
      url: routes.confirmPasswordReset.path,
      headers: JSON_HEADERS,
      payload: { token, password },
    });

  async function resetTokenFor(email: string): Promise<string> {
    expect((await requestReset(email)).statusCode).toBe(202);
    const mail = await latestMail(app, email);
    expect(mail?.subject).toBe(MAIL_SUBJECTS.passwordReset);
    const link = linkIn(mail?.text ?? '');
    expect(link.pathname).toBe('/reset-password');
    return link.searchParams.get('token') ?? '';
  }

  it('answers the same for a known and an unknown e-mail, and mails only the account', async () => {
    const { email } = await signUp(app);
    const unknown = uniqueEmail('ghost');
    const known = await requestReset(email);
    const nobody = await requestReset(unknown);
    for (const response of [known, nobody]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ data: { message: PASSWORD_RESET_REQUESTED_MESSAGE } });
    }
    expect((await latestMail(app, email))?.subject).toBe(MAIL_SUBJECTS.passwordReset);
    expect(await latestMail(app, unknown)).toBeUndefined();
  });

  it('sets the new password once: the old one fails, every session ends, the token is spent', async () => {
    const { email, token: session } = await signUp(app);
    const token = await resetTokenFor(email);

    const response = await confirm(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(204);
    expect((await login(app, email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(app, email, TEST_PASSWORD)).statusCode).toBe(401);
    const old = await app.inject({
      method: 'GET',
      url: routes.getUser.path,
      headers: { authorization: `Bearer ${session}` },
    });
    expect(old.statusCode).toBe(401);

    const reused = await confirm(token, 'another-fine-password-1');
    expect(reused.statusCode).toBe(400);
    expect((await login(app, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired token (1 hour) and an unknown one', async () => {
    const { email } = await signUp(app);
    const token = await resetTokenFor(email);
    offsetMs = 61 * 60 * 1000;
    try {
      const expired = await confirm(token, NEW_PASSWORD);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('BAD_REQUEST');
    } finally {
      offsetMs = 0;
    }
    expect((await confirm('no-such-token', NEW_PASSWORD)).statusCode).toBe(400);
    expect((await login(app, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a common password (case-insensitively) without spending the token', async () => {
    const { email } = await signUp(app);
    const token = await resetTokenFor(email);
    const response = await confirm(token, 'Password123');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: COMMON_PASSWORD_MESSAGE,
      issues: [{ path: 'body.password', message: COMMON_PASSWORD_MESSAGE }],
    });
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('limits reset requests per e-mail (5 an hour)', async () => {
    const email = uniqueEmail('flood');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await requestReset(email)).statusCode).toBe(202);
    }
    const limited = await requestReset(email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
