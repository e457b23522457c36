import { describe, expect, it } from 'vitest';
import type { FeatureFlag } from '../flags/flags';
import {
  serviceConsoleUrl,
  serviceMenuDisabledReason,
  serviceNavigation,
  upgradePromptAction,
  type ServiceNavItemId,
  type ServiceNavigationInput,
} from './service-navigation';
import { SERVICE_STATUSES } from './service-status';

const allFlags: Partial<Record<FeatureFlag, boolean>> = {
  'dashboard.kafka': true,
  'dashboard.token-page': true,
  'dashboard.console': true,
  'remote.server': true,
  'debug.logs': true,
  'billing.graphs': true,
};

function navOf(overrides: Partial<ServiceNavigationInput> = {}) {
  return serviceNavigation({
    status: 'RUNNING',
    heraldVersion: '6.11.0',
    flags: allFlags,
    ...overrides,
  });
}

function itemOf(id: ServiceNavItemId, overrides: Partial<ServiceNavigationInput> = {}) {
  const found = navOf(overrides)
    .groups.flatMap((group) => group.items)
    .find((item) => item.id === id);
  if (found === undefined) throw new Error(`no item ${id}`);
  return found;
}

describe('serviceNavigation', () => {
  it('lists the groups, labels and paths of spec section 2 in order', () => {
    expect(
      navOf().groups.map((group) => [
        group.label,
        group.items.map((item) => [item.label, item.path]),
      ]),
    ).toEqual([
      [
        'Dashboard',
        [
          ['Overview', ''],
          ['Usage', '/metrics'],
        ],
      ],
      [
        'Integrate',
        [
          ['SDKs & API', '/sdk-api'],
          ['REST APIs', '/rest'],
          ['Kafka', '/kafka'],
        ],
      ],
      [
        'Develop',
        [
          ['Topics', '/topics/'],
          ['Views', '/topic-views'],
        ],
      ],
      [
        'Security',
        [
          ['Auth', '/authentication'],
          ['API Token', '/api-token'],
          ['Roles', '/roles'],
        ],
      ],
      [
        'Admin',
        [
          ['Console', ''],
          ['Settings', '/settings'],
          ['Remote Servers', '/remote-servers'],
          ['Logs', '/logs'],
        ],
      ],
    ]);
  });

  it('makes only the Console external', () => {
    const external = navOf()
      .groups.flatMap((group) => group.items)
      .filter((item) => item.isExternal)
      .map((item) => item.id);
    expect(external).toEqual(['console']);
  });

  it.each(SERVICE_STATUSES.filter((status) => status !== 'RUNNING'))(
    'with status %s enables only Overview, Usage, Settings and Logs',
    (status) => {
      const enabled = navOf({ status })
        .groups.flatMap((group) => group.items)
        .filter((item) => item.enabled)
        .map((item) => item.label);
      expect(enabled).toEqual(['Overview', 'Usage', 'Settings', 'Logs']);
    },
  );

  it.each([undefined, null, 'running'])(
    'with status %j enables only Overview, Usage, Settings and Logs',
    (status) => {
      const enabled = navOf({ status })
        .groups.flatMap((group) => group.items)
        .filter((item) => item.enabled)
        .map((item) => item.id);
      expect(enabled).toEqual(['overview', 'usage', 'settings', 'logs']);
    },
  );

  it.each([
    ['CHECKING', 'Available when the service is running. It is Starting now.'],
    ['POD_INITIALIZING', 'Available when the service is running. It is Starting now.'],
    ['SUSPENDED', 'Available when the service is running. It is Suspended now.'],
    ['ERROR', 'Available when the service is running. It is Error now.'],
    ['UNAVAILABLE', 'Available when the service is running. It is Unavailable now.'],
    ['MOVING', 'Available when the service is running. It is MOVING now.'],
    [null, 'Available when the service is running.'],
  ])('says why an entry waits while the status is %s', (status, reason) => {
    expect(serviceMenuDisabledReason(status)).toBe(reason);
    const items = navOf({ status }).groups.flatMap((group) => group.items);
    for (const item of items) {
      expect(item.disabledReason, item.id).toBe(item.enabled ? null : reason);
    }
  });

  it('gives no reason for an enabled entry', () => {
    for (const item of navOf().groups.flatMap((group) => group.items)) {
      expect(item.disabledReason).toBeNull();
    }
  });

  it('with status RUNNING enables every entry', () => {
    expect(
      navOf()
        .groups.flatMap((group) => group.items)
        .every((item) => item.enabled),
    ).toBe(true);
  });

  it.each([
    ['6.7.9', false],
    ['6.8', true],
    ['6.8.0', true],
    ['6.8.0-rc1', true],
    ['6.10.1', true],
    ['', false],
    [null, false],
    [undefined, false],
  ])('shows REST APIs for version %j: %s', (heraldVersion, expected) => {
    expect(itemOf('rest', { heraldVersion }).visible).toBe(expected);
  });

  it.each([
    ['6.8.9', true, false],
    ['6.9', true, true],
    ['6.9.2', true, true],
    ['6.11.0', true, true],
    ['6.11.0', false, false],
    ['6.9.2', false, false],
    [null, true, false],
  ])('shows Kafka for version %j with dashboard.kafka %s: %s', (heraldVersion, flag, expected) => {
    expect(itemOf('kafka', { heraldVersion, flags: { 'dashboard.kafka': flag } }).visible).toBe(
      expected,
    );
  });

  it.each([
    ['api-token', 'dashboard.token-page'],
    ['console', 'dashboard.console'],
    ['remote-servers', 'remote.server'],
    ['logs', 'debug.logs'],
    ['usage', 'billing.graphs'],
  ] as const)('shows %s only with the flag %s on', (id, flag) => {
    expect(itemOf(id, { flags: { [flag]: true } }).visible).toBe(true);
    expect(itemOf(id, { flags: { [flag]: false } }).visible).toBe(false);
    expect(itemOf(id, { flags: {} }).visible).toBe(false);
  });

  it('always shows the entries without a gate', () => {
    const visible = navOf({ flags: {}, heraldVersion: '6.6' })
      .groups.flatMap((group) => group.items)
      .filter((item) => item.visible)
      .map((item) => item.label);
    expect(visible).toEqual([
      'Overview',
      'SDKs & API',
      'Topics',
      'Views',
      'Auth',
      'Roles',
      'Settings',
    ]);
  });

  it.each([
    [true, ['Owner'], true],
    [true, ['Admin'], true],
    [true, ['User', 'Admin'], true],
    [true, ['User'], false],
    [true, [], false],
    [true, undefined, false],
    [false, ['Owner'], false],
    [undefined, ['Owner'], false],
  ])(
    'with upgradeAvailable %s and roles %j shows the upgrade prompt: %s',
    (upgradeAvailable, roles, expected) => {
      expect(
        navOf({
          ...(upgradeAvailable === undefined ? {} : { upgradeAvailable }),
          ...(roles === undefined ? {} : { roles }),
        }).showUpgradePrompt,
      ).toBe(expected);
    },
  );
});

describe('serviceConsoleUrl', () => {
  it.each([
    [
      'ws://prices.eu-west-1.aws.localhost:3000/mqtt',
      'http://prices.eu-west-1.aws.localhost:3000/',
    ],
    ['wss://prices.example.com/mqtt', 'https://prices.example.com/'],
    ['WS://host', 'http://host/'],
    ['http://host/mqtt', null],
    ['', null],
  ])('opens the console of %j at %j', (websocketUrl, expected) => {
    expect(serviceConsoleUrl(websocketUrl)).toBe(expected);
  });
});

describe('upgradePromptAction', () => {
  it.each([
    ['free', 'unable-to-downgrade'],
    ['aws-free', 'unable-to-downgrade'],
    ['basic', 'checkout'],
    ['aws-business', 'checkout'],
    ['freeTrial', 'checkout'],
  ] as const)('for plan %s is %s', (plan, expected) => {
    expect(upgradePromptAction(plan)).toBe(expected);
  });
});
