import type { FastifyInstance } from 'fastify';
import type { Actor } from '../workspace/workspace.service';
import { acceptInvite } from './members.service';
import { findInvite } from './members.repository';

/**
 * Whether the sign-up's invitation proves its e-mail (issue 25 item 22, docs/decisions/035): the token is the one
 * mailed with this invitation, the invitation was sent to this same address, and it is still usable (not accepted,
 * declined, revoked or expired). Anything else is no proof, and the sign-up goes on as an ordinary one.
 */
export async function isInvitationProof(
  app: FastifyInstance,
  invite: { id: string; token: string },
  email: string,
): Promise<boolean> {
  const row = await findInvite(app.db, invite.id);
  if (!row || row.email !== email.toLowerCase()) return false;
  if (row.acceptedAt || row.declinedAt || row.revokedAt) return false;
  if (row.expiresAt.getTime() <= app.clock().getTime()) return false;
  return app.inviteTokens.matches(row, invite.token);
}

/**
 * The sign-up from a proven invitation: the e-mail counts as verified and the invitation is accepted, so the
 * newcomer lands in the inviter's organisation with no second verification and no second Accept. An acceptance
 * that loses a race (used meanwhile) leaves a verified account that simply joined nothing; it is logged.
 */
export async function joinFromProvenInvitation(
  app: FastifyInstance,
  inviteId: string,
  user: { id: string; email: string },
  actor: Actor,
): Promise<void> {
  await app.identity.markEmailVerified(user.id);
  try {
    await acceptInvite(
      app.db,
      inviteId,
      { email: user.email, emailVerified: true },
      actor,
      app.clock(),
    );
  } catch (error) {
    app.log.warn({ err: error, inviteId }, 'The invitation of a sign-up could not be accepted');
  }
}
