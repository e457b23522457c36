import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app';
import { latestMail, linkIn, signUp, uniqueAddress } from '../../testing/test-users';
import { MAIL_SUBJECTS } from './mails';

describe('e-mail verification', () => {
  let app: FastifyInstance;
  let offsetMs = 0;

  useTestApp((ready) => ({ app } = ready), {
    clock: () => new Date(Date.now() + offsetMs),
  });

  const verifyStatus = (token: string, remoteAddress = uniqueAddress()) =>
    app.inject({
      method: 'GET',
      url: routes.verifyEmail.path,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress,
    });

  const open = (link: URL) => app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });

  it('mails a link at sign-up that verifies once, then redirects to /login/email-verified', async () => {
    const { email, token } = await signUp(app);
    const mail = await latestMail(app, email);
    expect(mail?.subject).toBe('Verify your e-mail for Herald Cloud');
    expect(mail?.text).toContain('Herald Cloud');
    const link = linkIn(mail?.text ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/v3/auth/verify-email');

    expect((await verifyStatus(token)).json()).toEqual({
      email_verified: false,
      verificationEmailSent: true,
    });
    // The re-send made a second link; the first one still works (each link works once).
    const verified = await open(link);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/login/email-verified');

    const user = await app.inject({
      method: 'GET',
      url: routes.getUser.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(user.json()).toMatchObject({ email_verified: true, emailValidated: true });
    expect((await verifyStatus(token)).json()).toEqual({
      email_verified: true,
      verificationEmailSent: false,
    });

    const reused = await open(link);
    expect(reused.headers.location).toBe('/login/email-verified?error=invalid-or-expired');
  });

  it('refuses a bad or expired (24 hours) link', async () => {
    const { email, token } = await signUp(app);
    const link = linkIn((await latestMail(app, email))?.text ?? '');
    const bad = await app.inject({ method: 'GET', url: '/v3/auth/verify-email?token=nonsense' });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe('/login/email-verified?error=invalid-or-expired');

    offsetMs = 25 * 60 * 60 * 1000;
    try {
      const expired = await open(link);
      expect(expired.headers.location).toBe('/login/email-verified?error=invalid-or-expired');
    } finally {
      offsetMs = 0;
    }
    expect((await verifyStatus(token)).json().email_verified).toBe(false);
  });

  it('limits the re-send to 5 an hour per user', async () => {
    const { email, token } = await signUp(app);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await verifyStatus(token)).statusCode).toBe(200);
    }
    const limited = await verifyStatus(token);
    expect(limited.statusCode).toBe(429);
    expect((await latestMail(app, email))?.subject).toBe(MAIL_SUBJECTS.verification);
  });

  it('requires a session', async () => {
    const response = await app.inject({ method: 'GET', url: routes.verifyEmail.path });
    expect(response.statusCode).toBe(401);
  });
});
