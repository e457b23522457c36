import { and, asc, eq, inArray, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import { isCardExpired } from '@herald/contract/billing/card-expiry';
import { FREE_TRIAL_BILLING_PLAN } from '@herald/contract/constants';
import type { Database } from '../../db/database';
import {
  authUser,
  paymentMethod,
  service,
  trialNotice,
  workspace,
  workspaceMember,
} from '../../db/schema';
import type { ServiceRow } from '../service/service.repository';

/** Live free-trial services (running or suspended by their trial), in the order their trials end. */
export function listTrialServices(db: Database): Promise<ServiceRow[]> {
  return db
    .select()
    .from(service)
    .where(
      and(
        eq(service.billingPlan, FREE_TRIAL_BILLING_PLAN),
        ne(service.desiredState, 'deleted'),
        isNotNull(service.trialEndsAt),
      ),
    )
    .orderBy(asc(service.trialEndsAt), asc(service.id));
}

/**
 * Whether the workspace can pay now (spec section 9 "valid card details"): a card on file that is not expired at
 * `now` (card-expiry.ts), or an operator's payment exemption or manual billing.
 */
export async function canPay(db: Database, workspaceId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({
      exempted: workspace.paymentMethodExempted,
      manuallyBilled: workspace.manuallyBilled,
      expMonth: paymentMethod.expMonth,
      expYear: paymentMethod.expYear,
    })
    .from(workspace)
    .leftJoin(paymentMethod, eq(paymentMethod.workspaceId, workspace.id))
    .where(eq(workspace.id, workspaceId));
  if (!row) return false;
  if (row.exempted || row.manuallyBilled) return true;
  if (row.expMonth === null || row.expYear === null) return false;
  return !isCardExpired({ exp_month: row.expMonth, exp_year: row.expYear }, now);
}

/** Workspaces that carry a closure reason (the scheduler lifts a blocking one once a card is on file). */
export function listClosedWorkspaces(
  db: Database,
): Promise<{ id: string; closureReason: string | null }[]> {
  return db
    .select({ id: workspace.id, closureReason: workspace.closureReason })
    .from(workspace)
    .where(isNotNull(workspace.closureReason));
}

export async function setClosureReason(
  db: Database,
  workspaceId: string,
  closureReason: string | null,
): Promise<void> {
  await db.update(workspace).set({ closureReason }).where(eq(workspace.id, workspaceId));
}

/** Who is told about a trial: the workspace's Owners and Admins, who may manage billing (section 6). */
export async function billingContactsOf(
  db: Database,
  workspaceId: string,
): Promise<{ email: string; workspaceName: string }[]> {
  return db
    .select({ email: authUser.email, workspaceName: workspace.name })
    .from(workspaceMember)
    .innerJoin(authUser, eq(authUser.id, workspaceMember.customerId))
    .innerJoin(workspace, eq(workspace.id, workspaceMember.workspaceId))
    .where(
      and(
        eq(workspaceMember.workspaceId, workspaceId),
        inArray(workspaceMember.role, ['Owner', 'Admin']),
      ),
    )
    .orderBy(asc(authUser.email));
}

export type TrialNoticeRow = typeof trialNotice.$inferSelect;

/**
 * Claims a notice's key: true only for the one caller that inserted it (the unique key is the once-only guard,
 * even with two control planes on one database).
 */
export async function claimNotice(
  db: Database,
  notice: {
    serviceId: string;
    workspaceId: string;
    noticeKey: string;
    kind: string;
    subject: string;
    body: string;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(trialNotice)
    .values({
      serviceId: notice.serviceId,
      workspaceId: notice.workspaceId,
      noticeKey: notice.noticeKey,
      kind: notice.kind,
      subject: notice.subject,
      body: notice.body,
      claimedAt: notice.at,
    })
    .onConflictDoNothing()
    .returning({ key: trialNotice.noticeKey });
  return rows.length > 0;
}

export async function markNoticeSent(
  db: Database,
  serviceId: string,
  noticeKey: string,
  at: Date,
): Promise<void> {
  await db
    .update(trialNotice)
    .set({ sentAt: at })
    .where(and(eq(trialNotice.serviceId, serviceId), eq(trialNotice.noticeKey, noticeKey)));
}

/** Claimed but never marked sent before `claimedBefore` (a crash or a mail failure in between): sent again. */
export function listUnsentNotices(db: Database, claimedBefore: Date): Promise<TrialNoticeRow[]> {
  return db
    .select()
    .from(trialNotice)
    .where(and(isNull(trialNotice.sentAt), lt(trialNotice.claimedAt, claimedBefore)))
    .orderBy(asc(trialNotice.claimedAt));
}

/** The notice keys already claimed for a service (sent or being sent). */
export async function claimedNoticeKeys(db: Database, serviceId: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: trialNotice.noticeKey })
    .from(trialNotice)
    .where(eq(trialNotice.serviceId, serviceId));
  return new Set(rows.map((row) => row.key));
}

export async function findServiceRow(
  db: Database,
  serviceId: string,
): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(service).where(eq(service.id, serviceId));
  return row;
}
