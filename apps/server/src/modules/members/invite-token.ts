import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The secret of an invitation mail's sign-up link (issue 25 item 22, docs/decisions/035). The invitation id is not
 * a secret (the organisation's admins list it, the public preview takes it), so it cannot prove the mailbox; this
 * token can: an HMAC of the id and the invited address under a key derived from AUTH_SECRET, put only in the mail.
 * Nothing is stored: it is computed again to check, it stays the same when the invitation is sent again, and it is
 * worth nothing once the invitation is used, revoked or expired (the invitation's own state is checked).
 */
export interface InviteTokens {
  tokenFor(invite: { id: string; email: string }): string;
  /** Constant-time check of a presented token. */
  matches(invite: { id: string; email: string }, presented: string): boolean;
}

export function createInviteTokens(authSecret: string): InviteTokens {
  const key = Buffer.from(
    hkdfSync('sha256', authSecret, 'herald-invitations', 'invite-link-v1', 32),
  );
  const tokenFor = (invite: { id: string; email: string }) =>
    createHmac('sha256', key)
      .update(`${invite.id}\n${invite.email.toLowerCase()}`)
      .digest('base64url');
  return {
    tokenFor,
    matches(invite, presented) {
      const expected = Buffer.from(tokenFor(invite));
      const given = Buffer.from(presented);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
