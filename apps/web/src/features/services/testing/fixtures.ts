import type { Metadata, Tier } from '@herald/contract/metadata/metadata.schema';
import type { Service } from '@herald/contract/services/service.schema';
import { buildService as buildBaseService } from '../../../testing/factories';

/**
 * A running service of ws-1 as the services list and the create flow see it: a pre-release
 * version with an upgrade available; override what a test is about.
 */
export function buildService(overrides: Partial<Service> = {}): Service {
  const serviceName = overrides.serviceName ?? 'brave-otter';
  const region = overrides.region ?? 'eu-west-1.aws';
  return buildBaseService({
    serviceName,
    region,
    upgradeAvailable: true,
    heraldVersion: '6.11.2-rc1',
    interestedAlerts: { topicsCapacity: false, remoteServer: false },
    hostname: `${serviceName}.${region}`,
    // As the server builds them under SERVICE_DOMAIN=localhost (apps/server service.mapper.ts).
    endpoints: {
      websocketUrl: `ws://${serviceName}.${region}.localhost:3000/mqtt`,
      mqttHost: 'localhost',
      mqttPort: null,
    },
    ...overrides,
  });
}

function tier(billingPlan: string, displayName: string, perNode: number, memory: string): Tier {
  return {
    billingPlan,
    displayName,
    pricing: { perNode },
    nodeSpec: { memory },
    ha: { clusterSize: perNode === 0 ? 1 : 3 },
  };
}

/** The catalogue of the end-to-end tests, listed out of price order on purpose. */
export function buildMetadata(overrides: Partial<Metadata> = {}): Metadata {
  return {
    tiers: [
      tier('medium', 'Medium', 10_000, '4Gi'),
      tier('free', 'Free', 0, '512Mi'),
      tier('large', 'Large', 40_000, '16Gi'),
      tier('xsmall', 'XSmall', 1_000, '1Gi'),
      tier('small', 'Small', 2_500, '2Gi'),
    ],
    heraldVersions: [{ tag: '6.10' }, { tag: '6.11.2-rc1' }, { tag: '6.11' }],
    adapterVersions: [],
    latestHeraldVersion: '6.11',
    regions: ['eu-west-1.aws', 'us-east-1.aws'],
    ...overrides,
  };
}
