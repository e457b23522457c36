import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import { AUTH_MESSAGES } from '@herald/contract/messages';
import type { SignupRequest, SsoSignupRequest, User } from '@herald/contract/users/user.schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { clearAuthCookie, requireSession, setAuthCookie } from '../../plugins/auth';
import { enforceRateLimit } from '../../plugins/rate-limit';
import { registerRoute } from '../../plugins/route-registry';
import { deleteConsentData } from '../consent/consent.repository';
import { resendVerificationMail, sendVerificationMail } from '../identity/identity.service';
import { isInvitationProof, joinFromProvenInvitation } from '../members/invite-signup';
import { signupAttemptMail } from '../identity/mails';
import { listServicesOfMember } from '../service/service.repository';
import { listSubscriptionIdsOfMember } from '../invoicing/subscriptions.repository';
import {
  deleteWorkspace,
  listOwnedWorkspacesOf,
  lockWorkspace,
} from '../workspace/workspace.repository';
import { assertPasswordAllowed } from '../identity/password-policy';
import {
  revokeAllDashboardAccess,
  revokeDashboardAccess,
  signDashboardTokenFor,
  workspaceIdsOf,
} from '../members/member-rights-sync';
import { cachedCurrentUser } from './current-user-cache';
import {
  deleteProfile,
  deleteProgressRecord,
  findProfile,
  insertProfile,
  listProgressRecords,
  upsertProgressRecord,
} from './user.repository';
import {
  PASSWORD_PROVIDER,
  firstServiceOf,
  insertProfileWithFirstWorkspace,
  mergedMetadata,
  namesFromClaims,
  signUpMetadata,
  toProgressRecord,
  toUser,
  updateProfileWithFirstWorkspace,
} from './user.service';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';
export const NO_PROFILE_MESSAGE =
  'This account has no user profile yet: complete the sign-up first.';
export const SSO_SIGNUP_NEEDS_SSO_SESSION_MESSAGE =
  'Sign in with a social or single sign-on connection before completing a single sign-on sign-up.';
export const PROFILE_EXISTS_MESSAGE = 'This account is already signed up.';

function signupFailed(): HttpError {
  return new HttpError(400, ERROR_CODES.signupFailed, AUTH_MESSAGES.signupEmailSent);
}

/** E-mail + password sign-up (spec section 7 "signup payload with metadata"). */
async function createPasswordUser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: SignupRequest,
): Promise<User> {
  const { identity, config } = app;
  await enforceRateLimit(
    app.db,
    request,
    'signup',
    body.email,
    app.clock(),
    config.signupsPerAddress,
  );
  assertPasswordAllowed(body.password);
  if (await identity.findUserByEmail(body.email)) {
    // Same work and the same answer shape as a refused new sign-up; the owner learns of it by mail.
    await identity.burnPasswordHash(body.password);
    app.mailer.sendInBackground(signupAttemptMail(body.email, config.publicUrl));
    throw signupFailed();
  }
  // Checked before the account exists, so a failed check leaves an ordinary sign-up.
  const isInvited =
    body.invite !== undefined && (await isInvitationProof(app, body.invite, body.email));
  let created: Awaited<ReturnType<typeof identity.signUp>>;
  try {
    created = await identity.signUp({
      email: body.email,
      password: body.password,
      name: `${body.firstName} ${body.lastName}`,
    });
  } catch (error) {
    // A concurrent sign-up with the same e-mail won the race.
    request.log.warn({ err: error }, 'Sign-up failed in the identity provider');
    throw signupFailed();
  }
  const now = app.clock();
  let profile;
  try {
    profile = await insertProfileWithFirstWorkspace(
      app.db,
      {
        customerId: created.user.id,
        firstName: body.firstName,
        lastName: body.lastName,
        company: body.company || null,
        provider: PASSWORD_PROVIDER,
        metadata: signUpMetadata(body.metadata, now),
        emailConsent: null,
        now,
      },
      { customerId: created.user.id, email: created.user.email, ipAddress: request.ip },
    );
  } finally {
    // No half-created accounts: an identity without its profile could log in but never sign up again.
    if (!profile) await identity.deleteIdentity(created.user.id);
  }
  if (!profile) throw new Error('The user profile was not created');
  const actor = { customerId: created.user.id, email: created.user.email, ipAddress: request.ip };
  if (isInvited && body.invite) {
    // The invitation mail proved the address: no verification mail, and the invitation is accepted now.
    await joinFromProvenInvitation(app, body.invite.id, created.user, actor);
  } else {
    await sendVerificationMail(app, created.user.id, created.user.email, { background: true });
  }
  setAuthCookie(reply, config, created.session.token);
  reply.code(201);
  return toUser(
    profile,
    { ...created.user, emailVerified: created.user.emailVerified || isInvited },
    {
      services: [],
      firstService: null,
      isOrganisationMember: (await workspaceIdsOf(app.db, created.user.id)).length > 0,
    },
  );
}

