import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ensureKafkaMockBinary } from './kafka-mock-binary';

/** A topic created before the bootstrap line is printed: a name, or a name with its partition and replica counts. */
export type KafkaMockTopic = string | { name: string; partitions?: number; replicas?: number };

export interface KafkaMockOptions {
  topics?: readonly KafkaMockTopic[];
  /** Brokers in the cluster, ids 1..brokers (default 1). */
  brokers?: number;
}

export interface KafkaMock {
  /** `host:port,host:port`, the bootstrap servers (loopback, a free port per broker). */
  readonly bootstrap: string;
  /** The same, one entry a broker. */
  readonly brokers: readonly string[];
  /** The broker closes its connections and refuses new ones until brokerUp: "the Kafka broker stopped". */
  brokerDown(id: number): Promise<void>;
  brokerUp(id: number): Promise<void>;
  /** Delays every answer of the broker by `ms` (0 clears it). */
  brokerRtt(id: number, ms: number): Promise<void>;
  /** Stops the cluster (SIGTERM, then SIGKILL after 5 s) and waits for the process to end. */
  stop(): Promise<void>;
}

/** How long the launcher may take to print its bootstrap line (it takes ~10 ms); past it the start failed. */
const START_DEADLINE_MS = 15_000;

export function topicArgument(topic: KafkaMockTopic): string {
  if (typeof topic === 'string') return topic;
  const parts = [topic.name, String(topic.partitions ?? 1)];
  if (topic.replicas !== undefined) parts.push(String(topic.replicas));
  return parts.join(':');
}

/**
 * Starts librdkafka's mock cluster (packages/kafka-mock/src/kafka-mock.c, built on first use) with the topics
 * already created, and resolves once it has printed its bootstrap servers. The cluster has no SASL, no TLS and no
 * admin calls to create topics (README.md of this package): create what a test needs here.
 */
export async function startKafkaMock(options: KafkaMockOptions = {}): Promise<KafkaMock> {
  const binary = await ensureKafkaMockBinary();
  const brokerCount = options.brokers ?? 1;
  const args = ['--brokers', String(brokerCount), ...(options.topics ?? []).map(topicArgument)];
  const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });

  // The first line is the bootstrap list; every later line answers the oldest command sent.
  const replies: Array<(line: string) => void> = [];
  const bootstrap = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`The Kafka mock printed no bootstrap line in ${START_DEADLINE_MS} ms: ${stderr}`),
      );
    }, START_DEADLINE_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(
          `The Kafka mock exited (${signal ?? code}) before it was ready: ${stderr.trim()}`,
        ),
      );
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    lines.on('line', (line) => {
      const answer = replies.shift();
      if (answer) answer(line);
      else {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
  });

  const command = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        reject(new Error(`The Kafka mock has stopped; "${text}" was not sent`));
        return;
      }
      replies.push((line) =>
        line.startsWith('ok ') ? resolve() : reject(new Error(`Kafka mock "${text}": ${line}`)),
      );
      child.stdin.write(`${text}\n`);
    });
  const brokerId = (id: number) => {
    if (!Number.isInteger(id) || id < 1 || id > brokerCount) {
      throw new Error(`Kafka mock broker ids are 1 to ${brokerCount}, not ${id}`);
    }
    return id;
  };

  return {
    bootstrap,
    brokers: bootstrap.split(','),
    brokerDown: async (id) => command(`down ${brokerId(id)}`),
    brokerUp: async (id) => command(`up ${brokerId(id)}`),
    brokerRtt: async (id, ms) => command(`rtt ${brokerId(id)} ${Math.max(0, Math.round(ms))}`),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
