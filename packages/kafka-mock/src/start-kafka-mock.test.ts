import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { Kafka, logLevel, type Consumer, type EachMessagePayload } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureKafkaMockBinary } from './kafka-mock-binary';
import { startKafkaMock, topicArgument, type KafkaMock } from './start-kafka-mock';

const started: KafkaMock[] = [];
const consumers: Consumer[] = [];

afterEach(async () => {
  await Promise.all(consumers.splice(0).map((consumer) => consumer.disconnect()));
  await Promise.all(started.splice(0).map((mock) => mock.stop()));
});

async function start(options: Parameters<typeof startKafkaMock>[0]): Promise<KafkaMock> {
  const mock = await startKafkaMock(options);
  started.push(mock);
  return mock;
}

/** Settings that keep a test against the mock fast (STACK.md "Kafka"): few retries, short waits. */
function client(mock: KafkaMock, retries = 2): Kafka {
  return new Kafka({
    clientId: 'kafka-mock-test',
    brokers: [...mock.brokers],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1_000,
    retry: { retries, initialRetryTime: 100, maxRetryTime: 1_000 },
  });
}

/** A consumer of a group of its own that hands every record to `onMessage`. */
async function consume(
  kafka: Kafka,
  topic: string,
  onMessage: (payload: EachMessagePayload) => void,
  groupId = `test-${randomUUID()}`,
): Promise<Consumer> {
  const consumer = kafka.consumer({
    groupId,
    sessionTimeout: 3_000,
    heartbeatInterval: 500,
    maxWaitTimeInMs: 100,
  });
  consumers.push(consumer);
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await consumer.run({ eachMessage: async (payload) => onMessage(payload) });
  return consumer;
}

function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (condition()) resolve();
      else if (Date.now() > deadline) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(check, 20);
    };
    check();
  });
}

describe('topicArgument', () => {
  it.each([
    ['orders', 'orders'],
    [{ name: 'orders' }, 'orders:1'],
    [{ name: 'orders', partitions: 4 }, 'orders:4'],
    [{ name: 'orders', partitions: 2, replicas: 2 }, 'orders:2:2'],
  ] as const)('%j → %s', (topic, argument) => {
    expect(topicArgument(topic)).toBe(argument);
  });
});

