/**
 * Hourly metering to the marketplace (issue 13 "usage metered to the marketplace hourly"; docs/decisions/026).
 * Pure rules: which hours are due, and how a batch is cut. The server's job applies them.
 */

/** The dimension of the marketplace listing's usage: billed messages (section 7 Usage `billed_messages_total`). */
export const MARKETPLACE_METERING_DIMENSION = 'billed_messages';

/** AWS BatchMeterUsage takes at most 25 usage records per call. */
export const MARKETPLACE_METERING_BATCH_SIZE = 25;

/**
 * AWS accepts a usage record up to 6 hours after its timestamp; an hour older than this is not sent any more (it is
 * recorded as missed, for the operator).
 */
export const MARKETPLACE_METERING_MAX_AGE_HOURS = 6;

/**
 * An hour is metered this long after it ended, so the last scrapes of the hour (every 15 s by default) are stored
 * before its total is read and frozen.
 */
export const MARKETPLACE_METERING_GRACE_SECONDS = 5 * 60;

/** AWS's UsageQuantity is a 32-bit signed integer. */
export const MARKETPLACE_MAX_QUANTITY = 2_147_483_647;

const HOUR_MS = 3_600_000;

/** The start of the hour `at` is in, in UTC. */
export function hourStartOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/**
 * The hours due for metering at `now`, oldest first: every whole hour that ended at least the grace ago, from the
 * hour the subscription was connected (`since`) or the hour after the last one metered, and no older than AWS
 * accepts.
 */
export function hoursDue(input: {
  since: Date;
  lastMetered: Date | null;
  now: Date;
  graceSeconds?: number;
  maxAgeHours?: number;
}): Date[] {
  const grace = (input.graceSeconds ?? MARKETPLACE_METERING_GRACE_SECONDS) * 1000;
  const maxAge = input.maxAgeHours ?? MARKETPLACE_METERING_MAX_AGE_HOURS;
  const nowMs = input.now.getTime();
  // The newest hour whose end is at least `grace` ago.
  const newest = Math.floor((nowMs - grace) / HOUR_MS) * HOUR_MS - HOUR_MS;
  const oldestAccepted = hourStartOf(input.now).getTime() - maxAge * HOUR_MS;
  const first = Math.max(
    input.lastMetered ? input.lastMetered.getTime() + HOUR_MS : hourStartOf(input.since).getTime(),
    oldestAccepted,
  );
  const hours: Date[] = [];
  for (let start = first; start <= newest; start += HOUR_MS) hours.push(new Date(start));
  return hours;
}

/** A metering quantity AWS accepts: a whole number from 0 to 2^31-1 (larger hours are capped and logged). */
export function meteringQuantity(billedMessages: number): number {
  if (!Number.isFinite(billedMessages) || billedMessages <= 0) return 0;
  return Math.min(Math.round(billedMessages), MARKETPLACE_MAX_QUANTITY);
}

/** Cuts records into BatchMeterUsage calls of at most 25. */
export function meteringBatches<T>(
  records: readonly T[],
  size = MARKETPLACE_METERING_BATCH_SIZE,
): T[][] {
  const batches: T[][] = [];
  for (let index = 0; index < records.length; index += size) {
    batches.push(records.slice(index, index + size));
  }
  return batches;
}
