import type { UserMetadata } from '@herald/contract/users/user.schema';

/** The UTM parameters of the sign-up URL kept with the user (spec section 3). */
export const UTM_PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const satisfies readonly (keyof UserMetadata)[];

/** The bound of each UTM value in the contract's userMetadataSchema. */
const UTM_MAX_LENGTH = 200;

/**
 * The sign-up metadata: when (ISO 8601, now) and the UTM parameters the visitor arrived with.
 * Empty parameters are left out; long ones are cut to the contract's bound rather than making
 * the sign-up fail over a tracking tag.
 */
export function buildSignupMetadata(search: URLSearchParams, now: Date = new Date()): UserMetadata {
  const metadata: UserMetadata = { signUpDate: now.toISOString() };
  for (const parameter of UTM_PARAMETERS) {
    const value = search.get(parameter)?.trim();
    if (value) metadata[parameter] = value.slice(0, UTM_MAX_LENGTH);
  }
  return metadata;
}
