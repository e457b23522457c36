import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './database';
import { instanceInfo } from './schema';

/** Creates the installation's id on first start; later starts keep it. Returns the id. */
export async function ensureInstanceId(db: Database): Promise<string> {
  await db.insert(instanceInfo).values({ instanceId: randomUUID() }).onConflictDoNothing();
  return getInstanceId(db);
}

export async function getInstanceId(db: Database): Promise<string> {
  const [row] = await db
    .select({ instanceId: instanceInfo.instanceId })
    .from(instanceInfo)
    .where(eq(instanceInfo.id, 'singleton'));
  if (!row)
    throw new Error('instance_info has no row: the database was not initialised by createDatabase');
  return row.instanceId;
}
