import { describe, expect, it } from 'vitest';
import {
  assertSupportedVersion,
  checkSupportedVersion,
  compareVersions,
  isKafkaMenuAvailable,
  isRestMenuAvailable,
  isSupportedVersion,
  isVersionUpdateAvailable,
  meetsMaximumVersion,
  meetsMinimumVersion,
  parseVersion,
  selectableAdapterVersions,
  type AdapterVersionInput,
} from './versions';

describe('parseVersion', () => {
  it.each([
    ['6.9.2', [6, 9, 2]],
    ['6.10', [6, 10]],
    ['6.9.2-rc1', [6, 9, 2]],
    [' 6.11.0 ', [6, 11, 0]],
    ['7', [7]],
  ])('reads %j as %j', (version, expected) => {
    expect(parseVersion(version)).toEqual(expected);
  });

  it.each(['', 'latest', 'v6.9.2', '6..9', '6.9.', '6.x', '-rc1'])(
    'does not read %j as a version',
    (version) => {
      expect(parseVersion(version)).toBeNull();
    },
  );
});

describe('compareVersions', () => {
  it.each([
    ['6.10.0', '6.9.9', 1],
    ['6.9.9', '6.10.0', -1],
    ['6.9.2', '6.9.2', 0],
    ['6.9', '6.9.0', 0],
    ['6.9.1', '6.9', 1],
    ['6.9.2-rc1', '6.9.2', 0],
    ['6.9.3-rc1', '6.9.2', 1],
    ['7.0.0', '6.11.99', 1],
    ['6.11.0', '6.2.0', 1],
    ['6.x', '6.0', 0],
  ] as const)('compares %s with %s as %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('sorts a list of versions numerically rather than alphabetically', () => {
    const sorted = ['6.10.0', '6.9.2', '6.11.1', '6.9.10', '6.6.0'].sort(compareVersions);
    expect(sorted).toEqual(['6.6.0', '6.9.2', '6.9.10', '6.10.0', '6.11.1']);
  });
});

describe('checkSupportedVersion', () => {
  it.each(['6.6', '6.6.0', '6.7.3', '6.8.0', '6.9.2-rc1', '6.10.3', '6.11', '6.11.0', '6.11.99'])(
    'accepts version %s',
    (version) => {
      expect(checkSupportedVersion(version)).toEqual({ ok: true });
      expect(isSupportedVersion(version)).toBe(true);
      expect(() => assertSupportedVersion(version)).not.toThrow();
    },
  );

  it.each(['6.5.9', '6.5.0', '6.12.0', '6.12', '7.0.0', '5.11.0', '6', '', 'latest', 'v6.9.0'])(
    'rejects version %j with the spec message',
    (version) => {
      const message = `Version ${version} is not supported`;
      expect(checkSupportedVersion(version)).toEqual({ ok: false, message });
      expect(isSupportedVersion(version)).toBe(false);
      expect(() => assertSupportedVersion(version)).toThrow(message);
    },
  );
});

describe('isVersionUpdateAvailable', () => {
  it.each([
    ['6.5.0', [], true, 'the current version starts with 6.5.0'],
    ['6.5.0-rc2', [], true, 'the current version starts with 6.5.0'],
    ['6.5.01', [], true, 'the current version starts with 6.5.0'],
    ['6.9.0', ['6.9.1'], true, 'a newer patch exists'],
    ['6.9.0', ['6.8.0', '6.10.0'], true, 'a newer minor exists among older ones'],
    ['6.9.2', [{ tag: '6.11.0' }], true, 'a newer version exists as a metadata item'],
    ['6.9.2-rc1', ['6.9.3'], true, 'a newer version exists than a pre-release'],
    ['6.9.2', [], false, 'no updateable versions exist'],
    ['6.9.2', ['6.9.2'], false, 'the only updateable version is the current one'],
    ['6.9.2-rc1', ['6.9.2'], false, 'the only newer version differs by its pre-release suffix'],
    ['6.10.0', ['6.9.9', { tag: '6.2.0' }], false, 'all updateable versions are older'],
    ['6.5.1', ['6.5.0'], false, 'the current version is 6.5.1, not 6.5.0, and nothing is newer'],
    ['', ['6.9.0'], false, 'the current version is empty'],
    [null, ['6.9.0'], false, 'the current version is unknown'],
    [undefined, ['6.9.0'], false, 'the current version is unknown'],
  ] as const)(
    'says an update of %j over %j is available: %s, because %s',
    (current, list, expected, _reason) => {
      expect(isVersionUpdateAvailable(current, list)).toBe(expected);
    },
  );
});

