import { describe, expect, it } from 'vitest';
import { isDetailsComplete, profileDetailsSchema, signupFormSchema } from './profile-details';

const signup = {
  email: 'ada@example.com',
  password: 'correct horse battery',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

describe('the company rule is one rule for sign-up, onboarding and the server', () => {
  it.each([
    { company: 'Analytical Engines', complete: true },
    { company: '  Analytical Engines ', complete: true },
    { company: '', complete: false },
    { company: '   ', complete: false },
    { company: null, complete: false },
    { company: undefined, complete: false },
  ])('details with company $company are complete: $complete', ({ company, complete }) => {
    expect(isDetailsComplete({ firstName: 'Ada', lastName: 'Lovelace', company })).toBe(complete);
  });

  it.each([
    { company: null, complete: true },
    { company: '', complete: true },
    { company: 'Analytical Engines', complete: true },
  ])(
    'a member of an organisation (an invitee who joined) is complete without a company ($company): $complete',
    ({ company, complete }) => {
      expect(
        isDetailsComplete(
          { firstName: 'Ada', lastName: 'Lovelace', company },
          { isOrganisationMember: true },
        ),
      ).toBe(complete);
    },
  );

  it('a member of an organisation still needs first and last name', () => {
    expect(
      isDetailsComplete(
        { firstName: 'Ada', lastName: ' ', company: null },
        { isOrganisationMember: true },
      ),
    ).toBe(false);
  });

  it.each([
    { firstName: '', lastName: 'Lovelace' },
    { firstName: 'Ada', lastName: ' ' },
    { firstName: null, lastName: 'Lovelace' },
  ])('details without a first or last name are not complete ($firstName, $lastName)', (names) => {
    expect(isDetailsComplete({ ...names, company: 'Acme' })).toBe(false);
  });

  it('the sign-up form and the details step refuse a blank company with the same message', () => {
    const fromSignup = signupFormSchema.safeParse({ ...signup, company: ' ' });
    const fromDetails = profileDetailsSchema.safeParse({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: ' ',
    });
    expect(fromSignup.success).toBe(false);
    expect(fromDetails.success).toBe(false);
    const messageOf = (result: typeof fromSignup | typeof fromDetails) =>
      result.error?.issues.find((issue) => issue.path[0] === 'company')?.message;
    expect(messageOf(fromSignup)).toBe('Company is required');
    expect(messageOf(fromDetails)).toBe('Company is required');
  });

  it('a sign-up form with a company passes and sends it trimmed', () => {
    expect(signupFormSchema.parse({ ...signup, company: ' Acme ' }).company).toBe('Acme');
  });
});
