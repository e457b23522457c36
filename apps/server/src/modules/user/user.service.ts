import { isDetailsComplete as isProfileDetailsComplete } from '@herald/contract/users/profile-details';
import type { ProgressRecord } from '@herald/contract/tours/progress-record.schema';
import type { User, UserMetadata } from '@herald/contract/users/user.schema';
import type { IdentityUser } from '../../adapters/identity/identity-port';
import type { Database } from '../../db/database';
import { ensureFirstWorkspaceTx } from '../workspace/workspace.service';
import type { Actor } from '../workspace/workspace.service';
import { insertProfile, updateProfile } from './user.repository';
import type { ProgressRecordRow, UserProfileRow } from './user.repository';

/** The profile's provider for an e-mail + password sign-up (otherwise the connection name). */
export const PASSWORD_PROVIDER = 'password';

/**
 * Spec section 3: details are complete with first name, last name and company (the contract's rule); a member of an
 * organisation needs no company (docs/decisions/035). Without `isOrganisationMember` it is the rule for creating
 * one's own first organisation.
 */
export function isDetailsComplete(
  profile: Pick<UserProfileRow, 'firstName' | 'lastName' | 'company'>,
  options: { isOrganisationMember?: boolean } = {},
): boolean {
  return isProfileDetailsComplete(profile, options);
}

/** Sign-up metadata as sent, with signUpDate set by the server when the client sent none. */
export function signUpMetadata(metadata: UserMetadata | undefined, now: Date): UserMetadata {
  return { ...metadata, signUpDate: metadata?.signUpDate ?? now.toISOString() };
}

/** PUT /v3/user metadata: UTM fields as sent, merged over the stored ones; signUpDate stays the server's. */
export function mergedMetadata(stored: UserMetadata, sent: UserMetadata): UserMetadata {
  return { ...stored, ...sent, signUpDate: stored.signUpDate ?? sent.signUpDate };
}

/** What GET /v3/user adds to the profile: the user's services and the dashboard principal's token. */
export interface UserServices {
  services: string[];
  firstService: string | null;
  accessToken?: string;
  /** The billing subscriptions of the user's workspaces (issue 13). */
  subscriptions?: string[];
  /** Whether the user belongs to an organisation: then the company is not needed for complete details. */
  isOrganisationMember?: boolean;
}

/**
 * The user's first service (contract `firstService`): a RUNNING one when any is (first-service readiness polls its
 * status), else the oldest; null before one exists.
 */
export function firstServiceOf(services: readonly { id: string; status: string }[]): string | null {
  return (services.find((service) => service.status === 'RUNNING') ?? services[0])?.id ?? null;
}

/** The User entity (contract `userSchema`) from the profile and the identity. */
export function toUser(
  profile: UserProfileRow,
  identity: IdentityUser,
  extra: UserServices = { services: [], firstService: null },
): User {
  return {
    customerid: profile.customerId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: identity.email,
    email_verified: identity.emailVerified,
    emailValidated: identity.emailVerified,
    company: profile.company,
    services: extra.services,
    subscriptions: extra.subscriptions ?? [],
    setupComplete: profile.setupComplete,
    detailsComplete: isDetailsComplete(profile, {
      isOrganisationMember: extra.isOrganisationMember ?? false,
    }),
    firstService: extra.firstService,
    provider: profile.provider,
    authProvider: profile.provider,
    metadata: profile.metadata,
    ...(extra.accessToken !== undefined && { accessToken: extra.accessToken }),
  };
}

export function toProgressRecord(row: ProgressRecordRow): ProgressRecord {
  return {
    stageName: row.stageName,
    status: row.status,
    step: row.step,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** First and last name from the IdP's claims; `name` split at its last space when they are missing. */
export function namesFromClaims(claims: {
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
}): { firstName: string; lastName: string } {
  if (claims.givenName || claims.familyName) {
    return { firstName: claims.givenName?.trim() ?? '', lastName: claims.familyName?.trim() ?? '' };
  }
  const name = claims.name?.trim() ?? '';
  const split = name.lastIndexOf(' ');
  return split < 0
    ? { firstName: name, lastName: '' }
    : { firstName: name.slice(0, split).trim(), lastName: name.slice(split + 1).trim() };
}

/**
 * Inserts the profile and, when its details are complete, the user's first workspace, in one transaction;
 * undefined when a profile already exists.
 */
export function insertProfileWithFirstWorkspace(
  db: Database,
  values: Parameters<typeof insertProfile>[1],
  actor: Actor,
): Promise<UserProfileRow | undefined> {
  return db.transaction(async (tx) => {
    const profile = await insertProfile(tx, values);
    if (profile && isDetailsComplete(profile)) {
      await ensureFirstWorkspaceTx(tx, profile, actor, values.now);
    }
    return profile;
  });
}

/**
 * Updates the profile and, when its details become (or are) complete and the user belongs to no workspace,
 * creates their first one, in one transaction. The UPDATE locks the profile row, so concurrent updates of one
 * user create one workspace.
 */
export function updateProfileWithFirstWorkspace(
  db: Database,
  customerId: string,
  changes: Parameters<typeof updateProfile>[2],
  actor: Actor,
  now: Date,
): Promise<UserProfileRow | undefined> {
  return db.transaction(async (tx) => {
    const profile = await updateProfile(tx, customerId, changes, now);
    if (profile && isDetailsComplete(profile)) {
      await ensureFirstWorkspaceTx(tx, profile, actor, now);
    }
    return profile;
  });
}
