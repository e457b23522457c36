import { and, asc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { marketplaceCustomer, marketplaceUsageReport, service, workspace } from '../../db/schema';
import { newSortableId } from '../../lib/sortable-id';

export type MarketplaceCustomerRow = typeof marketplaceCustomer.$inferSelect;
export type UsageReportRow = typeof marketplaceUsageReport.$inferSelect;

export async function findCustomerByIdentifier(
  db: Database,
  customerIdentifier: string,
): Promise<MarketplaceCustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(marketplaceCustomer)
    .where(eq(marketplaceCustomer.customerIdentifier, customerIdentifier));
  return row;
}

export async function findCustomerOfWorkspace(
  db: Database,
  workspaceId: string,
): Promise<MarketplaceCustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(marketplaceCustomer)
    .where(eq(marketplaceCustomer.workspaceId, workspaceId));
  return row;
}

export async function insertMarketplaceCustomer(
  db: Database,
  values: MarketplaceCustomerRow,
): Promise<void> {
  await db.insert(marketplaceCustomer).values(values);
}

export async function markStatusChecked(
  db: Database,
  workspaceId: string,
  at: Date,
): Promise<void> {
  await db
    .update(marketplaceCustomer)
    .set({ statusCheckedAt: at })
    .where(eq(marketplaceCustomer.workspaceId, workspaceId));
}

/** Makes a workspace a marketplace organisation with a subscription status. */
export async function setWorkspaceMarketplace(
  db: Database,
  workspaceId: string,
  values: { billingProvider: string; status: string },
): Promise<void> {
  await db
    .update(workspace)
    .set({
      billingProvider: values.billingProvider,
      awsMarketplaceSubscriptionStatus: values.status,
    })
    .where(eq(workspace.id, workspaceId));
}

/** The workspace's stored status, read with a row lock (status changes of one workspace run one at a time). */
export async function lockMarketplaceStatus(
  db: Database,
  workspaceId: string,
): Promise<{ status: string | null } | undefined> {
  const [row] = await db
    .select({ status: workspace.awsMarketplaceSubscriptionStatus })
    .from(workspace)
    .where(eq(workspace.id, workspaceId))
    .for('update');
  return row;
}

export async function setMarketplaceStatus(
  db: Database,
  workspaceId: string,
  status: string,
): Promise<void> {
  await db
    .update(workspace)
    .set({ awsMarketplaceSubscriptionStatus: status })
    .where(eq(workspace.id, workspaceId));
}

/** Every marketplace organisation with its customer and status. */
export function listMarketplaceCustomers(db: Database) {
  return db
    .select({
      workspaceId: marketplaceCustomer.workspaceId,
      customerIdentifier: marketplaceCustomer.customerIdentifier,
      productCode: marketplaceCustomer.productCode,
      connectedAt: marketplaceCustomer.connectedAt,
      statusCheckedAt: marketplaceCustomer.statusCheckedAt,
      status: workspace.awsMarketplaceSubscriptionStatus,
    })
    .from(marketplaceCustomer)
    .innerJoin(workspace, eq(workspace.id, marketplaceCustomer.workspaceId))
    .where(isNotNull(workspace.billingProvider))
    .orderBy(asc(marketplaceCustomer.connectedAt));
}

/** Services of a workspace in a desired state (not deleted), for suspension and resumption. */
export function listServicesInState(
  db: Database,
  workspaceId: string,
  desiredState: 'running' | 'suspended',
) {
  return db
    .select()
    .from(service)
    .where(and(eq(service.workspaceId, workspaceId), eq(service.desiredState, desiredState)));
}

/** Every service id of the workspace that existed, deleted ones included: their usage in the hour is billed too. */
export async function listServiceIdsOfWorkspace(
  db: Database,
  workspaceId: string,
): Promise<{ id: string; serviceName: string }[]> {
  return db
    .select({ id: service.id, serviceName: service.serviceName })
    .from(service)
    .where(eq(service.workspaceId, workspaceId));
}

/** The newest hour with a report for the customer and dimension (whatever its state). */
export async function lastReportedHour(
  db: Database,
  customerIdentifier: string,
  dimension: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ hour: max(marketplaceUsageReport.hourStart) })
    .from(marketplaceUsageReport)
    .where(
      and(
        eq(marketplaceUsageReport.customerIdentifier, customerIdentifier),
        eq(marketplaceUsageReport.dimension, dimension),
      ),
    );
  return row?.hour ?? null;
}

/** Freezes an hour's quantity as pending (or missed); an hour already reported is left as it is. */
export async function insertUsageReport(
  db: Database,
  values: {
    workspaceId: string;
    customerIdentifier: string;
    dimension: string;
    hourStart: Date;
    quantity: number;
    state: 'pending' | 'missed' | 'refused';
    now: Date;
  },
): Promise<void> {
  await db
    .insert(marketplaceUsageReport)
    .values({
      id: newSortableId(values.now.getTime()),
      workspaceId: values.workspaceId,
      customerIdentifier: values.customerIdentifier,
      dimension: values.dimension,
      hourStart: values.hourStart,
      quantity: values.quantity,
      state: values.state,
      createdAt: values.now,
      ...(values.state !== 'pending' && { settledAt: values.now }),
    })
    .onConflictDoNothing();
}

export function listPendingReports(db: Database): Promise<UsageReportRow[]> {
  return db
    .select()
    .from(marketplaceUsageReport)
    .where(eq(marketplaceUsageReport.state, 'pending'))
    .orderBy(asc(marketplaceUsageReport.hourStart), asc(marketplaceUsageReport.id));
}

/** Stores the marketplace's answer for one report; only a pending report changes (a settled one is final). */
export async function settleReport(
  db: Database,
  id: string,
  values: {
    state: 'pending' | 'sent' | 'refused';
    resultStatus: string;
    meteringRecordId: string | null;
    now: Date;
  },
): Promise<void> {
  const [current] = await db
    .select({ attempts: marketplaceUsageReport.attempts })
    .from(marketplaceUsageReport)
    .where(and(eq(marketplaceUsageReport.id, id), eq(marketplaceUsageReport.state, 'pending')));
  if (!current) return;
  await db
    .update(marketplaceUsageReport)
    .set({
      state: values.state,
      resultStatus: values.resultStatus,
      meteringRecordId: values.meteringRecordId,
      attempts: current.attempts + 1,
      ...(values.state !== 'pending' && { settledAt: values.now }),
    })
    .where(eq(marketplaceUsageReport.id, id));
}

export function listReportsOf(db: Database, workspaceIds: string[]): Promise<UsageReportRow[]> {
  if (workspaceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(marketplaceUsageReport)
    .where(inArray(marketplaceUsageReport.workspaceId, workspaceIds))
    .orderBy(asc(marketplaceUsageReport.hourStart));
}
