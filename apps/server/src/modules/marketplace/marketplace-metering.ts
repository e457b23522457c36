import {
  MARKETPLACE_METERING_DIMENSION,
  MARKETPLACE_METERING_MAX_AGE_HOURS,
  hoursDue,
  meteringQuantity,
} from '@herald/contract/marketplace/marketplace-metering';
import {
  isMarketplaceSubscriptionStatus,
  marketplaceMeteringAllowed,
} from '@herald/contract/marketplace/marketplace-status';
import type { FastifyInstance } from 'fastify';
import type { UsageRecordResult } from '../../adapters/marketplace/marketplace-port';
import {
  insertUsageReport,
  lastReportedHour,
  listMarketplaceCustomers,
  listPendingReports,
  listServiceIdsOfWorkspace,
  settleReport,
} from './marketplace.repository';
import type { UsageReportRow } from './marketplace.repository';

const HOUR_SECONDS = 3600;

/** The billed messages of every service of the workspace in the hour starting at `hourStart`. */
async function billedMessagesInHour(
  app: FastifyInstance,
  workspaceId: string,
  hourStart: Date,
): Promise<number> {
  const from = hourStart.getTime() / 1000;
  let total = 0;
  for (const row of await listServiceIdsOfWorkspace(app.db, workspaceId)) {
    const answer = await app.metricsStore.answer({
      serviceId: row.id,
      serviceName: row.serviceName,
      metric: 'billed_messages_total',
      queryType: 'sum',
      from,
      to: from + HOUR_SECONDS,
      step: HOUR_SECONDS,
    });
    if (typeof answer === 'number') total += answer;
  }
  return total;
}

/**
 * Step 1: freezes every due hour of every marketplace organisation as a report (pending to send; refused, unsent,
 * while the subscription is expired). The unique (customer, hour, dimension) key makes a repeated run a no-op.
 */
async function reportDueHours(app: FastifyInstance, now: Date): Promise<number> {
  let reported = 0;
  for (const customer of await listMarketplaceCustomers(app.db)) {
    const last = await lastReportedHour(
      app.db,
      customer.customerIdentifier,
      MARKETPLACE_METERING_DIMENSION,
    );
    const hours = hoursDue({ since: customer.connectedAt, lastMetered: last, now });
    const allowed =
      isMarketplaceSubscriptionStatus(customer.status) &&
      marketplaceMeteringAllowed(customer.status);
    for (const hourStart of hours) {
      const messages = await billedMessagesInHour(app, customer.workspaceId, hourStart);
      await insertUsageReport(app.db, {
        workspaceId: customer.workspaceId,
        customerIdentifier: customer.customerIdentifier,
        dimension: MARKETPLACE_METERING_DIMENSION,
        hourStart,
        quantity: meteringQuantity(messages),
        state: allowed ? 'pending' : 'refused',
        now,
      });
      reported += 1;
    }
  }
  return reported;
}

function stateOf(result: UsageRecordResult): 'pending' | 'sent' | 'refused' {
  switch (result.status) {
    case 'Success':
    case 'DuplicateRecord':
      return 'sent';
    case 'CustomerNotSubscribed':
      return 'refused';
    case 'Unprocessed':
      return 'pending';
  }
}

/**
 * Step 2: sends the pending reports and stores each answer in one transaction per call. A crash after the
 * marketplace recorded a call but before its answer was stored leaves the reports pending; the next run sends the
 * same records, which the marketplace answers DuplicateRecord: each hour is billed once.
 */
async function sendPending(
  app: FastifyInstance,
  now: Date,
): Promise<{ sent: number; pending: number }> {
  const pending = await listPendingReports(app.db);
  const oldest = now.getTime() - MARKETPLACE_METERING_MAX_AGE_HOURS * HOUR_SECONDS * 1000;
  const tooOld = pending.filter((report) => report.hourStart.getTime() < oldest);
  const sendable = pending.filter((report) => report.hourStart.getTime() >= oldest);
  if (tooOld.length > 0) {
    app.log.error(
      { reports: tooOld.map((report) => report.id) },
      'marketplace: usage hours too old for the marketplace were not metered',
    );
    await app.db.transaction(async (tx) => {
      for (const report of tooOld) {
        await settleReport(tx, report.id, {
          state: 'refused',
          resultStatus: 'TimestampOutOfBounds',
          meteringRecordId: null,
          now,
        });
      }
    });
  }
  if (sendable.length === 0) return { sent: 0, pending: 0 };
  const byKey = new Map<string, UsageReportRow>(
    sendable.map((report) => [
      `${report.customerIdentifier}|${report.dimension}|${report.hourStart.getTime()}`,
      report,
    ]),
  );
  const results = await app.marketplace.meterUsage(
    sendable.map((report) => ({
      customerIdentifier: report.customerIdentifier,
      dimension: report.dimension,
      quantity: report.quantity,
      timestamp: report.hourStart,
    })),
  );
  let sent = 0;
  let stillPending = 0;
  await app.db.transaction(async (tx) => {
    for (const result of results) {
      const { record } = result;
      const report = byKey.get(
        `${record.customerIdentifier}|${record.dimension}|${record.timestamp.getTime()}`,
      );
      if (!report) continue;
      const state = stateOf(result);
      if (state === 'sent') sent += 1;
      if (state === 'pending') stillPending += 1;
      await settleReport(tx, report.id, {
        state,
        resultStatus: result.status,
        meteringRecordId: result.meteringRecordId,
        now,
      });
    }
  });
  return { sent, pending: stillPending };
}

export interface MeteringRunResult {
  reported: number;
  sent: number;
  pending: number;
}

/** One metering run: report the due hours, then send everything pending. Safe to run at any time, any number of times. */
export async function runMarketplaceMetering(app: FastifyInstance): Promise<MeteringRunResult> {
  const now = app.clock();
  const reported = await reportDueHours(app, now);
  const { sent, pending } = await sendPending(app, now);
  return { reported, sent, pending };
}
