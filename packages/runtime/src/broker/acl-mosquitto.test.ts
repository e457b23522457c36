import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startAclFixture, type AclFixture } from '../testing/acl-fixture';

/**
 * The ACL battery with the standard clients (Debian mosquitto-clients, MQTT 3.1.1), each outcome compared with the
 * explainer's answer for the same principal and path. acl-battery.test.ts runs the same cases with mqtt.js.
 */
const run = promisify(execFile);
let fx: AclFixture;

beforeAll(async () => {
  fx = await startAclFixture();
});

afterAll(() => fx.close());

const connection = (username: string, password = PASSWORD) => [
  '-h',
  '127.0.0.1',
  '-p',
  String(fx.runtime.mqttPort),
  '-V',
  'mqttv311',
  '-u',
  username,
  '-P',
  password,
];

/** Runs a client to its end; a failure is an answer too (exit code and output), never a thrown error. */
async function client(
  command: 'mosquitto_sub' | 'mosquitto_pub',
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(`/usr/bin/${command}`, args, { timeout: 10_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failure.code === 'number' ? failure.code : -1,
      stdout: failure.stdout ?? '',
      stderr: failure.stderr ?? '',
    };
  }
}

/** The return codes of the SUBACK, from mosquitto_sub's debug line "Subscribed (mid: 1): 0, 128". */
function subackCodes(stdout: string): number[] {
  const line = stdout.split('\n').find((text) => text.includes('Subscribed (mid:'));
  return (line?.split('):')[1] ?? '').split(',').map((code) => Number(code.trim()));
}

interface SessionRow {
  clientId: string;
  principal: string;
  properties?: Record<string, string>;
}

async function sessions(): Promise<SessionRow[]> {
  return (await fx.api('GET', '/admin/sessions')).body as SessionRow[];
}

/** Holds a mosquitto_sub session open under `clientId` while `use` runs, once the runtime lists it. */
async function withLiveSession(
  username: string,
  clientId: string,
  use: (session: SessionRow) => Promise<void>,
): Promise<void> {
  const holder = spawn('/usr/bin/mosquitto_sub', [
    ...connection(username),
    '-i',
    clientId,
    '-t',
    'sensors/#',
    '-W',
    '15',
  ]);
  try {
    const find = async () => (await sessions()).find((session) => session.clientId === clientId);
    // A password login hashes with scrypt: seconds on a loaded machine.
    await expect.poll(find, { timeout: 8_000 }).toBeDefined();
    await use((await find()) as SessionRow);
  } finally {
    holder.kill();
  }
}

describe('ACL battery with mosquitto_sub and mosquitto_pub', () => {
  it('an unknown principal (one of another service) is refused', async () => {
    const result = await client('mosquitto_pub', [
      ...connection('elsewhere'),
      '-t',
      'a',
      '-m',
      'x',
    ]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/bad user ?name or password/i);
    expect((await fx.explain('principal:elsewhere', 'a')).subject.canConnect.allowed).toBe(false);
  });

  it('one SUBSCRIBE with allowed and forbidden filters is granted only the allowed ones', async () => {
    const filters = ['sensors/#', 'secret/#', '#', '+/#', '$SYS/#'];
    const result = await client('mosquitto_sub', [
      ...connection('sensor-7'),
      '-d',
      ...filters.flatMap((filter) => ['-t', filter]),
      '-W',
      '1',
    ]);
    const codes = subackCodes(result.stdout);
    expect(codes).toEqual([0, 128, 128, 128, 128]);
    for (const [index, filter] of filters.entries()) {
      const explained = await fx.explain('principal:sensor-7', filter);
      expect({ filter, granted: codes[index] !== 128 }).toEqual({
        filter,
        granted: explained.mqtt.canSubscribe.allowed,
      });
    }
  });

  it('a wildcard subscriber never gets the retained values of topics it may not read', async () => {
    const result = await client('mosquitto_sub', [
      ...connection('browser'),
      '-t',
      '#',
      '-v',
      '-W',
      '2',
    ]);
    const topics = result.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.split(' ')[0]);
    expect(topics).toContain('sensors/a');
    const explained = await fx.explain('principal:browser', '#');
    for (const topic of explained.matchingTopics) {
      expect({ path: topic.path, receives: topics.includes(topic.path) }).toEqual({
        path: topic.path,
        receives: topic.receives.allowed,
      });
    }
    expect(topics).not.toContain('secret/b');
  });

  it('a last will to a forbidden topic is refused at CONNECT', async () => {
    const result = await client('mosquitto_sub', [
      ...connection('sensor-7'),
      '--will-topic',
      'secret/w',
      '--will-payload',
      'gone',
      '-t',
      'sensors/#',
      '-W',
      '1',
    ]);
    expect(result.stderr).toMatch(/not authori[sz]ed/i);
    expect((await fx.explain('principal:sensor-7', 'secret/w')).mqtt.canPublish?.allowed).toBe(
      false,
    );
  });

  it('publishing to $SYS/ is refused, even with a write token', async () => {
    const result = await client('mosquitto_pub', [
      ...connection('token', fx.adminToken),
      '-q',
      '1',
      '-t',
      '$SYS/herald/server',
      '-m',
      '{}',
    ]);
    expect(result.code).not.toBe(0);
    expect(
      (await fx.explain('serviceToken:write', '$SYS/herald/server')).mqtt.canPublish?.allowed,
    ).toBe(false);
  });

  it('publishing outside the role is refused and nothing is stored', async () => {
    const result = await client('mosquitto_pub', [
      ...connection('sensor-7'),
      '-q',
      '1',
      '-t',
      'secret/from-mosquitto',
      '-m',
      'x',
    ]);
    expect(result.code).not.toBe(0);
    expect((await fx.api('GET', '/admin/topics/secret/from-mosquitto')).status).toBe(404);
    expect(
      (await fx.explain('principal:sensor-7', 'secret/from-mosquitto')).mqtt.canPublish?.allowed,
    ).toBe(false);
  });

  it("another principal cannot take over a live session's client id", async () => {
    await withLiveSession('sensor-7', 'mosquitto-shared', async () => {
      const result = await client('mosquitto_pub', [
        ...connection('reader'),
        '-i',
        'mosquitto-shared',
        '-t',
        'sensors/a',
        '-m',
        'x',
      ]);
      expect(result.stderr).toMatch(/identifier rejected/i);
      expect(await sessions()).toContainEqual(
        expect.objectContaining({ clientId: 'mosquitto-shared', principal: 'sensor-7' }),
      );
    });
  });

  it('anonymous clients are refused while the policy is DENY (the default)', async () => {
    const result = await client('mosquitto_pub', [
      '-h',
      '127.0.0.1',
      '-p',
      String(fx.runtime.mqttPort),
      '-t',
      'sensors/a',
      '-m',
      'x',
    ]);
    expect(result.stderr).toMatch(/not authori[sz]ed/i);
    expect((await fx.explain('anonymous', 'sensors/a')).subject.canConnect.allowed).toBe(false);
  });

  it('trusted properties proposed in the username are kept, others dropped', async () => {
    await fx.api('PUT', '/admin/authentication/trusted-properties', {
      trustedProperties: { Department: { type: 'values', values: ['north'] } },
    });
    await withLiveSession(
      'sensor-7?Department=north&Region=eu',
      'mosquitto-properties',
      async (session) => {
        expect(session).toMatchObject({
          principal: 'sensor-7',
          properties: { Department: 'north' },
        });
      },
    );
  });
});
