import type { MailMessage } from '../../adapters/mail/mail-port';

/** The invitation e-mail: plain text, who invited, the role and one link. The link holds no secret. */
export function inviteMailSubject(workspaceName: string): string {
  return `You are invited to join ${workspaceName} on Herald Cloud`;
}

/**
 * Newcomers sign up with the invitation (`/signup?invite=`); people with an account consider it in onboarding.
 * Either way only the invited e-mail, once verified, can accept it (docs/decisions/009).
 */
export function inviteLink(publicUrl: string, inviteId: string, existingUser: boolean): string {
  return existingUser
    ? `${publicUrl}/onboarding/consider-invite`
    : `${publicUrl}/signup?invite=${encodeURIComponent(inviteId)}`;
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
