import mqtt, { type MqttClient } from 'mqtt';

/**
 * A real MQTT client of the test's service that records every value it receives (topic, bytes, retained), and
 * reconnects after a runtime restart: how a test sees what the adapter published.
 */
export interface TopicReader {
  client: MqttClient;
  messages: { topic: string; payload: Buffer; retain: boolean }[];
  on(topic: string): { topic: string; payload: Buffer; retain: boolean }[];
  close(): Promise<void>;
}

export async function startTopicReader(
  url: string,
  username: string,
  password: string,
): Promise<TopicReader> {
  const messages: TopicReader['messages'] = [];
  const client: MqttClient = mqtt.connect(url, {
    username,
    password,
    reconnectPeriod: 500,
    clean: true,
  });
  client.on('message', (topic, payload, packet) =>
    messages.push({ topic, payload, retain: packet.retain }),
  );
  client.on('connect', () => client.subscribe('#', { qos: 1 }));
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return {
    client,
    messages,
    on: (topic) => messages.filter((message) => message.topic === topic),
    close: () => client.endAsync(true),
  };
}
