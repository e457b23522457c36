import { describe, expect, it } from 'vitest';
import { serviceNameSchema, serviceSchema } from './service.schema';

describe('a new service name', () => {
  it.each([
    ['ab', 'Service name must be at least 3 characters'],
    ['x'.repeat(41), 'Service name must be at most 40 characters'],
    ['9lives', 'Service name must start with a lower-case letter'],
    ['my_service', 'Service name may contain only lower-case letters, digits and hyphens'],
    ['my-service-', 'Service name must not end with a hyphen'],
  ])('rejects %j: %s', (name, message) => {
    expect(serviceNameSchema.safeParse(name).error?.issues.map((issue) => issue.message)).toContain(
      message,
    );
  });

  it.each(['abc', 'my-service-2', 'prices'])('accepts %j', (name) => {
    expect(serviceNameSchema.safeParse(name).success).toBe(true);
  });
});

describe('the service', () => {
  const service = {
    serviceId: 'svc-1',
    label: null,
    serviceName: 'prices',
    region: 'eu-west-1.aws',
    billingPlan: 'free',
    provisioning: null,
    provisioningPlan: null,
    upgradeAvailable: true,
    heraldVersion: '6.11.0',
    workspaceId: 'ws-1',
    principal: 'dashboard',
    active: true,
    status: 'CHECKING',
    suspensionReason: null,
    useConsoleSso: false,
    interestedAlerts: { topicsCapacity: true, remoteServer: false },
    consoleSettings: { hintColor: null },
    noOfNodes: 1,
    sensitiveData: false,
    freeTrial: false,
    billingProvider: null,
    hostname: 'prices.eu-west-1.aws.localhost',
    scheduledUpdate: null,
    endpoints: {
      websocketUrl: 'ws://prices.eu-west-1.aws.localhost:3000/mqtt',
      mqttHost: 'localhost',
      mqttPort: 21883,
    },
  };

  it('parses with the canonical spellings and with every alias', () => {
    expect(serviceSchema.safeParse(service).success).toBe(true);
    const withAliases = {
      ...service,
      serviceid: 'svc-1',
      service_name: 'prices',
      servicename: 'prices',
      workspace_id: 'ws-1',
    };
    expect(serviceSchema.parse(withAliases)).toMatchObject({
      servicename: 'prices',
      serviceid: 'svc-1',
    });
  });

  it('accepts only the section 4 statuses', () => {
    expect(serviceSchema.safeParse({ ...service, status: 'STARTING' }).success).toBe(false);
  });
});
