import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { marketplaceSimCustomer, marketplaceSimToken, marketplaceSimUsage } from '../../db/schema';

export type SimCustomerRow = typeof marketplaceSimCustomer.$inferSelect;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as long and as opaque as AWS's (base64url, 256 bits). */
export function newRegistrationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** AWS customer identifiers are 11 to 13 alphanumeric characters; the simulator's start with "sim". */
export function newCustomerIdentifier(): string {
  return `sim${randomBytes(6).toString('hex').slice(0, 10)}`;
}

export function newAwsAccountId(): string {
  const digits = randomBytes(12);
  return Array.from(digits, (byte) => String(byte % 10)).join('');
}

export async function insertSimCustomer(db: Database, row: SimCustomerRow): Promise<void> {
  await db.insert(marketplaceSimCustomer).values(row);
}

export async function findSimCustomer(
  db: Database,
  customerIdentifier: string,
): Promise<SimCustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(marketplaceSimCustomer)
    .where(eq(marketplaceSimCustomer.customerIdentifier, customerIdentifier));
  return row;
}

export async function setSimCustomerStatus(
  db: Database,
  customerIdentifier: string,
  status: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(marketplaceSimCustomer)
    .set({ status, updatedAt: now })
    .where(eq(marketplaceSimCustomer.customerIdentifier, customerIdentifier))
    .returning({ id: marketplaceSimCustomer.customerIdentifier });
  return rows.length > 0;
}

export async function insertSimToken(
  db: Database,
  values: { token: string; customerIdentifier: string; issuedAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(marketplaceSimToken).values({
    tokenHash: hashToken(values.token),
    customerIdentifier: values.customerIdentifier,
    issuedAt: values.issuedAt,
    expiresAt: values.expiresAt,
  });
}

/** The customer of an unexpired token, or undefined. */
export async function findCustomerOfToken(
  db: Database,
  token: string,
  now: Date,
): Promise<SimCustomerRow | undefined> {
  const [row] = await db
    .select({ customer: marketplaceSimCustomer })
    .from(marketplaceSimToken)
    .innerJoin(
      marketplaceSimCustomer,
      eq(marketplaceSimCustomer.customerIdentifier, marketplaceSimToken.customerIdentifier),
    )
    .where(
      and(
        eq(marketplaceSimToken.tokenHash, hashToken(token)),
        gt(marketplaceSimToken.expiresAt, now),
      ),
    );
  return row?.customer;
}

/**
 * Records one hour of usage unless the customer, dimension and hour already have one (the marketplace's
 * deduplication); answers whether it was new and the record's id.
 */
export async function recordSimUsage(
  db: Database,
  values: {
    customerIdentifier: string;
    dimension: string;
    hourStart: Date;
    quantity: number;
    meteringRecordId: string;
    recordedAt: Date;
  },
): Promise<{ isNew: boolean; meteringRecordId: string }> {
  const inserted = await db
    .insert(marketplaceSimUsage)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: marketplaceSimUsage.meteringRecordId });
  if (inserted[0]) return { isNew: true, meteringRecordId: inserted[0].id };
  const [existing] = await db
    .select({ id: marketplaceSimUsage.meteringRecordId })
    .from(marketplaceSimUsage)
    .where(
      and(
        eq(marketplaceSimUsage.customerIdentifier, values.customerIdentifier),
        eq(marketplaceSimUsage.dimension, values.dimension),
        eq(marketplaceSimUsage.hourStart, values.hourStart),
      ),
    );
  return { isNew: false, meteringRecordId: existing?.id ?? '' };
}

export function listSimUsage(db: Database, customerIdentifier: string) {
  return db
    .select()
    .from(marketplaceSimUsage)
    .where(eq(marketplaceSimUsage.customerIdentifier, customerIdentifier))
    .orderBy(marketplaceSimUsage.hourStart);
}
