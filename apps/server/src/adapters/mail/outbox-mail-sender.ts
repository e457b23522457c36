import type { Database } from '../../db/database';
import type { MailMessage, MailSender } from './mail-port';
import { insertOutboxMail } from './outbox.repository';

/** The embedded default: mail is stored in `mail_outbox` and shown to the operator at GET /_dev/mail. */
export function createOutboxMailSender(db: Database): MailSender {
  return {
    kind: 'outbox',
    send: (message: MailMessage) => insertOutboxMail(db, message),
    async close() {},
  };
}