describe('menu minimum versions', () => {
  it.each([
    ['6.8', '6.8', true],
    ['6.8.0', '6.8', true],
    ['6.8.5-rc1', '6.8', true],
    ['6.10.0', '6.8', true],
    ['6.7.9', '6.8', false],
    ['6.9.2', '6.9.3', false],
    ['6.9.3', '6.9.3', true],
    ['garbage', '6.8', false],
    ['6.9', 'garbage', false],
    [null, '6.8', false],
    [undefined, '6.8', false],
  ])('says version %j meets minimum %j: %s', (version, min, expected) => {
    expect(meetsMinimumVersion(version, min)).toBe(expected);
  });

  it.each([
    ['6.9.3', '6.9', true],
    ['6.9.0', '6.9.2', true],
    ['6.9.3', '6.9.2', false],
    ['6.10.0', '6.9', false],
    [null, '6.9', false],
  ])('says version %j meets maximum %j: %s', (version, max, expected) => {
    expect(meetsMaximumVersion(version, max)).toBe(expected);
  });

  it.each([
    ['6.7.4', false, false],
    ['6.8.0', true, false],
    ['6.8.9', true, false],
    ['6.9.0', true, true],
    ['6.10.2', true, true],
    ['6.11.0-rc1', true, true],
    [undefined, false, false],
  ])('for version %j shows REST: %s and Kafka: %s', (version, rest, kafka) => {
    expect(isRestMenuAvailable(version)).toBe(rest);
    expect(isKafkaMenuAvailable(version)).toBe(kafka);
  });
});

describe('selectableAdapterVersions', () => {
  const catalogue: AdapterVersionInput[] = [
    {
      tag: '1.0.0',
      type: 'kafka-gateway',
      eol: true,
      minHeraldVersion: '6.6',
      maxHeraldVersion: null,
    },
    {
      tag: '1.1.0',
      type: 'kafka-gateway',
      eol: false,
      minHeraldVersion: '6.9',
      maxHeraldVersion: '6.10',
    },
    {
      tag: '1.2.0',
      type: 'kafka-gateway',
      eol: false,
      minHeraldVersion: '6.10.2',
      maxHeraldVersion: null,
    },
    { tag: '2.0.0', type: 'kafka-gateway', eol: false, minHeraldVersion: '6.11' },
    { tag: '0.9.0', type: 'kafka-gateway', eol: false, maxHeraldVersion: '6.9.1' },
    {
      tag: 'r1.0.0',
      type: 'rest-gateway',
      eol: false,
      minHeraldVersion: '6.8',
      maxHeraldVersion: '',
    },
    { tag: 'r0.1.0', type: 'rest-gateway', eol: false, minHeraldVersion: 'bogus' },
  ];

  it.each([
    ['6.8.0', 'kafka-gateway', ['0.9.0']],
    ['6.9.0', 'kafka-gateway', ['1.1.0', '0.9.0']],
    ['6.9.2', 'kafka-gateway', ['1.1.0']],
    ['6.10.1', 'kafka-gateway', ['1.1.0']],
    ['6.10.2', 'kafka-gateway', ['1.1.0', '1.2.0']],
    ['6.10.9-rc1', 'kafka-gateway', ['1.1.0', '1.2.0']],
    ['6.11.0', 'kafka-gateway', ['1.2.0', '2.0.0']],
    ['6.7.0', 'rest-gateway', []],
    ['6.8.0', 'rest-gateway', ['r1.0.0']],
    ['6.11.4', 'rest-gateway', ['r1.0.0']],
    ['unknown', 'kafka-gateway', []],
  ] as const)('offers a service on %s the %s versions %j', (serviceVersion, type, expected) => {
    expect(
      selectableAdapterVersions(catalogue, serviceVersion, type).map((item) => item.tag),
    ).toEqual(expected);
  });

  it('never offers an end-of-life version', () => {
    const tags = selectableAdapterVersions(catalogue, '6.6.0', 'kafka-gateway').map(
      (item) => item.tag,
    );
    expect(tags).not.toContain('1.0.0');
  });

  it('offers versions without bounds to any service version, even a malformed one', () => {
    const open = [{ tag: '3.0.0', type: 'rest-gateway', eol: null }];
    expect(selectableAdapterVersions(open, 'unknown', 'rest-gateway')).toEqual(open);
  });
});
