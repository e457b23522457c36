import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../observability/log';
import { startRuntime } from '../runtime';
import { PASSWORD, startAclFixture, type AclFixture } from '../testing/acl-fixture';
import {
  closed,
  collectMessages,
  nextMessage,
  rawSubscribe,
  refusalCode,
} from '../testing/mqtt-helpers';
import { createTestKeys, testConfig, testDataDir } from '../testing/test-keys';

/**
 * The ACL battery of issue 11 with mqtt.js over MQTT 3.1.1: each outcome on the wire is compared with what the
 * explainer (GET /admin/security/explain) answers for the same principal and path, so the runtime and the screen
 * that explains it cannot disagree. Roles and principals are set up through the admin API (testing/acl-fixture.ts).
 */
let fx: AclFixture;
const FAILURE = 0x80;

beforeAll(async () => {
  fx = await startAclFixture();
});

afterAll(() => fx.close());

/** Waits until `client` has received a marker published after everything before it (delivery is in order). */
async function drain(client: MqttClient, topic: string): Promise<void> {
  const marker = nextMessage(client, topic);
  const admin = await fx.connect({ username: 'token', password: fx.adminToken });
  await admin.publishAsync(topic, 'marker', { qos: 1 });
  await marker;
  await admin.endAsync();
}

describe('CONNECT', () => {
  it("refuses a principal of another service: principals are each service's own", async () => {
    // Service B has a principal "elsewhere"; service A (the fixture's) does not know it.
    const keys = await createTestKeys();
    const other = await startRuntime(
      testConfig(keys, await testDataDir(), { serviceId: 'svc-other' }),
      { logger: silentLogger },
    );
    try {
      const created = await fetch(`http://127.0.0.1:${other.httpPort}/admin/principals/elsewhere`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${await keys.serviceToken({ serviceId: 'svc-other' })}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ password: PASSWORD, roles: ['CLIENT'] }),
      });
      expect(created.status).toBe(201);
      const credentials = { username: 'elsewhere', password: PASSWORD };
      expect(await refusalCode(`mqtt://127.0.0.1:${other.mqttPort}`, credentials)).toBe(0);
      expect(await refusalCode(fx.tcpUrl, credentials)).toBe(4);
      const explained = await fx.explain('principal:elsewhere', 'a');
      expect(explained.subject.canConnect.allowed).toBe(false);
      // Nor does service B's API token open service A.
      const otherToken = await fx.keys.serviceToken({ serviceId: 'svc-other' });
      expect(await refusalCode(fx.tcpUrl, { username: 'token', password: otherToken })).toBe(5);
    } finally {
      await other.close();
    }
  });

  it('refuses a last will to a topic the session may not publish (CONNACK 5) and takes an allowed one', async () => {
    const will = (topic: string) => ({
      topic,
      payload: Buffer.from('gone'),
      qos: 0 as const,
      retain: false,
    });
    const forbidden = await fx.explain('principal:sensor-7', 'secret/w');
    expect(forbidden.mqtt.canPublish?.allowed).toBe(false);
    expect(
      await refusalCode(fx.tcpUrl, {
        username: 'sensor-7',
        password: PASSWORD,
        will: will('secret/w'),
      }),
    ).toBe(5);
    const allowed = await fx.explain('principal:sensor-7', 'sensors/a');
    expect(allowed.mqtt.canPublish?.allowed).toBe(true);
    expect(
      await refusalCode(fx.tcpUrl, {
        username: 'sensor-7',
        password: PASSWORD,
        will: will('sensors/a'),
      }),
    ).toBe(0);
    // $SYS/ is never writable, not even by an administrator's will.
    expect(
      await refusalCode(fx.tcpUrl, {
        username: 'token',
        password: fx.adminToken,
        will: will('$SYS/x'),
      }),
    ).toBe(5);
  });

  it('refuses a client-id takeover by another principal or kind of session, keeping the live session', async () => {
    const first = await fx.connectAs('sensor-7', { clientId: 'shared-id' });
    expect(
      await refusalCode(fx.tcpUrl, {
        username: 'reader',
        password: PASSWORD,
        clientId: 'shared-id',
      }),
    ).toBe(2);
    expect(
      await refusalCode(fx.tcpUrl, {
        username: 'token',
        password: fx.adminToken,
        clientId: 'shared-id',
      }),
    ).toBe(2);
    // The live session is untouched: it still publishes with an acknowledgement.
    expect(first.connected).toBe(true);
    await first.publishAsync('sensors/still-here', 'yes', { qos: 1 });
    // The same principal takes over its own client id (normal MQTT); the first session goes.
    const gone = closed(first);
    const second = await fx.connectAs('sensor-7', { clientId: 'shared-id' });
    await gone;
    expect(second.connected).toBe(true);
  });
});

