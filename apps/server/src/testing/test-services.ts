import type { FastifyInstance } from 'fastify';
import type { Provisioner, RuntimeEndpoint } from '../adapters/provisioner/provisioner';
import { service } from '../db/schema';
import { generateClientId, generateClientSecret } from '../modules/service-api/client-secret';
import { insertService, newServiceId } from '../modules/service/service.repository';
import type { NewServiceRow, ServiceRow } from '../modules/service/service.repository';

export interface TestService {
  row: ServiceRow;
  /** The client secret in clear (the row holds it encrypted). */
  clientSecret: string;
}

let counter = 0;

/** A unique valid service name for a test row. */
export function uniqueServiceName(prefix = 'svc'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

/**
 * A service row written directly (no API, no runtime): suspended by default, so a reconcile has nothing to start.
 * Pass `desiredState: 'running'` and a status for a service that looks up.
 */
export async function insertTestService(
  app: FastifyInstance,
  workspaceId: string,
  overrides: Partial<NewServiceRow> = {},
): Promise<TestService> {
  const clientSecret = generateClientSecret();
  const row = await insertService(app.db, {
    id: newServiceId(),
    workspaceId,
    serviceName: uniqueServiceName(),
    region: 'eu-west-1.local',
    billingPlan: 'free',
    provisioningPlan: 'free',
    heraldVersion: '6.9',
    status: 'SUSPENDED',
    desiredState: 'suspended',
    clientId: generateClientId(),
    clientSecretEncrypted: app.secretBox.encrypt(clientSecret),
    ...overrides,
  });
  return { row, clientSecret };
}

/** Many rows in one multi-row insert (benchmarks, list tests): suspended, so no runtime starts. */
export async function insertManyTestServices(
  app: FastifyInstance,
  workspaceId: string,
  count: number,
): Promise<void> {
  const sealed = app.secretBox.encrypt(generateClientSecret());
  const rows: NewServiceRow[] = Array.from({ length: count }, (_, index) => ({
    id: newServiceId(),
    workspaceId,
    serviceName: uniqueServiceName(`bulk${index}`),
    region: 'eu-west-1.local',
    billingPlan: 'free',
    provisioningPlan: 'free',
    heraldVersion: '6.9',
    status: index % 3 === 0 ? 'RUNNING' : 'SUSPENDED',
    desiredState: 'suspended',
    clientId: generateClientId(),
    clientSecretEncrypted: sealed,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await app.db.insert(service).values(rows.slice(start, start + 500));
  }
}

/**
 * Replaces the app's provisioner actions with recorders, so API calls that reconcile start no runtime. Returns the
 * reconciled ids and a setter for the endpoint `endpointOf` answers.
 */
export function stubProvisioner(app: FastifyInstance): {
  reconciled: string[];
  setEndpoint(endpoint: RuntimeEndpoint | null): void;
} {
  const reconciled: string[] = [];
  let endpoint: RuntimeEndpoint | null = null;
  const provisioner = app.provisioner as Provisioner;
  provisioner.reconcile = (serviceId: string) => {
    reconciled.push(serviceId);
  };
  provisioner.endpointOf = () => endpoint;
  return {
    reconciled,
    setEndpoint(value) {
      endpoint = value;
    },
  };
}
