import { trialMail } from '@herald/contract/billing/free-trial-mail';
import type { TrialMailInput, TrialMailKind } from '@herald/contract/billing/free-trial-mail';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { ServiceRow } from '../service/service.repository';
import {
  billingContactsOf,
  claimNotice,
  listUnsentNotices,
  markNoticeSent,
} from './trial.repository';
import type { TrialNoticeRow } from './trial.repository';

/** A claim older than this without being marked sent was interrupted (a crash, a mail failure): sent again. */
export const UNSENT_NOTICE_RETRY_MS = 5 * 60 * 1000;

/**
 * Composes a trial e-mail and claims its key (in the caller's transaction when given one). Returns the notice to
 * deliver after the commit, or null when another tick or control plane already claimed it.
 */
export async function claimTrialMail(
  app: FastifyInstance,
  db: Database,
  row: ServiceRow,
  kind: TrialMailKind,
  noticeKey: string,
  at: Date,
  overrides: Partial<Pick<ServiceRow, 'removalDueAt' | 'suspensionReason'>> & {
    /** What only some e-mails say (the adapters an 'adapter-limit' e-mail names). */
    mail?: Pick<TrialMailInput, 'adapterLabels' | 'restAdapterStopped' | 'adapterMessagesUsed'>;
  } = {},
): Promise<Pick<
  TrialNoticeRow,
  'serviceId' | 'workspaceId' | 'noticeKey' | 'subject' | 'body'
> | null> {
  const contacts = await billingContactsOf(db, row.workspaceId);
  const workspaceName = contacts[0]?.workspaceName ?? row.workspaceId;
  const removalDueAt = overrides.removalDueAt ?? row.removalDueAt;
  const reason = overrides.suspensionReason ?? row.suspensionReason;
  const mail = trialMail(kind, {
    serviceName: row.serviceName,
    workspaceName,
    endsAt: row.trialEndsAt?.getTime() ?? at.getTime(),
    messagesUsed: row.trialMessagesUsed,
    removalDueAt: removalDueAt?.getTime() ?? null,
    suspensionReason: reason === 'LIMIT_EXHAUSTED' ? 'LIMIT_EXHAUSTED' : 'TRIAL_END',
    billingUrl: new URL(`/workspace/${row.workspaceId}/billing`, app.config.publicUrl).toString(),
    ...overrides.mail,
  });
  const notice = {
    serviceId: row.id,
    workspaceId: row.workspaceId,
    noticeKey,
    subject: mail.subject,
    body: mail.text,
  };
  const claimed = await claimNotice(db, { ...notice, kind, at });
  return claimed ? notice : null;
}

/**
 * Sends a claimed notice to the workspace's Owners and Admins and marks it sent. A failure leaves it unsent, to be
 * retried by a later tick (so a crash between sending and marking can repeat one e-mail; nothing is lost).
 */
export async function deliverNotice(
  app: FastifyInstance,
  notice: Pick<TrialNoticeRow, 'serviceId' | 'workspaceId' | 'noticeKey' | 'subject' | 'body'>,
): Promise<void> {
  const contacts = await billingContactsOf(app.db, notice.workspaceId);
  for (const contact of contacts) {
    await app.mailer.send({ to: contact.email, subject: notice.subject, text: notice.body });
  }
  await markNoticeSent(app.db, notice.serviceId, notice.noticeKey, app.clock());
}

/** Sends again what an earlier tick claimed but did not finish sending. */
export async function retryUnsentNotices(app: FastifyInstance, now: Date): Promise<void> {
  const unsent = await listUnsentNotices(app.db, new Date(now.getTime() - UNSENT_NOTICE_RETRY_MS));
  for (const notice of unsent) {
    try {
      await deliverNotice(app, notice);
    } catch (error) {
      app.log.warn(
        { err: error, serviceId: notice.serviceId, notice: notice.noticeKey },
        'Trial e-mail failed',
      );
    }
  }
}
