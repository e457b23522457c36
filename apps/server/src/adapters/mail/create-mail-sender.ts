import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { MailSender } from './mail-port';
import { createOutboxMailSender } from './outbox-mail-sender';
import { createSmtpMailSender } from './smtp-mail-sender';

export function createMailSender(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Database,
): MailSender {
  return config.smtpUrl
    ? createSmtpMailSender({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailSender(db);
}
