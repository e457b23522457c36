import type { Service } from '@herald/contract/services/service.schema';

/** A running free-plan service of workspace ws-1; override what a test is about. */
export function buildService(overrides: Partial<Service> = {}): Service {
  return {
    serviceId: 'svc-1',
    label: null,
    serviceName: 'prices',
    region: 'eu-west-1.aws',
    billingPlan: 'free',
    provisioning: null,
    provisioningPlan: null,
    upgradeAvailable: false,
    heraldVersion: '6.9.2',
    workspaceId: 'ws-1',
    principal: '$dashboard',
    active: true,
    status: 'RUNNING',
    suspensionReason: null,
    useConsoleSso: false,
    interestedAlerts: { topicsCapacity: true, remoteServer: false },
    consoleSettings: { hintColor: null },
    noOfNodes: 1,
    sensitiveData: false,
    freeTrial: false,
    billingProvider: null,
    hostname: 'prices.eu-west-1.aws',
    scheduledUpdate: null,
    endpoints: {
      websocketUrl: 'ws://prices.eu-west-1.aws.localhost:3000/mqtt',
      mqttHost: 'localhost',
      mqttPort: 21883,
    },
    ...overrides,
  };
}
