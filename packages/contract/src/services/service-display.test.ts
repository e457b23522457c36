import { describe, expect, it } from 'vitest';
import {
  memoryDisplay,
  isHighAvailability,
  regionDisplay,
  serviceHostname,
  sessionsText,
  versionDisplay,
} from './service-display';

describe('regionDisplay', () => {
  it.each([
    ['eu-west-1.aws', 'EU-WEST-1'],
    ['us-east-2.aws.example.com', 'US-EAST-2'],
    ['local', 'LOCAL'],
    ['eu-west-1', 'EU-WEST-1'],
    ['', ''],
    ['.aws', ''],
  ])('shows region %j as %j', (region, expected) => {
    expect(regionDisplay(region)).toBe(expected);
  });
});

describe('versionDisplay', () => {
  it.each([
    ['6.9.2-rc1', '6.9.2'],
    ['6.10.0-SNAPSHOT-2024', '6.10.0'],
    ['6.11.1', '6.11.1'],
    ['6.8', '6.8'],
    ['', ''],
  ])('shows version %j as %j', (version, expected) => {
    expect(versionDisplay(version)).toBe(expected);
  });
});

describe('serviceHostname', () => {
  it.each([
    ['my-service', 'eu-west-1.aws', 'my-service.eu-west-1.aws'],
    ['sensors', 'local', 'sensors.local'],
  ])('builds the host of service %s in region %s as %s', (serviceName, region, expected) => {
    expect(serviceHostname({ serviceName, region })).toBe(expected);
  });
});

describe('isHighAvailability', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [3, true],
    [null, false],
    [undefined, false],
  ])('says a service with %s nodes is highly available: %s', (noOfNodes, expected) => {
    expect(isHighAvailability({ noOfNodes })).toBe(expected);
  });
});

describe('sessionsText', () => {
  it.each([
    [true, 1234, '1,234'],
    [true, 0, '0'],
    [true, undefined, '…'],
    [true, null, '—'],
    [false, 12, '—'],
    [false, undefined, '—'],
  ])('a service running %s with %j sessions shows %j', (isRunning, sessions, expected) => {
    expect(sessionsText(isRunning, sessions)).toBe(expected);
  });
});

describe('memoryDisplay', () => {
  it.each([
    ['256Mi', '256 MB'],
    ['512Mi', '512 MB'],
    ['1Gi', '1 GB'],
    ['16Gi', '16 GB'],
    ['1024Mi', '1 GB'],
    ['1536Mi', '1.5 GB'],
    ['0.5Gi', '512 MB'],
    ['64Ki', '64 KB'],
    ['2Ti', '2 TB'],
    ['2048Gi', '2 TB'],
    ['256M', '256M'],
    ['lots', 'lots'],
  ])('shows %s as %s', (quantity, shown) => {
    expect(memoryDisplay(quantity)).toBe(shown);
  });
});
