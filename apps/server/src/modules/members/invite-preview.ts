import type { InvitePreview } from '@herald/contract/members/invite-preview.schema';
import type { InvitePreviewRow } from './invite-preview.repository';

/** One answer for an unknown, expired or used invitation link, so the link reveals nothing more. */
export const INVITE_UNUSABLE_MESSAGE =
  'This invitation link is not valid any more. Ask the organisation to send it again.';

/** The inviter's display name: first and last name as they entered them; null without a profile. */
export function inviterDisplayName(
  row: Pick<InvitePreviewRow, 'inviterFirstName' | 'inviterLastName'>,
) {
  const name = [row.inviterFirstName, row.inviterLastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? null : name;
}

export function toInvitePreview(row: InvitePreviewRow): InvitePreview {
  return {
    inviteId: row.id,
    workspaceName: row.workspaceName,
    inviterName: inviterDisplayName(row),
    email: row.email,
  };
}