describe('SUBSCRIBE', () => {
  it('grants only the allowed filters of one SUBSCRIBE, as the explainer says', async () => {
    const client = await fx.connectAs('sensor-7');
    const filters = ['sensors/#', 'secret/#', '#', '+/#', '$SYS/#', 'sensors/+/t', '+'];
    const codes = await rawSubscribe(client, filters);
    expect(codes).toEqual([0, FAILURE, FAILURE, FAILURE, FAILURE, 0, FAILURE]);
    for (const [index, filter] of filters.entries()) {
      const explained = await fx.explain('principal:sensor-7', filter);
      expect({ filter, granted: explained.mqtt.canSubscribe.allowed }).toEqual({
        filter,
        granted: codes[index] !== FAILURE,
      });
    }
    // A refused filter never closes the connection.
    expect(client.connected).toBe(true);
  });

  it('denies $SYS/# without VIEW_SERVER and grants it with it', async () => {
    const reader = await fx.connectAs('reader');
    expect(await rawSubscribe(reader, ['#', '$SYS/#'])).toEqual([0, FAILURE]);
    expect((await fx.explain('principal:reader', '$SYS/#')).mqtt.canSubscribe.allowed).toBe(false);
    const admin = await fx.connect({ username: 'token', password: fx.adminToken });
    expect(await rawSubscribe(admin, ['$SYS/#'])).toEqual([0]);
    expect((await fx.explain('serviceToken:write', '$SYS/#')).mqtt.canSubscribe.allowed).toBe(true);
  });

  it.each(['a/#/b', 'a/b#', '#/a'])(
    'refuses the malformed filter %j even to an administrator by closing the connection, holding nothing',
    async (filter) => {
      // MQTT 3.1.1 section 4.8: a malformed packet closes the connection (aedes checks `#` before our hook).
      const admin = await fx.connect({ username: 'token', password: fx.adminToken });
      const gone = closed(admin);
      void rawSubscribe(admin, [filter]);
      await gone;
      const sessions = (await fx.api('GET', '/admin/sessions')).body as { clientId: string }[];
      expect(sessions.map((session) => session.clientId)).not.toContain(admin.options.clientId);
    },
  );

  it('refuses the malformed filters aedes lets through with 0x80, granting the valid ones', async () => {
    const admin = await fx.connect({ username: 'token', password: fx.adminToken });
    expect(await rawSubscribe(admin, ['a+', 'a/+b', 'a/\u0000', 'sensors/#'])).toEqual([
      FAILURE,
      FAILURE,
      FAILURE,
      0,
    ]);
    await admin.publishAsync('sensors/after-malformed', 'ok', { qos: 1 });
    expect(admin.connected).toBe(true);
  });
});