/**
 * The single sign-on variant (context sso): completes an account created by a social / SSO first sign-in. The
 * names come from the IdP's claims and the e-mail's verification from what the IdP said.
 */
async function createSsoUser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: SsoSignupRequest,
): Promise<User> {
  const session = requireSession(request);
  if (await findProfile(app.db, session.userId)) {
    throw new HttpError(409, ERROR_CODES.conflict, PROFILE_EXISTS_MESSAGE);
  }
  const [external, identityUser] = await Promise.all([
    app.identity.getExternalIdentity(session.userId),
    app.identity.getUser(session.userId),
  ]);
  if (!external || !identityUser) {
    throw new HttpError(400, ERROR_CODES.badRequest, SSO_SIGNUP_NEEDS_SSO_SESSION_MESSAGE);
  }
  const now = app.clock();
  const profile = await insertProfile(app.db, {
    customerId: session.userId,
    ...namesFromClaims(external),
    company: null,
    provider: external.connection,
    metadata: signUpMetadata(body.metadata, now),
    emailConsent: body.emailConsent,
    now,
  });
  if (!profile) throw new HttpError(409, ERROR_CODES.conflict, PROFILE_EXISTS_MESSAGE);
  reply.code(201);
  return toUser(profile, identityUser);
}

/** The signed-in user's profile and identity, or 404 before the sign-up is complete (SSO first login). */
async function currentUser(app: FastifyInstance, request: FastifyRequest) {
  // The identity's user was read with the session (plugins/auth.ts): no second read.
  const { userId, user: identityUser } = requireSession(request);
  const profile = await findProfile(app.db, userId);
  if (!profile) {
    throw new HttpError(404, ERROR_CODES.notFound, NO_PROFILE_MESSAGE);
  }
  return { profile, identityUser };
}

