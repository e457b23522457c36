import { z } from 'zod';
import { optionalText, requiredText } from '../common/fields';
import { signupRequestSchema } from './user.schema';

/**
 * One rule for the company, everywhere (docs/decisions/018): a user's details are complete
 * (spec section 3, detailsComplete) with first name, last name and company, so the company is
 * required wherever a person fills in their details — the sign-up form and the onboarding
 * details step ask for it the same way, and the server derives detailsComplete from the same
 * function. The API still accepts a sign-up without one (single sign-on, API callers); the
 * onboarding gate then asks for it.
 */
export const companySchema = requiredText('Company');

/** The onboarding details step (and the profile's completeness). */
export const profileDetailsSchema = z.object({
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  company: companySchema,
});
export type ProfileDetails = z.infer<typeof profileDetailsSchema>;

/** The sign-up form: the sign-up request with the company required, as onboarding requires it. */
export const signupFormSchema = signupRequestSchema.extend({ company: companySchema });

/**
 * Whether stored details are complete: first name, last name and company all filled in. The company names the
 * organisation a person brings; someone who belongs to an organisation already (an invitee who joined another's)
 * is complete with their names (issue 25 item 22, docs/decisions/035). Creating one's own first organisation still
 * needs the company (call without `isOrganisationMember`).
 */
export function isDetailsComplete(
  profile: {
    firstName: string | null | undefined;
    lastName: string | null | undefined;
    company: string | null | undefined;
  },
  options: { isOrganisationMember?: boolean } = {},
): boolean {
  const schema = options.isOrganisationMember
    ? profileDetailsSchema.extend({ company: optionalText('Company') })
    : profileDetailsSchema;
  return schema.safeParse({
    firstName: profile.firstName ?? undefined,
    lastName: profile.lastName ?? undefined,
    company: profile.company ?? undefined,
  }).success;
}
