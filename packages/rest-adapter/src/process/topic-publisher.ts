import mqtt, { type MqttClient } from 'mqtt';
import type { RestValueType } from '@herald/contract/rest-adapters/rest-adapter-process';
import type { RuntimeAdmin } from '@herald/adapter-kit/runtime-admin';
import type { Logger } from '@herald/runtime/log';

/**
 * Values onto topics (docs/decisions/051): a topic is created through the runtime's admin API with the type of its
 * first value (JSON, STRING or BINARY; default properties: persistent, value retained) and then written over MQTT at
 * QoS 1 with the adapter's credential, each publish waiting for the runtime's acknowledgement. A topic that exists
 * with another type is a failure in words (the runtime would refuse the value). The known topics are forgotten on a
 * reconnection (a restarted runtime may have lost memory-only ones). While the runtime is away a publish fails at
 * once, so a poll never waits on it: the endpoint's next poll tries again.
 */
export interface TopicPublisher {
  publish(topicPath: string, type: RestValueType, bytes: Buffer): Promise<void>;
  connected(): boolean;
  stop(): Promise<void>;
}

const MQTT_RECONNECT_MS = 1_000;
const ACK_TIMEOUT_MS = 10_000;

export function createTopicPublisher(options: {
  mqttUrl: string;
  username: string;
  password: string;
  clientId: string;
  admin: RuntimeAdmin;
  log: Logger;
}): TopicPublisher {
  const { log } = options;
  let known = new Map<string, RestValueType | string>();
  const client: MqttClient = mqtt.connect(options.mqttUrl, {
    clientId: options.clientId,
    username: options.username,
    password: options.password,
    clean: true,
    reconnectPeriod: MQTT_RECONNECT_MS,
    connectTimeout: 5_000,
    keepalive: 30,
  });
  let wasConnected = false;
  let lastProblem = '';
  client.on('connect', () => {
    lastProblem = '';
    known = new Map();
    log.info(wasConnected ? 'Connected to the service again.' : 'Connected to the service.');
    wasConnected = true;
  });
  client.on('offline', () => {
    if (lastProblem === '')
      log.warn('The service is not reachable; polls go on and publish once it is back.');
    lastProblem ||= 'offline';
  });
  client.on('error', (error) => {
    if (error.message === lastProblem) return;
    lastProblem = error.message;
    log.warn(`The service refused or dropped the connection: ${error.message}`);
  });

  async function ensureTopic(path: string, type: RestValueType): Promise<void> {
    let existing = known.get(path);
    if (existing === undefined) {
      const topic =
        (await options.admin.getTopic(path)) ??
        (await options.admin.putTopic(path, { type, properties: {} }));
      existing = topic.type;
      known.set(path, existing);
    }
    if (existing !== type) {
      throw new Error(`the topic is a ${existing} topic and the API answered ${type}`);
    }
  }

  return {
    async publish(topicPath, type, bytes) {
      if (!client.connected)
        throw new Error('the service is not reachable (its MQTT connection is down)');
      await ensureTopic(topicPath, type);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`the service did not acknowledge within ${ACK_TIMEOUT_MS / 1_000} s`)),
          ACK_TIMEOUT_MS,
        );
        client.publish(topicPath, bytes, { qos: 1 }, (error) => {
          clearTimeout(timer);
          if (error) reject(new Error(`the service refused the value: ${error.message}`));
          else resolve();
        });
      });
    },
    connected: () => client.connected,
    stop: () => client.endAsync(true),
  };
}