describe('startKafkaMock', () => {
  it('prints loopback bootstrap servers, one per broker, with the topics already created', async () => {
    const mock = await start({ brokers: 2, topics: ['events', { name: 'orders', partitions: 3 }] });
    expect(mock.brokers).toHaveLength(2);
    for (const broker of mock.brokers) expect(broker).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(mock.bootstrap).toBe(mock.brokers.join(','));

    const admin = client(mock).admin();
    await admin.connect();
    try {
      expect((await admin.listTopics()).sort()).toEqual(['events', 'orders']);
      const metadata = await admin.fetchTopicMetadata({ topics: ['orders'] });
      expect(metadata.topics[0]?.partitions).toHaveLength(3);
    } finally {
      await admin.disconnect();
    }
  });

  it('keeps what a producer sends and gives it to a consumer, key, value and headers', async () => {
    const mock = await start({ topics: ['round-trip'] });
    const kafka = client(mock);
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({
      topic: 'round-trip',
      acks: -1,
      messages: [{ key: 'sensor-1', value: '{"t":21.5}', headers: { origin: 'test' } }],
    });
    await producer.disconnect();

    const received: EachMessagePayload[] = [];
    await consume(kafka, 'round-trip', (payload) => received.push(payload));
    await waitFor(() => received.length === 1, 'the record');
    const [{ message }] = received as [EachMessagePayload];
    expect(message.key?.toString()).toBe('sensor-1');
    expect(message.value?.toString()).toBe('{"t":21.5}');
    expect(message.headers?.origin?.toString()).toBe('test');
  });

  it('refuses a stopped broker until it is started again, and the flow resumes without losing a record', async () => {
    const mock = await start({ topics: ['outage'] });
    const kafka = client(mock);
    const received: string[] = [];
    await consume(kafka, 'outage', ({ message }) => received.push(String(message.value)));
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic: 'outage', messages: [{ value: 'before' }] });
    await waitFor(() => received.includes('before'), 'the record sent before the outage');

    await mock.brokerDown(1);
    const refused = client(mock, 0).producer();
    await expect(refused.connect()).rejects.toThrow();
    await expect(mock.brokerUp(1)).resolves.toBeUndefined();

    await producer.send({ topic: 'outage', messages: [{ value: 'after' }] });
    await waitFor(() => received.includes('after'), 'the record sent after the outage');
    expect(received).toEqual(['before', 'after']);
    await producer.disconnect();
  });

  it('serves a consumer group of two members, each with its own partitions', async () => {
    const mock = await start({ topics: [{ name: 'shared', partitions: 4 }] });
    const kafka = client(mock);
    const groupId = `pair-${randomUUID()}`;
    // Each member's latest assignment, as the group's coordinator handed it out after the last rebalance.
    const assigned: number[][] = [[], []];
    const receivedBy: Array<Map<number, string>> = [new Map(), new Map()];
    for (const member of [0, 1]) {
      const consumer = kafka.consumer({
        groupId,
        sessionTimeout: 3_000,
        heartbeatInterval: 500,
        maxWaitTimeInMs: 100,
      });
      consumers.push(consumer);
      consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
        assigned[member] = payload.memberAssignment.shared ?? [];
      });
      await consumer.connect();
      await consumer.subscribe({ topics: ['shared'], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ partition, message }) => {
          receivedBy[member]?.set(partition, String(message.value));
        },
      });
    }
    const split = () => {
      const [first = [], second = []] = assigned;
      return first.length > 0 && second.length > 0 && first.length + second.length === 4;
    };
    await waitFor(split, 'the group to split the four partitions between its two members');
    const [first, second] = assigned as [number[], number[]];
    expect([...first, ...second].sort()).toEqual([0, 1, 2, 3]);

    const producer = kafka.producer();
    await producer.connect();
    await producer.send({
      topic: 'shared',
      messages: [0, 1, 2, 3].map((partition) => ({ partition, value: `p${partition}` })),
    });
    await producer.disconnect();
    await waitFor(
      () => (receivedBy[0]?.size ?? 0) + (receivedBy[1]?.size ?? 0) === 4,
      'a record from each partition',
    );
    for (const [member, partitions] of [first, second].entries()) {
      expect([...(receivedBy[member]?.keys() ?? [])].sort()).toEqual([...partitions].sort());
    }
  });

  it("keeps a group's offset committed by hand, so the next member starts after the last acknowledged record", async () => {
    const mock = await start({ topics: ['acked'] });
    const kafka = client(mock);
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({
      topic: 'acked',
      messages: ['r0', 'r1', 'r2'].map((value) => ({ value })),
    });
    await producer.disconnect();

    const groupId = `acked-${randomUUID()}`;
    const first: string[] = [];
    const member = kafka.consumer({
      groupId,
      sessionTimeout: 3_000,
      heartbeatInterval: 500,
      maxWaitTimeInMs: 100,
    });
    await member.connect();
    await member.subscribe({ topics: ['acked'], fromBeginning: true });
    await member.run({
      autoCommit: false,
      eachMessage: async ({ topic, partition, message }) => {
        first.push(String(message.value));
        // Only r0 and r1 are "acknowledged by our side": the committed offset is the next record to read.
        if (String(message.value) === 'r1') {
          await member.commitOffsets([
            { topic, partition, offset: String(Number(message.offset) + 1) },
          ]);
        }
      },
    });
    await waitFor(() => first.length === 3, 'the first member to read the three records');
    await member.disconnect();

    const second: string[] = [];
    await consume(kafka, 'acked', ({ message }) => second.push(String(message.value)), groupId);
    await waitFor(() => second.length > 0, 'the next member to read from the committed offset');
    expect(second).toEqual(['r2']);
  });

  it('serves a regular-expression subscription over the topics that exist', async () => {
    const mock = await start({ topics: ['sensor-a', 'sensor-b', 'other'] });
    const kafka = client(mock);
    const received: string[] = [];
    const consumer = kafka.consumer({
      groupId: `regex-${randomUUID()}`,
      sessionTimeout: 3_000,
      heartbeatInterval: 500,
      maxWaitTimeInMs: 100,
    });
    consumers.push(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics: [/^sensor-/], fromBeginning: true });
    await consumer.run({ eachMessage: async ({ topic }) => void received.push(topic) });
    const producer = kafka.producer();
    await producer.connect();
    await producer.sendBatch({
      topicMessages: ['other', 'sensor-a', 'sensor-b'].map((topic) => ({
        topic,
        messages: [{ value: topic }],
      })),
    });
    await producer.disconnect();
    await waitFor(() => received.length === 2, 'the records of the matching topics');
    expect(received.sort()).toEqual(['sensor-a', 'sensor-b']);
  });

  it('answers a command it does not know, and a broker id out of range, with an error', async () => {
    const mock = await start({ brokers: 2 });
    await expect(mock.brokerDown(3)).rejects.toThrow('broker ids are 1 to 2, not 3');
    await mock.brokerDown(2);
    await mock.brokerUp(2);
    await mock.brokerRtt(1, 5);
  });

  it('fails to start with the launcher’s own reason for a bad topic', async () => {
    await expect(start({ topics: [{ name: 'replicated', replicas: 2 }] })).rejects.toThrow(
      /exited .* before it was ready: kafka-mock: bad topic "replicated:1:2"/,
    );
  });

  it('stops when stopped, and its ports refuse connections after', async () => {
    const mock = await start({});
    const admin = client(mock).admin();
    await admin.connect();
    await admin.disconnect();
    await mock.stop();
    await expect(client(mock, 0).admin().connect()).rejects.toThrow();
  });
});

