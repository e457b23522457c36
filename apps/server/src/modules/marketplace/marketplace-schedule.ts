import type { FastifyInstance } from 'fastify';
import type { MarketplaceSimulator } from '../../adapters/marketplace/simulator-marketplace';
import { applyMarketplaceStatus } from './marketplace.service';
import {
  findCustomerByIdentifier,
  listMarketplaceCustomers,
  markStatusChecked,
} from './marketplace.repository';
import { runMarketplaceMetering } from './marketplace-metering';
import { isMarketplaceSubscriptionStatus } from '@herald/contract/marketplace/marketplace-status';

/** How often the background work looks for due hours and due entitlement checks. */
export const MARKETPLACE_TICK_MS = 5 * 60_000;

/** Each customer's entitlement is read again this often (AWS: the only signal we can receive here). */
export const ENTITLEMENT_CHECK_INTERVAL_MS = 60 * 60_000;

/** The marketplace itself, as the audit trail's actor of a change it made. */
export const MARKETPLACE_ACTOR = { customerId: null, email: 'AWS Marketplace', ipAddress: null };

/**
 * Re-reads the entitlement of each customer not checked within the hour and applies a changed status. With AWS this
 * is how an unsubscription is learnt (SNS notifications cannot reach this server, docs/decisions/026); with the
 * simulator it repairs a change whose in-process hook was cut short by a crash.
 */
export async function recheckEntitlements(app: FastifyInstance): Promise<number> {
  const now = app.clock();
  let changed = 0;
  for (const customer of await listMarketplaceCustomers(app.db)) {
    const checkedAt = customer.statusCheckedAt?.getTime() ?? 0;
    if (now.getTime() - checkedAt < ENTITLEMENT_CHECK_INTERVAL_MS) continue;
    const previous = isMarketplaceSubscriptionStatus(customer.status) ? customer.status : null;
    try {
      const status = await app.marketplace.getEntitlement(
        customer.customerIdentifier,
        customer.productCode,
        previous,
      );
      const result = await applyMarketplaceStatus(
        app,
        customer.workspaceId,
        status,
        MARKETPLACE_ACTOR,
      );
      if (result.changed) changed += 1;
      await markStatusChecked(app.db, customer.workspaceId, now);
    } catch (error) {
      app.log.warn(
        { err: error, workspaceId: customer.workspaceId },
        'marketplace: entitlement check failed; retried on the next run',
      );
    }
  }
  return changed;
}

/** The simulator's status changes reach the organisation at once (its stand-in for AWS's SNS notification). */
export function watchSimulatorStatus(app: FastifyInstance, simulator: MarketplaceSimulator): void {
  simulator.onStatusChange(async (customerIdentifier, status) => {
    const customer = await findCustomerByIdentifier(app.db, customerIdentifier);
    if (!customer) return; // subscribed on the marketplace, not connected to an organisation yet
    await applyMarketplaceStatus(app, customer.workspaceId, status, MARKETPLACE_ACTOR);
    await markStatusChecked(app.db, customer.workspaceId, app.clock());
  });
}

/**
 * Runs the marketplace's background work when the app is ready and every few minutes: entitlement checks, then
 * metering (both resumable: their state is in the database). A failure is logged; the next tick tries again.
 */
export function scheduleMarketplaceWork(app: FastifyInstance): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = (): Promise<void> =>
    (running ??= (async () => {
      await recheckEntitlements(app);
      const result = await runMarketplaceMetering(app);
      if (result.reported > 0 || result.pending > 0)
        app.log.info(result, 'marketplace: metered usage');
    })()
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'marketplace: background work failed'),
      )
      .finally(() => {
        running = undefined;
      }));
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), MARKETPLACE_TICK_MS);
    timer.unref();
    void run();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
