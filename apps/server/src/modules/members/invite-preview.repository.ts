import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { userProfile, workspace, workspaceInvite } from '../../db/schema';

export interface InvitePreviewRow {
  id: string;
  email: string;
  workspaceName: string;
  inviterFirstName: string | null;
  inviterLastName: string | null;
}

/**
 * An invitation that can still be accepted (not accepted, declined or revoked, and not expired), with its team's
 * name and the inviter's profile names: all the sign-up page may learn from an invitation link.
 */
export async function findUsableInvitePreview(
  db: Database,
  inviteId: string,
  now: Date,
): Promise<InvitePreviewRow | undefined> {
  const [row] = await db
    .select({
      id: workspaceInvite.id,
      email: workspaceInvite.email,
      workspaceName: workspace.name,
      inviterFirstName: userProfile.firstName,
      inviterLastName: userProfile.lastName,
    })
    .from(workspaceInvite)
    .innerJoin(workspace, eq(workspace.id, workspaceInvite.workspaceId))
    .leftJoin(userProfile, eq(userProfile.customerId, workspaceInvite.invitedBy))
    .where(
      and(
        eq(workspaceInvite.id, inviteId),
        isNull(workspaceInvite.acceptedAt),
        isNull(workspaceInvite.declinedAt),
        isNull(workspaceInvite.revokedAt),
        gt(workspaceInvite.expiresAt, now),
      ),
    );
  return row;
}
