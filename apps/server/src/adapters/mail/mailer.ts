import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailSender } from './mail-port';

/**
 * The app's mail service over a sender. `sendInBackground` is for mail whose delivery time must not show in the
 * reply (password reset and "someone tried to sign up": the answer must take as long whether or not the account
 * exists). Failures are logged without the body, which holds tokens. `idle()` waits for mail in flight (tests,
 * shutdown).
 */
export interface Mailer {
  readonly kind: MailSender['kind'];
  send(message: MailMessage): Promise<void>;
  sendInBackground(message: MailMessage): void;
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(sender: MailSender, logger: FastifyBaseLogger): Mailer {
  const inFlight = new Set<Promise<void>>();
  const logFailure = (error: unknown, message: MailMessage) =>
    logger.error({ err: error, subject: message.subject }, 'Sending an e-mail failed');
  return {
    kind: sender.kind,
    send: (message) => sender.send(message),
    sendInBackground(message) {
      const delivery = sender
        .send(message)
        .catch((error: unknown) => logFailure(error, message))
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      await this.idle();
      await sender.close();
    },
  };
}
