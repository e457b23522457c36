import { ACCOUNT_CLOSURE_REASONS } from '@herald/contract/constants';
import { isUpgradeAvailable } from '@herald/contract/services/plan-display';
import { serviceConnectHost } from '@herald/contract/services/service-address';
import { serviceHostname } from '@herald/contract/services/service-display';
import type {
  Service,
  ServiceEndpoints,
  ServiceStatusResponse,
} from '@herald/contract/services/service.schema';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { SERVICE_STATUSES } from '@herald/contract/services/service-status';
import { DASHBOARD_PRINCIPAL } from '@herald/contract/services/service-token';
import type { Config } from '../../config';
import type { ServiceRow } from './service.repository';

type SuspensionReason = (typeof ACCOUNT_CLOSURE_REASONS)[number];

/** A stored status as the wire reads it (an unknown value reads ERROR). */
export function statusOf(value: string): ServiceStatus {
  return (SERVICE_STATUSES as readonly string[]).includes(value)
    ? (value as ServiceStatus)
    : 'ERROR';
}

function suspensionReasonOf(value: string | null): SuspensionReason | null {
  return value !== null && (ACCOUNT_CLOSURE_REASONS as readonly string[]).includes(value)
    ? (value as SuspensionReason)
    : null;
}

/** What the Service mapping reads of the configuration. */
export type ServiceMappingConfig = Pick<Config, 'serviceDomain' | 'port' | 'publicUrl'>;

/**
 * Where MQTT clients reach a service: MQTT over WebSocket through this server's host routing (wss behind an https
 * PUBLIC_URL, on its public port), MQTT over TCP on the service's own port.
 */
export function serviceEndpoints(
  row: Pick<ServiceRow, 'serviceName' | 'region' | 'mqttPort'>,
  config: ServiceMappingConfig,
): ServiceEndpoints {
  const host = serviceConnectHost(row, config.serviceDomain);
  const publicUrl = new URL(config.publicUrl);
  const secure = publicUrl.protocol === 'https:';
  // An https origin's port is the public one (the default 443 is left out); plain http is this server's port.
  const port = secure ? publicUrl.port : String(config.port);
  return {
    websocketUrl: `${secure ? 'wss' : 'ws'}://${host}${port ? `:${port}` : ''}/mqtt`,
    mqttHost: config.serviceDomain === 'localhost' ? 'localhost' : host,
    mqttPort: row.mqttPort,
  };
}

/** The Service entity (spec section 3, contract `serviceSchema`) from its row: the one mapping. */
export function toService(row: ServiceRow, config: ServiceMappingConfig): Service {
  return {
    serviceId: row.id,
    serviceid: row.id,
    label: row.label,
    serviceName: row.serviceName,
    service_name: row.serviceName,
    servicename: row.serviceName,
    region: row.region,
    billingPlan: row.billingPlan,
    provisioning: null,
    provisioningPlan: row.provisioningPlan,
    upgradeAvailable: isUpgradeAvailable(row.billingPlan),
    heraldVersion: row.heraldVersion,
    workspaceId: row.workspaceId,
    workspace_id: row.workspaceId,
    principal: DASHBOARD_PRINCIPAL,
    active: row.desiredState === 'running',
    status: statusOf(row.status),
    suspensionReason: suspensionReasonOf(row.suspensionReason),
    useConsoleSso: row.useConsoleSso,
    interestedAlerts: row.interestedAlerts,
    consoleSettings: { hintColor: row.hintColor },
    noOfNodes: Math.max(1, row.noOfNodes),
    sensitiveData: row.sensitiveData,
    freeTrial: row.freeTrial,
    billingProvider: null,
    hostname: serviceHostname(row),
    scheduledUpdate:
      row.scheduledVersion !== null && row.scheduledTimestamp !== null
        ? { newHeraldVersion: row.scheduledVersion, scheduledTimestamp: row.scheduledTimestamp }
        : null,
    endpoints: serviceEndpoints(row, config),
    // Free trial (docs/decisions/025): its end and messages while it is one; the removal date once suspended.
    ...(row.freeTrial &&
      row.trialEndsAt !== null && {
        trialEndsAt: row.trialEndsAt.getTime(),
        trialMessagesUsed: row.trialMessagesUsed,
      }),
    ...(row.removalDueAt !== null && { removalDueAt: row.removalDueAt.getTime() }),
  };
}

/** GET /v3/service/{id}/status and the reply of restart and reset-topic-tree. */
export function toServiceStatusResponse(
  row: Pick<ServiceRow, 'id' | 'status' | 'suspensionReason'>,
): ServiceStatusResponse {
  return {
    serviceId: row.id,
    status: statusOf(row.status),
    suspensionReason: suspensionReasonOf(row.suspensionReason),
  };
}