/** /v3/user (spec section 7 "User"): every route acts on the signed-in user only. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { identity, config } = app;

  registerRoute(app, routes.createUser, async (request, reply) => {
    const body = request.body;
    return body.context === 'sso'
      ? createSsoUser(app, request, reply, body)
      : createPasswordUser(app, request, reply, body);
  });

  registerRoute(app, routes.getUser, async (request) =>
    // Kept per session until the next write on the embedded database (docs/decisions/039).
    cachedCurrentUser(app.db, requireSession(request).token, app.clock(), async () => {
      const { profile, identityUser } = await currentUser(app, request);
      // The dashboard principal's token (section 7 messaging client session), with the user's role in each of
      // their workspaces (docs/decisions/013).
      const [services, token, subscriptions, workspaceIds] = await Promise.all([
        listServicesOfMember(app.db, profile.customerId),
        signDashboardTokenFor(app, profile.customerId, requireSession(request).sessionId),
        listSubscriptionIdsOfMember(app.db, profile.customerId),
        workspaceIdsOf(app.db, profile.customerId),
      ]);
      return toUser(profile, identityUser, {
        services: services.map((service) => service.id),
        firstService: firstServiceOf(services),
        accessToken: token,
        subscriptions,
        isOrganisationMember: workspaceIds.length > 0,
      });
    }),
  );

  registerRoute(app, routes.updateUser, async (request) => {
    const { profile, identityUser } = await currentUser(app, request);
    const { firstName, lastName, company, setupComplete, metadata } = request.body;
    const updated = await updateProfileWithFirstWorkspace(
      app.db,
      profile.customerId,
      {
        ...(firstName !== undefined && { firstName }),
        ...(lastName !== undefined && { lastName }),
        ...(company !== undefined && { company: company || null }),
        ...(setupComplete !== undefined && { setupComplete }),
        ...(metadata !== undefined && { metadata: mergedMetadata(profile.metadata, metadata) }),
      },
      { customerId: profile.customerId, email: identityUser.email, ipAddress: request.ip },
      app.clock(),
    );
    if (!updated) throw new HttpError(404, ERROR_CODES.notFound, NO_PROFILE_MESSAGE);
    const workspaceIds = await workspaceIdsOf(app.db, profile.customerId);
    return toUser(updated, identityUser, {
      services: [],
      firstService: null,
      isOrganisationMember: workspaceIds.length > 0,
    });
  });

  registerRoute(app, routes.deleteUser, async (request, reply) => {
    const { userId } = requireSession(request);
    const [workspaceIds, services] = await Promise.all([
      workspaceIdsOf(app.db, userId),
      listServicesOfMember(app.db, userId),
    ]);
    await releaseOwnedWorkspaces(app, userId);
    await deleteConsentData(app.db, userId);
    await deleteProfile(app.db, userId);
    await identity.revokeAllSessions(userId);
    await identity.deleteIdentity(userId);
    // The memberships went with the identity; the account's dashboard tokens end on every service now.
    await revokeDashboardAccess(app, { customerId: userId, workspaceIds });
    // A workspace the user was alone in went with the account, its service rows too: their runtimes stop now
    // (the provisioner stops a runtime whose row is gone); the other services are left as they are.
    for (const { id } of services) app.provisioner.reconcile(id);
    clearAuthCookie(reply, config);
    return reply.code(204).send();
  });

  registerRoute(app, routes.changePassword, async (request, reply) => {
    const { userId } = requireSession(request);
    assertPasswordAllowed(request.body.password);
    await identity.setPassword(userId, request.body.password);
    // Every older session ends, and every dashboard token issued to them; the caller continues on a fresh one.
    await identity.revokeAllSessions(userId);
    await revokeAllDashboardAccess(app, userId);
    const session = await identity.createSession(userId);
    setAuthCookie(reply, config, session.token);
    return { data: { message: PASSWORD_CHANGED_MESSAGE } };
  });

  registerRoute(app, routes.verifyEmail, async (request) => {
    const { userId } = requireSession(request);
    const identityUser = await identity.getUser(userId);
    if (!identityUser) throw new HttpError(404, ERROR_CODES.notFound, NO_PROFILE_MESSAGE);
    if (identityUser.emailVerified) return { email_verified: true, verificationEmailSent: false };
    const sent = await resendVerificationMail(app, request, userId, identityUser.email);
    return { email_verified: false, verificationEmailSent: sent };
  });

  registerRoute(app, routes.listProgressRecords, async (request) => {
    const { profile } = await currentUser(app, request);
    return (await listProgressRecords(app.db, profile.customerId)).map(toProgressRecord);
  });

  registerRoute(app, routes.putProgressRecord, async (request) => {
    const { stageName } = request.params;
    const { stageName: bodyStageName, status, step } = request.body;
    if (bodyStageName !== undefined && bodyStageName !== stageName) {
      const message = 'stageName in the body must equal the one in the path';
      throw new HttpError(
        400,
        ERROR_CODES.validation,
        `Invalid request: body.stageName: ${message}`,
        {
          issues: [{ path: 'body.stageName', message }],
        },
      );
    }
    const { profile } = await currentUser(app, request);
    const row = await upsertProgressRecord(app.db, {
      customerId: profile.customerId,
      stageName,
      status,
      step: step ?? null,
      updatedAt: app.clock(),
    });
    return toProgressRecord(row);
  });

  registerRoute(app, routes.deleteProgressRecord, async (request, reply) => {
    const { profile } = await currentUser(app, request);
    await deleteProgressRecord(app.db, profile.customerId, request.params.stageName);
    return reply.code(204).send();
  });
}

/**
 * An owner must always exist (spec section 5): deleting the account of a workspace's Owner is
 * refused while others still belong to it; a workspace the user is alone in goes with the account.
 */
async function releaseOwnedWorkspaces(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    for (const owned of await listOwnedWorkspacesOf(tx, userId)) {
      await lockWorkspace(tx, owned.id);
      const [current] = (await listOwnedWorkspacesOf(tx, userId)).filter(
        (candidate) => candidate.id === owned.id,
      );
      if (current && current.memberCount > 1) {
        throw new HttpError(
          409,
          ERROR_CODES.conflict,
          `Transfer the ownership of ${current.name} to another member before deleting your account.`,
        );
      }
      await deleteWorkspace(tx, owned.id);
    }
  });
}
