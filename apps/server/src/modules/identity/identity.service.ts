import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentitySession } from '../../adapters/identity/identity-port';
import { setAuthCookie } from '../../plugins/auth';
import { enforceRateLimit } from '../../plugins/rate-limit';
import { verificationMail } from './mails';

/** The session reply of login (contract `sessionSchema`) and the cookie carrying the same token. */
export function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  session: IdentitySession,
): { accessToken: string; expiresAt: number } {
  setAuthCookie(reply, app.config, session.token);
  return { accessToken: session.token, expiresAt: session.expiresAt.getTime() };
}

/**
 * Mails a fresh verification link to the user (sign-up, re-send). Returns whether the mail was handed to the mail
 * port; a failure is logged, not thrown (the user can ask again).
 */
export async function sendVerificationMail(
  app: FastifyInstance,
  userId: string,
  email: string,
  options: { background: boolean },
): Promise<boolean> {
  const { token } = await app.identity.createEmailVerificationToken(userId);
  const mail = verificationMail(email, app.config.publicUrl, token);
  if (options.background) {
    app.mailer.sendInBackground(mail);
    return true;
  }
  try {
    await app.mailer.send(mail);
    return true;
  } catch (error) {
    app.log.error({ err: error }, 'Sending the verification e-mail failed');
    return false;
  }
}

/** The verification re-send, rate-limited per user and per address. */
export async function resendVerificationMail(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  email: string,
): Promise<boolean> {
  await enforceRateLimit(app.db, request, 'verificationResend', userId, app.clock());
  return sendVerificationMail(app, userId, email, { background: false });
}