describe('delivery', () => {
  it('never hands a wildcard subscriber the retained or live values of topics it may not read', async () => {
    const browser = await fx.connectAs('browser');
    const received = collectMessages(browser);
    // BROWSER may SELECT at the root, so `#` is granted; READ only under sensors/.
    expect(await rawSubscribe(browser, ['#'])).toEqual([0]);
    const admin = await fx.connect({ username: 'token', password: fx.adminToken });
    await admin.publishAsync('secret/live', 'hidden', { qos: 1 });
    await drain(browser, 'sensors/marker-1');
    const topics = received.map((message) => message.topic);
    expect(topics).toContain('sensors/a');
    expect(topics).not.toContain('secret/b');
    expect(topics).not.toContain('secret/live');
    expect(topics).not.toContain('live/x');
    const explained = await fx.explain('principal:browser', '#');
    expect(explained.mqtt.canSubscribe.allowed).toBe(true);
    for (const topic of explained.matchingTopics) {
      expect({ path: topic.path, receives: topics.includes(topic.path) }).toEqual({
        path: topic.path,
        receives: topic.receives.allowed,
      });
    }
  });

  it('refuses a PUBLISH to $SYS/ by closing the connection, even for an administrator', async () => {
    const admin = await fx.connect({ username: 'token', password: fx.adminToken });
    const gone = closed(admin);
    admin.publish('$SYS/herald/server', '{}', { qos: 1 });
    await gone;
    expect(
      (await fx.explain('serviceToken:write', '$SYS/herald/server')).mqtt.canPublish?.allowed,
    ).toBe(false);
  });

  it('refuses a PUBLISH outside the role and lets one inside through, as the explainer says', async () => {
    const sensor = await fx.connectAs('sensor-7');
    await sensor.publishAsync('sensors/new', 'v', { qos: 1 });
    expect((await fx.explain('principal:sensor-7', 'sensors/new')).mqtt.canPublish?.allowed).toBe(
      true,
    );
    expect((await fx.explain('principal:sensor-7', 'secret/b')).mqtt.canPublish?.allowed).toBe(
      false,
    );
    const gone = closed(sensor);
    sensor.publish('secret/b', 'overwrite', { qos: 1 });
    await gone;
    const value = await fx.api('GET', '/admin/topics/secret/b');
    expect(JSON.stringify(value.body)).not.toContain('overwrite');
  });
});

describe('a change of the store applies to live sessions at once', () => {
  const live = {
    globalPermissions: [],
    defaultPathPermissions: [],
    includedRoles: [],
  };

  it('a role losing READ stops delivery; losing SELECT disconnects the subscriber', async () => {
    const watcher = await fx.connectAs('watcher');
    const received = collectMessages(watcher);
    expect(await rawSubscribe(watcher, ['live/#'])).toEqual([0]);
    await drain(watcher, 'live/marker-1');
    expect(received.map((message) => message.topic)).toContain('live/x');

    // SELECT kept, READ taken: the session stays, and nothing more is delivered.
    const readLost = await fx.api('PUT', '/admin/security/roles/LIVE', {
      ...live,
      pathPermissions: { live: ['SELECT_TOPIC'] },
    });
    expect(readLost.status).toBe(200);
    expect(readLost.body).toMatchObject({ disconnected: 0 });
    const before = received.length;
    const admin = await fx.connect({ username: 'token', password: fx.adminToken });
    await admin.publishAsync('live/y', 'after', { qos: 1 });
    expect((await fx.explain('principal:watcher', 'live/y')).mqtt.receivesValues.allowed).toBe(
      false,
    );
    // A reader of live/ proves the message went out; the watcher got nothing.
    const reader = await fx.connectAs('reader');
    expect(await rawSubscribe(reader, ['live/#'])).toEqual([0]);
    await drain(reader, 'live/marker-2');
    expect(received.slice(before)).toEqual([]);
    expect(watcher.connected).toBe(true);

    // SELECT taken too: the subscription may no longer be held, so the session goes at once.
    const gone = closed(watcher);
    const selectLost = await fx.api('PUT', '/admin/security/roles/LIVE', {
      ...live,
      pathPermissions: {},
    });
    expect(selectLost.body).toMatchObject({ disconnected: 1 });
    await gone;
    expect((await fx.explain('principal:watcher', 'live/#')).mqtt.canSubscribe.allowed).toBe(false);
  });

  it('a password change or a removed principal ends its sessions', async () => {
    await fx.api('PUT', '/admin/principals/short-lived', { password: PASSWORD, roles: ['CLIENT'] });
    const first = await fx.connectAs('short-lived');
    const firstGone = closed(first);
    const changed = await fx.api('PUT', '/admin/principals/short-lived/password', {
      password: 'another password 2',
    });
    expect(changed.body).toMatchObject({ disconnected: 1 });
    await firstGone;
    const second = await fx.connect({ username: 'short-lived', password: 'another password 2' });
    const secondGone = closed(second);
    const removed = await fx.api('DELETE', '/admin/principals/short-lived');
    expect(removed.body).toMatchObject({ removed: 'short-lived', disconnected: 1 });
    await secondGone;
    expect(
      await refusalCode(fx.tcpUrl, { username: 'short-lived', password: 'another password 2' }),
    ).toBe(4);
  });
});

