import { and, asc, eq } from 'drizzle-orm';
import type { UserMetadata } from '@herald/contract/users/user.schema';
import type { Database } from '../../db/database';
import { progressRecord, userProfile } from '../../db/schema';

export type UserProfileRow = typeof userProfile.$inferSelect;
export type ProgressRecordRow = typeof progressRecord.$inferSelect;

export async function findProfile(
  db: Database,
  customerId: string,
): Promise<UserProfileRow | undefined> {
  const [row] = await db.select().from(userProfile).where(eq(userProfile.customerId, customerId));
  return row;
}

/** Inserts the profile; undefined when one already exists for the customer. */
export async function insertProfile(
  db: Database,
  values: {
    customerId: string;
    firstName: string;
    lastName: string;
    company: string | null;
    provider: string;
    metadata: UserMetadata;
    emailConsent: boolean | null;
    now: Date;
  },
): Promise<UserProfileRow | undefined> {
  const { now, ...fields } = values;
  const [row] = await db
    .insert(userProfile)
    .values({ ...fields, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateProfile(
  db: Database,
  customerId: string,
  changes: Partial<
    Pick<UserProfileRow, 'firstName' | 'lastName' | 'company' | 'setupComplete' | 'metadata'>
  >,
  now: Date,
): Promise<UserProfileRow | undefined> {
  const [row] = await db
    .update(userProfile)
    .set({ ...changes, updatedAt: now })
    .where(eq(userProfile.customerId, customerId))
    .returning();
  return row;
}

/** Deletes the profile and (on delete cascade) its progress records. */
export async function deleteProfile(db: Database, customerId: string): Promise<void> {
  await db.delete(userProfile).where(eq(userProfile.customerId, customerId));
}

export function listProgressRecords(
  db: Database,
  customerId: string,
): Promise<ProgressRecordRow[]> {
  return db
    .select()
    .from(progressRecord)
    .where(eq(progressRecord.customerId, customerId))
    .orderBy(asc(progressRecord.stageName));
}

export async function upsertProgressRecord(
  db: Database,
  values: Pick<ProgressRecordRow, 'customerId' | 'stageName' | 'status' | 'step' | 'updatedAt'>,
): Promise<ProgressRecordRow> {
  const [row] = await db
    .insert(progressRecord)
    .values(values)
    .onConflictDoUpdate({
      target: [progressRecord.customerId, progressRecord.stageName],
      set: { status: values.status, step: values.step, updatedAt: values.updatedAt },
    })
    .returning();
  if (!row) throw new Error('progress_record upsert returned no row');
  return row;
}

export async function deleteProgressRecord(
  db: Database,
  customerId: string,
  stageName: string,
): Promise<void> {
  await db
    .delete(progressRecord)
    .where(and(eq(progressRecord.customerId, customerId), eq(progressRecord.stageName, stageName)));
}
