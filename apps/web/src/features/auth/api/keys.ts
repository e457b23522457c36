/** Query keys of the auth area (CONVENTIONS section 5: keys are factories). */
export const authKeys = {
  all: ['auth'] as const,
  /** Who is signed in: GET /v3/user. */
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  /** The social and SSO connections of the login screen. */
  connections: () => [...authKeys.all, 'connections'] as const,
  /** What an invitation link shows on the sign-up page: GET /v3/invites/{inviteId}. */
  invitePreview: (inviteId: string) => [...authKeys.all, 'invite-preview', inviteId] as const,
};
