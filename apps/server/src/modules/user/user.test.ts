import { routes } from '@herald/contract/api/routes';
import { AUTH_MESSAGES } from '@herald/contract/messages';
import { COMMON_PASSWORD_MESSAGE } from '@herald/contract/users/common-password';
import { userSchema } from '@herald/contract/users/user.schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authUser } from '../../db/schema';

import { callAs } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';

import type { TestDatabase } from '../../testing/test-database';
import {
  JSON_HEADERS,
  TEST_PASSWORD,
  authCookieOf,
  latestMail,
  login,
  signUp,
  signUpVerified,
  uniqueAddress,
  uniqueEmail,
} from '../../testing/test-users';
import type { SignedUpUser } from '../../testing/test-users';
import { MAIL_SUBJECTS } from '../identity/mails';
import { PASSWORD_CHANGED_MESSAGE } from './routes';

describe('/v3/user', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  useTestApp((ready) => ({ app, database } = ready));

  function call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    who: SignedUpUser | undefined,
    payload?: unknown,
  ) {
    return callAs(app, who, method, url, payload);
  }

  describe('POST (password sign-up)', () => {
    it('creates the user: 201 User, the auth cookie and the verification mail', async () => {
      const email = uniqueEmail('ada');
      const response = await app.inject({
        method: 'POST',
        url: routes.createUser.path,
        headers: JSON_HEADERS,
        remoteAddress: uniqueAddress(),
        payload: {
          email: `  ${email.toUpperCase()} `,
          password: TEST_PASSWORD,
          firstName: ' Ada ',
          lastName: 'Lovelace',
          company: 'Analytical Engines',
          metadata: { utm_source: 'newsletter', utm_campaign: 'spring' },
        },
      });
      expect(response.statusCode).toBe(201);
      const user = userSchema.strict().parse(response.json());
      expect(user).toEqual({
        customerid: expect.any(String),
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        email_verified: false,
        emailValidated: false,
        company: 'Analytical Engines',
        services: [],
        subscriptions: [],
        setupComplete: false,
        detailsComplete: true,
        firstService: null,
        provider: 'password',
        authProvider: 'password',
        metadata: {
          utm_source: 'newsletter',
          utm_campaign: 'spring',
          signUpDate: expect.any(String),
        },
      });
      expect(Date.parse(user.metadata.signUpDate ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(authCookieOf(response)).toBeTruthy();
      expect((await latestMail(app, email))?.subject).toBe(MAIL_SUBJECTS.verification);
    });

    it('keeps a signUpDate the client sent and leaves detailsComplete false without a company', async () => {
      const { user } = await signUp(app, { metadata: { signUpDate: '2024-05-01T10:00:00.000Z' } });
      expect(user.metadata.signUpDate).toBe('2024-05-01T10:00:00.000Z');
      expect(user.company).toBeNull();
      expect(user.detailsComplete).toBe(false);
    });

    it('answers an e-mail that has an account with 400 SIGNUP_FAILED and mails its owner', async () => {
      const owner = await signUp(app);
      const response = await app.inject({
        method: 'POST',
        url: routes.createUser.path,
        headers: JSON_HEADERS,
        remoteAddress: uniqueAddress(),
        payload: {
          email: owner.email,
          password: 'someone-elses-password-1',
          firstName: 'Mallory',
          lastName: 'M',
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'SIGNUP_FAILED',
        message: AUTH_MESSAGES.signupEmailSent,
      });
      expect(authCookieOf(response)).toBeUndefined();
      const mail = await latestMail(app, owner.email);
      expect(mail?.subject).toBe(MAIL_SUBJECTS.signupAttempt);
      expect(mail?.text).toContain('http://localhost:3000/reset-password');
      // The owner's password still works; the intruder's does not.
      expect((await login(app, owner.email, owner.password)).statusCode).toBe(200);
      expect((await login(app, owner.email, 'someone-elses-password-1')).statusCode).toBe(401);
    });

    it.each([
      ['a common password', { password: 'iloveyou123' }, 'body.password'],
      ['a short password', { password: 'short' }, 'body.password'],
      ['a bad e-mail', { email: 'nope' }, 'body.email'],
      ['a missing first name', { firstName: '' }, 'body.firstName'],
      ['an unknown field', { admin: true }, 'body'],
    ])('refuses %s with 400 and the field', async (_, change, path) => {
      const response = await app.inject({
        method: 'POST',
        url: routes.createUser.path,
        headers: JSON_HEADERS,
        remoteAddress: uniqueAddress(),
        payload: {
          email: uniqueEmail(),
          password: TEST_PASSWORD,
          firstName: 'A',
          lastName: 'B',
          ...change,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
    });

    it('says why a common password is refused', async () => {
      const response = await app.inject({
        method: 'POST',
        url: routes.createUser.path,
        headers: JSON_HEADERS,
        remoteAddress: uniqueAddress(),
        payload: { email: uniqueEmail(), password: 'QWERTYUIOP', firstName: 'A', lastName: 'B' },
      });
      expect(response.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    });

    it('limits sign-ups from one address (20 an hour)', async () => {
      const address = uniqueAddress();
      const attempt = () =>
        app.inject({
          method: 'POST',
          url: routes.createUser.path,
          headers: JSON_HEADERS,
          remoteAddress: address,
          payload: { email: uniqueEmail(), password: 'short', firstName: 'A', lastName: 'B' },
        });
      // Validation failures never reach the limiter; use the common-password refusal, which does.
      for (let count = 1; count <= 20; count += 1) {
        const response = await app.inject({
          method: 'POST',
          url: routes.createUser.path,
          headers: JSON_HEADERS,
          remoteAddress: address,
          payload: { email: uniqueEmail(), password: 'password1', firstName: 'A', lastName: 'B' },
        });
        expect(response.statusCode).toBe(400);
      }
      expect((await attempt()).statusCode).toBe(400);
      const limited = await app.inject({
        method: 'POST',
        url: routes.createUser.path,
        headers: JSON_HEADERS,
        remoteAddress: address,
        payload: { email: uniqueEmail(), password: TEST_PASSWORD, firstName: 'A', lastName: 'B' },
      });
      expect(limited.statusCode).toBe(429);
    });
  });

  describe('GET, PUT and DELETE', () => {
    it('reads and updates only the signed-in user', async () => {
      const alice = await signUpVerified(app, { firstName: 'Alice', lastName: 'A' });
      const bob = await signUpVerified(app, { firstName: 'Bob', lastName: 'B' });

      const read = await call('GET', routes.getUser.path, alice);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ customerid: alice.user.customerid, firstName: 'Alice' });

      const updated = await call('PUT', routes.updateUser.path, alice, {
        company: 'Acme',
        setupComplete: true,
        metadata: { utm_source: 'ads', signUpDate: '2000-01-01T00:00:00.000Z' },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        customerid: alice.user.customerid,
        firstName: 'Alice',
        company: 'Acme',
        setupComplete: true,
        detailsComplete: true,
        metadata: { utm_source: 'ads', signUpDate: alice.user.metadata.signUpDate },
      });

      const bobAfter = await call('GET', routes.getUser.path, bob);
      expect(bobAfter.json()).toMatchObject({
        customerid: bob.user.customerid,
        firstName: 'Bob',
        company: null,
        setupComplete: false,
      });
    });

    it.each([
      ['an e-mail', { email: 'new@example.com' }],
      ['a verification flag', { email_verified: true }],
      ['a customer id', { customerid: 'someone-else' }],
      ['nothing', {}],
      ['an empty first name', { firstName: '  ' }],
    ])('refuses to update %s', async (_, payload) => {
      const user = await signUpVerified(app);
      const response = await call('PUT', routes.updateUser.path, user, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    });

    it('requires a session for every user route', async () => {
      for (const [method, url, payload] of [
        ['GET', routes.getUser.path, undefined],
        ['PUT', routes.updateUser.path, { firstName: 'X' }],
        ['DELETE', routes.deleteUser.path, undefined],
        ['PUT', routes.changePassword.path, { password: 'a-new-password-1' }],
        ['GET', routes.listProgressRecords.path, undefined],
        ['PUT', '/v3/user/progress-records/featuretour-x', { status: 'PENDING' }],
        ['DELETE', '/v3/user/progress-records/featuretour-x', undefined],
      ] as const) {
        const response = await call(method, url, undefined, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().code).toBe('UNAUTHORIZED');
      }
    });

    it('deletes the account: 204, cookie cleared, sessions revoked, identity gone', async () => {
      const doomed = await signUp(app);
      const other = (await login(app, doomed.email, doomed.password)).json().accessToken;
      await call('PUT', '/v3/user/progress-records/featuretour-a', doomed, { status: 'COMPLETED' });

      const response = await call('DELETE', routes.deleteUser.path, doomed);
      expect(response.statusCode).toBe(204);
      expect(response.cookies.find((cookie) => cookie.name === 'auth')?.value).toBe('');
      for (const token of [doomed.token, other]) {
        const after = await app.inject({
          method: 'GET',
          url: routes.getUser.path,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(after.statusCode).toBe(401);
      }
      expect((await login(app, doomed.email, doomed.password)).statusCode).toBe(401);
      const rows = await database.db
        .select()
        .from(authUser)
        .where(eq(authUser.id, doomed.user.customerid));
      expect(rows).toEqual([]);
      // The e-mail is free again.
      expect((await signUp(app, { email: doomed.email })).user.customerid).not.toBe(
        doomed.user.customerid,
      );
    });
  });

  describe('PUT change-password', () => {
    it('changes the password, keeps the caller signed in on a fresh session and ends the others', async () => {
      const user = await signUpVerified(app);
      const otherDevice = (await login(app, user.email, user.password)).json().accessToken;
      const response = await call('PUT', routes.changePassword.path, user, {
        password: 'a-brand-new-password-7',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { message: PASSWORD_CHANGED_MESSAGE } });
      const fresh = authCookieOf(response);
      expect(fresh).toBeTruthy();
      expect(fresh).not.toBe(user.token);

      for (const [token, status] of [
        [user.token, 401],
        [otherDevice, 401],
        [fresh, 200],
      ] as const) {
        const after = await app.inject({
          method: 'GET',
          url: routes.getUser.path,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(after.statusCode).toBe(status);
      }
      expect((await login(app, user.email, user.password)).statusCode).toBe(401);
      expect((await login(app, user.email, 'a-brand-new-password-7')).statusCode).toBe(200);
    });

    it('refuses a common password', async () => {
      const user = await signUpVerified(app);
      const response = await call('PUT', routes.changePassword.path, user, {
        password: 'Sunshine1',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    });
  });

  describe('progress records', () => {
    it('upserts, lists and deletes the signed-in user’s records only', async () => {
      const alice = await signUpVerified(app);
      const bob = await signUpVerified(app);
      const stage = '/v3/user/progress-records/featuretour-topics';

      const created = await call('PUT', stage, alice, { status: 'IN_PROGRESS', step: 2 });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toEqual({
        stageName: 'featuretour-topics',
        status: 'IN_PROGRESS',
        step: 2,
        updatedAt: expect.any(String),
      });
      const replaced = await call('PUT', stage, alice, {
        stageName: 'featuretour-topics',
        status: 'COMPLETED',
      });
      expect(replaced.json()).toMatchObject({ status: 'COMPLETED', step: null });
      await call('PUT', '/v3/user/progress-records/all-tours-override', alice, {
        status: 'SKIPPED',
      });

      const list = await call('GET', routes.listProgressRecords.path, alice);
      expect(
        list
          .json()
          .map((record: { stageName: string; status: string }) => [
            record.stageName,
            record.status,
          ]),
      ).toEqual([
        ['all-tours-override', 'SKIPPED'],
        ['featuretour-topics', 'COMPLETED'],
      ]);

      // Bob sees none of Alice's records and cannot delete them.
      expect((await call('GET', routes.listProgressRecords.path, bob)).json()).toEqual([]);
      expect((await call('DELETE', stage, bob)).statusCode).toBe(204);
      expect((await call('GET', routes.listProgressRecords.path, alice)).json()).toHaveLength(2);
      await call('PUT', stage, bob, { status: 'PENDING' });
      expect((await call('GET', routes.listProgressRecords.path, alice)).json()).toHaveLength(2);

      expect((await call('DELETE', stage, alice)).statusCode).toBe(204);
      expect(
        (await call('GET', routes.listProgressRecords.path, alice))
          .json()
          .map((record: { stageName: string }) => record.stageName),
      ).toEqual(['all-tours-override']);
    });

    it.each([
      ['a bad stage name', '/v3/user/progress-records/Bad%20Stage', { status: 'PENDING' }],
      ['a bad status', '/v3/user/progress-records/featuretour-a', { status: 'DONE' }],
      [
        'a negative step',
        '/v3/user/progress-records/featuretour-a',
        { status: 'PENDING', step: -1 },
      ],
      [
        'a body stage name that differs from the path',
        '/v3/user/progress-records/featuretour-a',
        { stageName: 'featuretour-b', status: 'PENDING' },
      ],
    ])('refuses %s with 400', async (_, url, payload) => {
      const user = await signUpVerified(app);
      const response = await call('PUT', url, user, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    });
  });

  it('offers no pending invites to a user whose e-mail is not verified (the verify-email step first)', async () => {
    const user = await signUp(app);
    const response = await call('GET', routes.listPendingInvites.path, user);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('/v3/user sign-up limit set by SIGNUPS_PER_ADDRESS', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready), { env: { SIGNUPS_PER_ADDRESS: '2' } });

  it('refuses the third sign-up of one address in an hour, and counts other addresses apart', async () => {
    const address = uniqueAddress();
    const signUpFrom = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: routes.createUser.path,
        headers: JSON_HEADERS,
        remoteAddress,
        // The common-password refusal reaches the limiter without creating anyone.
        payload: { email: uniqueEmail(), password: 'QWERTYUIOP', firstName: 'A', lastName: 'B' },
      });
    expect((await signUpFrom(address)).statusCode).toBe(400);
    expect((await signUpFrom(address)).statusCode).toBe(400);
    const limited = await signUpFrom(address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    expect((await signUpFrom(uniqueAddress())).statusCode).toBe(400);
  });
});
