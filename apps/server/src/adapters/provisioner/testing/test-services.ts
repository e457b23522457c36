import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { service, workspace } from '../../../db/schema';
import {
  createSecretBox,
  generateClientId,
  generateClientSecret,
} from '../../../modules/service-api/client-secret';

export type ServiceRow = typeof service.$inferSelect;

const secretBox = createSecretBox('provisioner-test-secret-0123456789abcdef');

/** A workspace and a service row inserted directly (the /v3 routes are tested on their own). */
export async function insertTestService(
  db: Database,
  values: Partial<typeof service.$inferInsert> = {},
): Promise<ServiceRow> {
  const workspaceId = `ws-${randomBytes(5).toString('hex')}`;
  await db.insert(workspace).values({ id: workspaceId, name: 'Provisioner tests' });
  const [row] = await db
    .insert(service)
    .values({
      id: randomUUID(),
      workspaceId,
      serviceName: `svc-${randomBytes(4).toString('hex')}`,
      region: 'eu-west-1.local',
      billingPlan: 'free',
      provisioningPlan: 'free',
      heraldVersion: '6.10',
      clientId: generateClientId(),
      clientSecretEncrypted: secretBox.encrypt(generateClientSecret()),
      ...values,
    })
    .returning();
  if (!row) throw new Error('service row not inserted');
  return row;
}

export async function readService(db: Database, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(service).where(eq(service.id, id));
  return row;
}

/** Polls the row until `predicate` holds (or fails after `timeoutMs`). */
export async function waitForService(
  db: Database,
  id: string,
  predicate: (row: ServiceRow | undefined) => boolean,
  timeoutMs = 15_000,
): Promise<ServiceRow | undefined> {
  const deadline = Date.now() + timeoutMs;
  let row = await readService(db, id);
  while (!predicate(row)) {
    if (Date.now() > deadline) {
      throw new Error(`service ${id} did not reach the expected state: ${JSON.stringify(row)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    row = await readService(db, id);
  }
  return row;
}

export const isRunning = (row: ServiceRow | undefined) => row?.status === 'RUNNING';
