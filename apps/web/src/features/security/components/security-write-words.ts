/** Applies at once (issue 11): sessions that lost rights were closed by the runtime; say how many. */
export function disconnectedText(disconnected: number): string | undefined {
  if (disconnected <= 0) return undefined;
  return disconnected === 1
    ? '1 session lost rights and was disconnected.'
    : `${disconnected} sessions lost rights and were disconnected.`;
}

/** The warning every security confirmation carries. */
export const APPLIES_AT_ONCE =
  'The change applies at once: connected clients that lose a right they use are disconnected.';

/** Why a write control is off for a User (spec section 6: configure-service-console). */
export const CANNOT_CHANGE_SECURITY_REASON =
  'Only an Admin or Owner of the workspace can change the security settings.';
