import { randomUUID } from 'node:crypto';
import { routes } from '@herald/contract/api/routes';
import type { User } from '@herald/contract/users/user.schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { latestOutboxMailTo } from '../adapters/mail/outbox.repository';
import type { OutboxMail } from '../adapters/mail/outbox.repository';

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** A strong enough password that is in no common-password list. */
export const TEST_PASSWORD = 'quiet-harbour-lantern-42';

let addressCounter = 0;

/**
 * A client address of its own: the per-address rate limits would otherwise throttle a test file that signs up
 * many users from 127.0.0.1.
 */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The value of the `auth` cookie a response sets ('' when it clears it), undefined when it sets none. */
export function authCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === 'auth');
  return cookie?.value;
}

export interface SignedUpUser {
  email: string;
  password: string;
  token: string;
  user: User;
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    company: string;
    metadata: Record<string, string>;
  }> = {},
): Promise<SignedUpUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? TEST_PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: routes.createUser.path,
    headers: JSON_HEADERS,
    remoteAddress: uniqueAddress(),
    payload: {
      email,
      password,
      firstName: overrides.firstName ?? 'Ada',
      lastName: overrides.lastName ?? 'Lovelace',
      ...(overrides.company !== undefined && { company: overrides.company }),
      ...(overrides.metadata && { metadata: overrides.metadata }),
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`Sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const token = authCookieOf(response);
  if (!token) throw new Error('Sign-up set no auth cookie');
  return { email, password, token, user: response.json() };
}

/**
 * A sign-up whose e-mail is then verified, as the mail's link does: what a test of anything past the verify-email
 * step needs (the server refuses an unverified account almost everything, docs/decisions/035).
 */
export async function signUpVerified(
  app: FastifyInstance,
  overrides: Parameters<typeof signUp>[1] = {},
): Promise<SignedUpUser> {
  const signedUp = await signUp(app, overrides);
  await app.identity.markEmailVerified(signedUp.user.customerid);
  return { ...signedUp, user: { ...signedUp.user, email_verified: true, emailValidated: true } };
}

export function login(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: routes.login.path,
    headers: { ...JSON_HEADERS, ...options.headers },
    remoteAddress: options.remoteAddress ?? uniqueAddress(),
    payload: { username: email, password },
  });
}

/** The holder of `token` sets a new password through the API, as the profile page does. */
export function changeTestPassword(
  app: FastifyInstance,
  token: string,
  password: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PUT',
    url: routes.changePassword.path,
    headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
    remoteAddress: uniqueAddress(),
    payload: { password },
  });
}

/** The newest outbox mail to an address, once mail in flight has been written. */
export async function latestMail(
  app: FastifyInstance,
  to: string,
): Promise<OutboxMail | undefined> {
  await app.mailer.idle();
  return latestOutboxMailTo(app.db, to);
}

/** The first http(s) link in a mail's text. */
export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in: ${text}`);
  return new URL(match[0]);
}
