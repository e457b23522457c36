import type { FeatureFlag } from '../flags/flags';
import { canSeeUpgradePrompt } from '../members/permissions';
import { parsePlanName } from './plan-display';
import { SERVICE_STATUSES, type ServiceStatus } from './service-status';
import { isServiceMenuEnabled } from './service-status-rules';
import { serviceStatusWords } from './service-status-words';
import { isKafkaMenuAvailable, isRestMenuAvailable } from './versions';

/**
 * The service side navigation of spec section 2 ("Service side navigation"), as a pure model:
 * the UI renders it, tests pin the gating. Labels and paths are wire-stable (end-to-end tests
 * read the labels).
 */

export const SERVICE_NAV_GROUPS = [
  'Dashboard',
  'Integrate',
  'Develop',
  'Security',
  'Admin',
] as const;
export type ServiceNavGroupLabel = (typeof SERVICE_NAV_GROUPS)[number];

export type ServiceNavItemId =
  | 'overview'
  | 'sdk-api'
  | 'rest'
  | 'kafka'
  | 'topics'
  | 'topic-views'
  | 'authentication'
  | 'api-token'
  | 'roles'
  | 'console'
  | 'settings'
  | 'remote-servers'
  | 'logs'
  | 'usage';

export interface ServiceNavItem {
  id: ServiceNavItemId;
  label: string;
  /**
   * The path under `/service/{serviceId}`: '' for the overview, `/settings` etc. The Console is
   * external (it opens the service's own console in a new window) and has the path ''.
   */
  path: string;
  isExternal: boolean;
  /** False: shown but not a link (the service is not RUNNING). */
  enabled: boolean;
  /** Why a disabled entry is disabled, in people's words (its tooltip); null when enabled. */
  disabledReason: string | null;
  /** False: not shown at all (a version or a flag excludes it). */
  visible: boolean;
}

export interface ServiceNavGroup {
  label: ServiceNavGroupLabel;
  items: ServiceNavItem[];
}

export interface ServiceNavigationInput {
  status: string | null | undefined;
  heraldVersion: string | null | undefined;
  /** The feature flags that are on; a missing flag is off. */
  flags: Partial<Record<FeatureFlag, boolean>>;
  /** The user's roles in the service's workspace (for the plan upgrade block). */
  roles?: readonly string[];
  /** service.upgradeAvailable (spec section 4 "Plan display"). */
  upgradeAvailable?: boolean;
}

export interface ServiceNavigation {
  groups: ServiceNavGroup[];
  /** The plan upgrade block: an upgrade is available and the user is Admin or Owner. */
  showUpgradePrompt: boolean;
}

/**
 * Entries that stay enabled whatever the status: the overview, the settings, usage and logs (their history is stored
 * by the control plane, so it exists for a stopped service too; a failed service is when its logs are needed most).
 */
const ALWAYS_ENABLED: readonly ServiceNavItemId[] = ['overview', 'settings', 'usage', 'logs'];

interface ItemSpec {
  id: ServiceNavItemId;
  label: string;
  path: string;
  isExternal?: boolean;
  visible: boolean;
}

/** The side navigation model of a service (spec section 2). */
export function serviceNavigation(input: ServiceNavigationInput): ServiceNavigation {
  const isOn = (flag: FeatureFlag) => input.flags[flag] === true;
  const isRunning = isServiceMenuEnabled(input.status);
  const item = (spec: ItemSpec): ServiceNavItem => {
    const enabled = isRunning || ALWAYS_ENABLED.includes(spec.id);
    return {
      id: spec.id,
      label: spec.label,
      path: spec.path,
      isExternal: spec.isExternal ?? false,
      enabled,
      disabledReason: enabled ? null : serviceMenuDisabledReason(input.status),
      visible: spec.visible,
    };
  };
  const groups: ServiceNavGroup[] = [
    {
      label: 'Dashboard',
      items: [
        item({ id: 'overview', label: 'Overview', path: '', visible: true }),
        item({ id: 'usage', label: 'Usage', path: '/metrics', visible: isOn('billing.graphs') }),
      ],
    },
    {
      label: 'Integrate',
      items: [
        item({ id: 'sdk-api', label: 'SDKs & API', path: '/sdk-api', visible: true }),
        item({
          id: 'rest',
          label: 'REST APIs',
          path: '/rest',
          visible: isRestMenuAvailable(input.heraldVersion),
        }),
        item({
          id: 'kafka',
          label: 'Kafka',
          path: '/kafka',
          visible: isKafkaMenuAvailable(input.heraldVersion) && isOn('dashboard.kafka'),
        }),
      ],
    },
    {
      label: 'Develop',
      items: [
        item({ id: 'topics', label: 'Topics', path: '/topics/', visible: true }),
        item({ id: 'topic-views', label: 'Views', path: '/topic-views', visible: true }),
      ],
    },
    {
      label: 'Security',
      items: [
        item({ id: 'authentication', label: 'Auth', path: '/authentication', visible: true }),
        item({
          id: 'api-token',
          label: 'API Token',
          path: '/api-token',
          visible: isOn('dashboard.token-page'),
        }),
        item({ id: 'roles', label: 'Roles', path: '/roles', visible: true }),
      ],
    },
    {
      label: 'Admin',
      items: [
        item({
          id: 'console',
          label: 'Console',
          path: '',
          isExternal: true,
          visible: isOn('dashboard.console'),
        }),
        item({ id: 'settings', label: 'Settings', path: '/settings', visible: true }),
        item({
          id: 'remote-servers',
          label: 'Remote Servers',
          path: '/remote-servers',
          visible: isOn('remote.server'),
        }),
        item({ id: 'logs', label: 'Logs', path: '/logs', visible: isOn('debug.logs') }),
      ],
    },
  ];
  return {
    groups,
    showUpgradePrompt: input.upgradeAvailable === true && canSeeUpgradePrompt(input.roles ?? []),
  };
}

/**
 * Why an entry waits for RUNNING (issue 10 item 4), with the status in people's words (services/service-status-words.ts):
 * "Available when the service is running. It is Starting now." A status this version does not know is named as
 * sent; no status yet (still loading) says only the first sentence.
 */
export function serviceMenuDisabledReason(status: string | null | undefined): string {
  const first = 'Available when the service is running.';
  if (status === null || status === undefined || status === '') return first;
  const word = (SERVICE_STATUSES as readonly string[]).includes(status)
    ? serviceStatusWords(status as ServiceStatus).label
    : status;
  return `${first} It is ${word} now.`;
}

/**
 * Where the Console entry opens the service's own console: the host of its MQTT-over-WebSocket
 * URL over http (https for wss), e.g. `ws://prices.eu.localhost:3000/mqtt` →
 * `http://prices.eu.localhost:3000/`. Null when the URL cannot be read.
 */
export function serviceConsoleUrl(websocketUrl: string): string | null {
  const match = /^(wss?):\/\/([^/?#]+)/i.exec(websocketUrl.trim());
  if (match === null || match[1] === undefined || match[2] === undefined) return null;
  const scheme = match[1].toLowerCase() === 'wss' ? 'https' : 'http';
  return `${scheme}://${match[2]}/`;
}

/**
 * What 'Upgrade your Plan' does (spec section 2): on the free plan (bare or provider-prefixed)
 * it opens the unable-to-downgrade modal, otherwise it starts checkout.
 */
export function upgradePromptAction(billingPlan: string): 'unable-to-downgrade' | 'checkout' {
  return parsePlanName(billingPlan)?.basePlan === 'free' ? 'unable-to-downgrade' : 'checkout';
}