describe('the launcher', () => {
  /** Resolves with the child's first stdout line. */
  function firstLine(child: ChildProcessByStdio<Writable, Readable, null>): Promise<string> {
    return new Promise((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`exited (${code}) before its first line`)));
    });
  }

  function isRunning(pid: number): boolean {
    try {
      // A zombie no one has reaped yet has already stopped serving.
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  }

  it('stops when its control channel (stdin) ends', async () => {
    const child = spawn(await ensureKafkaMockBinary(), [], { stdio: ['pipe', 'pipe', 'inherit'] });
    expect(await firstLine(child)).toMatch(/^127\.0\.0\.1:\d+$/);
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdin.end();
    expect(await exited).toBe(0);
  });

  it('stops when its parent is killed, even with its stdin still open', async () => {
    // The launcher's stdin is a pipe whose writing end a third process (sleep) holds, so the parent's death closes
    // nothing the launcher reads: only the parent-death signal (prctl PR_SET_PDEATHSIG) can stop it.
    const holder = spawn('sleep', ['60'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const child = require('node:child_process').spawn(process.argv[1], [], { stdio: 'inherit' });
         console.log(child.pid); setInterval(() => {}, 60000);`,
        await ensureKafkaMockBinary(),
      ],
      { stdio: [holder.stdout, 'pipe', 'inherit'] },
    );
    try {
      const lines: string[] = [];
      createInterface({ input: parent.stdout }).on('line', (line) => lines.push(line));
      await waitFor(() => lines.length === 2, 'the launcher’s pid and bootstrap line');
      const launcher = Number(lines.find((line) => /^\d+$/.test(line)));
      expect(isRunning(launcher)).toBe(true);
      parent.kill('SIGKILL');
      await waitFor(() => !isRunning(launcher), 'the launcher to stop after its parent died');
    } finally {
      parent.kill('SIGKILL');
      holder.kill('SIGKILL');
    }
  });
});
