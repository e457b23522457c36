import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { analyticsEvent, userConsent } from '../../db/schema';

export type UserConsentRow = typeof userConsent.$inferSelect;

export async function findConsent(
  db: Database,
  customerId: string,
): Promise<UserConsentRow | undefined> {
  const [row] = await db.select().from(userConsent).where(eq(userConsent.customerId, customerId));
  return row;
}

export async function upsertConsent(
  db: Database,
  values: { customerId: string; analytics: boolean; updatedAt: Date },
): Promise<UserConsentRow> {
  const [row] = await db
    .insert(userConsent)
    .values(values)
    .onConflictDoUpdate({
      target: userConsent.customerId,
      set: { analytics: values.analytics, updatedAt: values.updatedAt },
    })
    .returning();
  if (!row) throw new Error('The consent was not saved');
  return row;
}

export async function insertAnalyticsEvent(
  db: Database,
  values: {
    customerId: string;
    name: string;
    properties: Record<string, string | number | boolean>;
    at: Date;
  },
): Promise<void> {
  await db.insert(analyticsEvent).values(values);
}

/** Account deletion: the user's consent and every event recorded for them. */
export async function deleteConsentData(db: Database, customerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(analyticsEvent).where(eq(analyticsEvent.customerId, customerId));
    await tx.delete(userConsent).where(eq(userConsent.customerId, customerId));
  });
}
