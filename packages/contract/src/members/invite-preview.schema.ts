import { z } from 'zod';

/**
 * GET /v3/invites/{inviteId}: what the sign-up page shows for an invitation link (decision 009: the
 * invitation id in the link is the capability). Only what the page needs: the team, who invited
 * and the invited e-mail (prefilled and locked). Unknown, expired and used invitations are one 404.
 */
export const invitePreviewSchema = z.object({
  inviteId: z.string(),
  workspaceName: z.string(),
  /** The inviter's display name (first and last name); null when they have left or have none. */
  inviterName: z.string().nullable(),
  email: z.string(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;