describe('anonymous sessions', () => {
  const setAnonymous = (anonymousAction: string) =>
    fx.api('PUT', '/admin/authentication/anonymous', { anonymousAction });

  it('DENY (the default) and ABSTAIN refuse with CONNACK 5; ALLOW gives the anonymous roles', async () => {
    expect(await refusalCode(fx.tcpUrl, {})).toBe(5);
    expect((await fx.explain('anonymous', 'sensors/a')).subject.canConnect.allowed).toBe(false);

    expect((await setAnonymous('ABSTAIN')).status).toBe(200);
    expect(await refusalCode(fx.tcpUrl, {})).toBe(5);
    expect((await fx.explain('anonymous', 'sensors/a')).subject.canConnect.allowed).toBe(false);

    await fx.api('PUT', '/admin/security/default-roles', {
      rolesForNamedSessions: [],
      rolesForAnonymousSessions: ['CLIENT'],
    });
    expect((await setAnonymous('ALLOW')).status).toBe(200);
    const anonymous = await fx.connect({});
    expect((await fx.explain('anonymous', 'sensors/#')).subject.canConnect.allowed).toBe(true);
    expect(await rawSubscribe(anonymous, ['sensors/#', '$SYS/#'])).toEqual([0, FAILURE]);

    // Back to DENY: the live anonymous session goes at once.
    const gone = closed(anonymous);
    expect((await setAnonymous('DENY')).body).toMatchObject({ disconnected: 1 });
    await gone;
    expect(await refusalCode(fx.tcpUrl, {})).toBe(5);
  });
});

describe('trusted session properties', () => {
  it('keeps proposed properties that are trusted and match, drops the others, and lists them with the session', async () => {
    const saved = await fx.api('PUT', '/admin/authentication/trusted-properties', {
      trustedProperties: {
        Department: { type: 'values', values: ['north', 'south'] },
        Serial: { type: 'regex', regex: '[0-9]{4}' },
      },
    });
    expect(saved.status).toBe(200);
    const admin = await fx.connect({ username: 'token', password: fx.adminToken });
    await admin.subscribeAsync('$SYS/herald/sessions');
    await fx.connect({
      username: 'sensor-7?Department=north&Serial=12345&Region=eu',
      password: PASSWORD,
      clientId: 'with-properties',
    });
    await fx.connect({
      username: 'sensor-7?Department=east&Serial=0042',
      password: PASSWORD,
      clientId: 'with-other-properties',
    });
    const sessions = (await fx.api('GET', '/admin/sessions')).body as {
      clientId: string;
      principal: string;
      properties?: Record<string, string>;
    }[];
    const byId = (id: string) => sessions.find((session) => session.clientId === id);
    expect(byId('with-properties')).toMatchObject({
      principal: 'sensor-7',
      properties: { Department: 'north' },
    });
    expect(byId('with-other-properties')?.properties).toEqual({ Serial: '0042' });
    // The console's $SYS/herald/sessions carries them too (published at most every 500 ms).
    await expect
      .poll(
        async () => {
          const message = await nextMessage(admin, '$SYS/herald/sessions');
          const body = JSON.parse(message.payload) as {
            sessions: { clientId: string; properties?: unknown }[];
          };
          return body.sessions.find((session) => session.clientId === 'with-properties')
            ?.properties;
        },
        { timeout: 5_000 },
      )
      .toEqual({ Department: 'north' });
  });
});
