import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailSender } from './mail-port';

/**
 * The app's mail service over a sender. `sendInBackground` is for mail whose delivery time must not show in the
 * reply ("someone tried to sign up"). `sendAfter` goes further for answers that must take as long whether or not
 * an account exists (password reset): it waits for `ready` (the reply sent) before it even composes the mail, so
 * the account lookup and the token it writes happen after the answer too. Failures are logged without the body,
 * which holds tokens. `idle()` waits for mail in flight (tests, shutdown).
 */
export interface Mailer {
  readonly kind: MailSender['kind'];
  send(message: MailMessage): Promise<void>;
  sendInBackground(message: MailMessage): void;
  sendAfter(
    ready: Promise<unknown>,
    compose: () => Promise<MailMessage | null>,
    logger?: FastifyBaseLogger,
  ): void;
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(sender: MailSender, logger: FastifyBaseLogger): Mailer {
  const inFlight = new Set<Promise<void>>();
  const logFailure = (error: unknown, message: MailMessage, log = logger) =>
    log.error({ err: error, subject: message.subject }, 'Sending an e-mail failed');
  const track = (delivery: Promise<void>) => {
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  };
  return {
    kind: sender.kind,
    send: (message) => sender.send(message),
    sendInBackground(message) {
      track(sender.send(message).catch((error: unknown) => logFailure(error, message)));
    },
    sendAfter(ready, compose, log = logger) {
      track(
        ready.then(compose).then(
          async (message) => {
            if (!message) return;
            await sender.send(message).catch((error: unknown) => logFailure(error, message, log));
          },
          (error: unknown) => log.error({ err: error }, 'Preparing an e-mail failed'),
        ),
      );
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
