/** One e-mail: plain text always (readable everywhere), HTML optionally. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail port (ARCHITECTURE "Ports"): the outbox table by default, SMTP when SMTP_URL is set. */
export interface MailSender {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
