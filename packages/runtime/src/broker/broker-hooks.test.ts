import type { Client, PublishPacket } from 'aedes';
import { describe, expect, it } from 'vitest';
import { createBrokerHooks } from './broker-hooks';
import { silentLogger } from '../observability/log';
import { createCounters } from '../observability/metrics';
import type { SessionIdentity } from '../policy/session-policy';
import { principalSession, testSecurity } from '../testing/security-source';
import type { DurableState, TopicState } from '../state/durable-state';
import { TopicTree } from '../state/topic-tree';
import { createLoginThrottle } from '../policy/login-throttle';

/** A state whose writes complete only when the test says so. */
function pendingState() {
  const pending: ((error?: Error | null) => void)[] = [];
  const entries: { path: string; topic: TopicState }[] = [];
  const security = testSecurity();
  const state = {
    topics: new Map(),
    tree: new TopicTree(),
    principals: security.principals,
    security: security.security,
    securityModel: security.securityModel,
    get securityVersion() {
      return security.securityVersion;
    },
    commitTopic(path: string, topic: TopicState, done?: (error?: Error | null) => void) {
      entries.push({ path, topic });
      if (done !== undefined) pending.push(done);
    },
  } as unknown as DurableState;
  return { state, pending, entries, security };
}

function setup(roles: string[] = ['ADMINISTRATOR'], capacity = 10) {
  const { state, pending, entries, security } = pendingState();
  const identities = new WeakMap<Client, SessionIdentity>();
  const client = { id: 'c1' } as Client;
  identities.set(client, principalSession(security, 'p', roles));
  const hooks = createBrokerHooks({
    state,
    logger: silentLogger,
    counters: createCounters(),
    identities,
    verifyToken: async () => ({ ok: false, returnCode: 4, reason: 'test' }),
    topicsCapacity: capacity,
    maxMessageBytes: 1024,
    loginThrottle: createLoginThrottle(),
    liveSession: () => undefined,
  });
  return { hooks, client, pending, entries, security };
}

const packet = (qos: 0 | 1, topic = 'a/b'): PublishPacket =>
  ({
    cmd: 'publish',
    topic,
    payload: Buffer.from('v'),
    qos,
    retain: false,
    dup: false,
  }) as PublishPacket;

describe('the authorizePublish hook', () => {
  it('acknowledges a QoS 1 publish only after its record is written', () => {
    const { hooks, client, pending, entries } = setup();
    const calls: unknown[] = [];
    const publish = packet(1);
    hooks.authorizePublish(client, publish, (error) => calls.push(error));
    expect(entries).toHaveLength(1);
    expect(calls).toEqual([]);
    pending[0]?.(null);
    expect(calls).toEqual([null]);
    expect(publish.retain).toBe(true);
  });

  it('passes a write failure on, so no PUBACK is sent', () => {
    const { hooks, client, pending } = setup();
    const calls: unknown[] = [];
    hooks.authorizePublish(client, packet(1), (error) => calls.push(error));
    pending[0]?.(new Error('disk full'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBeInstanceOf(Error);
  });

  it('lets a QoS 0 publish through at once', () => {
    const { hooks, client } = setup();
    const calls: unknown[] = [];
    hooks.authorizePublish(client, packet(0), (error) => calls.push(error));
    expect(calls).toEqual([null]);
  });

  it.each([
    ['a CLIENT', ['CLIENT'], 'a/b', null],
    ['$SYS', ['ADMINISTRATOR'], '$SYS/x', null],
  ])('refuses %s once with an error and writes nothing', (_case, roles, topic) => {
    const { hooks, client, entries } = setup(roles);
    const calls: unknown[] = [];
    hooks.authorizePublish(client, packet(1, topic), (error) => calls.push(error));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBeInstanceOf(Error);
    expect(entries).toEqual([]);
  });

  it('refuses a last will without a client', () => {
    const { hooks } = setup();
    const calls: unknown[] = [];
    hooks.authorizePublish(null, packet(0), (error) => calls.push(error));
    expect(calls).toHaveLength(1);
  });
});

describe('the authorizeSubscribe hook', () => {
  it.each([
    ['$SYS/#', ['CLIENT']],
    ['a/#', ['SOMETHING_ELSE']],
  ])('denies %s to %o with a null subscription (SUBACK 0x80), never an error', (topic, roles) => {
    const { hooks, client } = setup(roles);
    const calls: unknown[][] = [];
    hooks.authorizeSubscribe(client, { topic, qos: 0 }, (...args) => calls.push(args));
    expect(calls).toEqual([[null, null]]);
  });

  it.each(['a/#/b', 'a+', 'a/b#', '', 'a/\u0000'])(
    'refuses the malformed filter %j even to an administrator',
    (topic) => {
      const { hooks, client } = setup(['ADMINISTRATOR']);
      const calls: unknown[][] = [];
      hooks.authorizeSubscribe(client, { topic, qos: 0 }, (...args) => calls.push(args));
      expect(calls).toEqual([[null, null]]);
    },
  );

  it.each(['#', '+/b', 'a/+/c/#', '$SYS/#'])('grants the valid filter %s', (topic) => {
    const { hooks, client } = setup(['ADMINISTRATOR']);
    const calls: unknown[][] = [];
    hooks.authorizeSubscribe(client, { topic, qos: 0 }, (...args) => calls.push(args));
    expect(calls).toEqual([[null, { topic, qos: 0 }]]);
  });
});

describe('the authorizeForward hook', () => {
  it('checks READ with the current rights on every message', () => {
    const { hooks, client, security } = setup(['CLIENT']);
    const message = packet(0, 'a/b') as Parameters<typeof hooks.authorizeForward>[1];
    expect(hooks.authorizeForward(client, message)).toBe(message);
    security.principals.set('p', { name: 'p', assignedRoles: [], passwordHash: 'hash-of-p' });
    security.bump();
    expect(hooks.authorizeForward(client, message)).toBeNull();
  });
});
