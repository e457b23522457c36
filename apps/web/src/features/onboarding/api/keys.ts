/** Query keys of the onboarding area (CONVENTIONS section 5: keys are factories). */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  /** GET /v3/user/pending-invites */
  pendingInvites: () => [...onboardingKeys.all, 'pending-invites'] as const,
};
