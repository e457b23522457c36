import type { MailMessage } from '../../adapters/mail/mail-port';

/** The identity e-mails: plain text, the product name and one link each. Links hold secrets: never log a body. */

const SIGNATURE = '— Herald Cloud';

export const MAIL_SUBJECTS = {
  verification: 'Verify your e-mail for Herald Cloud',
  passwordReset: 'Reset your Herald Cloud password',
  signupAttempt: 'Someone tried to sign up to Herald Cloud with your e-mail',
} as const;

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/v3/auth/verify-email?token=${encodeURIComponent(token)}`;
}

export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function verificationMail(to: string, publicUrl: string, token: string): MailMessage {
  return {
    to,
    subject: MAIL_SUBJECTS.verification,
    text: [
      'Hello,',
      '',
      `Please confirm that ${to} is your e-mail address for Herald Cloud by opening this link:`,
      '',
      verificationLink(publicUrl, token),
      '',
      'The link works once and expires in 24 hours. If it has expired, log in and ask for a new one.',
      'If you did not sign up for Herald Cloud, you can ignore this e-mail.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, publicUrl: string, token: string): MailMessage {
  return {
    to,
    subject: MAIL_SUBJECTS.passwordReset,
    text: [
      'Hello,',
      '',
      'Someone (hopefully you) asked to reset the password of your Herald Cloud account.',
      'To choose a new password, open this link:',
      '',
      passwordResetLink(publicUrl, token),
      '',
      'The link works once and expires in 1 hour. Setting a new password signs you out everywhere.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

export function signupAttemptMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: MAIL_SUBJECTS.signupAttempt,
    text: [
      'Hello,',
      '',
      `Someone tried to create a Herald Cloud account with ${to}, but this e-mail address already has an account.`,
      '',
      `If it was you, log in at ${publicUrl}/`,
      `Forgot your password? Reset it at ${publicUrl}/reset-password`,
      '',
      'If it was not you, you can ignore this e-mail: nothing has changed on your account.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
