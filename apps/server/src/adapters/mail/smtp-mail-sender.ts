import nodemailer from 'nodemailer';
import type { MailMessage, MailSender } from './mail-port';

/** SMTP through nodemailer (SMTP_URL: smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailSender(options: { smtpUrl: string; from: string }): MailSender {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== undefined && { html: message.html }),
      });
    },
    async close() {
      transport.close();
    },
  };
}
