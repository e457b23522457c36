import type { MailMessage } from '../../adapters/mail/mail-port';

/** The invitation e-mail: plain text, who invited, the role and one link (a newcomer's holds the mail's token). */
export function inviteMailSubject(workspaceName: string): string {
  return `You are invited to join ${workspaceName} on Herald Cloud`;
}

/**
 * Newcomers sign up with the invitation (`/signup?invite=&token=`): the token (invite-token.ts) is the mail's proof
 * of the address, so that sign-up needs no second verification (docs/decisions/035). People with an account consider
 * it in onboarding. Either way only the invited e-mail, verified, can accept it (docs/decisions/009).
 */
export function inviteLink(
  publicUrl: string,
  invite: { id: string; token: string },
  existingUser: boolean,
): string {
  return existingUser
    ? `${publicUrl}/onboarding/consider-invite`
    : `${publicUrl}/signup?invite=${encodeURIComponent(invite.id)}&token=${encodeURIComponent(invite.token)}`;
}

export function inviteMail(input: {
  to: string;
  workspaceName: string;
  inviter: string | null;
  role: string;
  link: string;
  expiresAt: Date;
}): MailMessage {
  const who = input.inviter ?? 'A member';
  return {
    to: input.to,
    subject: inviteMailSubject(input.workspaceName),
    text: [
      'Hello,',
      '',
      `${who} invited you to join the organisation ${input.workspaceName} on Herald Cloud as ${input.role}.`,
      'To accept or decline the invitation, open this link:',
      '',
      input.link,
      '',
      `The invitation is for ${input.to} only and expires on ${input.expiresAt.toISOString().slice(0, 10)}.`,
      'If you do not know the sender, you can ignore this e-mail.',
      '',
      '— Herald Cloud',
    ].join('\n'),
  };
}
