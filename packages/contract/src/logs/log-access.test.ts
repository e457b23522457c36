import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../api/define-route';
import { logRoutes } from '../api/routes/logs';
import { canReadLog, LOG_READ_PERMISSION } from './log-access';
import { LOG_KINDS } from './logs.schema';

describe('who may read which log', () => {
  it.each([
    ['Owner', 'service', true],
    ['Admin', 'service', true],
    ['User', 'service', false],
    ['User', 'kafka-adapter', false],
    ['User', 'rest-adapter', false],
    ['User', 'event', true],
    ['Admin', 'event', true],
  ] as const)('a %s reading the %s log: %s', (role, kind, expected) => {
    expect(canReadLog([role], kind)).toBe(expected);
  });

  it('gives a member without a known role only what needs no permission', () => {
    for (const kind of LOG_KINDS) expect(canReadLog([], kind)).toBe(kind === 'event');
  });

  it('asks exactly what the route table enforces', () => {
    const eventRoute: RouteDefinition = logRoutes.getEventLogs;
    expect(eventRoute.permission).toBe(LOG_READ_PERMISSION.event ?? undefined);
    expect(logRoutes.getServiceLogs.permission).toBe(LOG_READ_PERMISSION.service);
    expect(logRoutes.getKafkaAdapterLogs.permission).toBe(LOG_READ_PERMISSION['kafka-adapter']);
    expect(logRoutes.getRestAdapterLogs.permission).toBe(LOG_READ_PERMISSION['rest-adapter']);
    expect(logRoutes.getLogSources.permission).toBe(LOG_READ_PERMISSION['kafka-adapter']);
  });
});
