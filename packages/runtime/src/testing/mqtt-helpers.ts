import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/** Connects an mqtt.js client (MQTT 3.1.1, no reconnect); rejects with the CONNACK return code on refusal. */
export function connectClient(url: string, options: IClientOptions = {}): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      ...options,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
    client.once('close', () => reject(new Error('closed before CONNACK')));
  });
}

/** The CONNACK return code of a refused connection (MQTT 3.1.1 section 3.2.2.3). */
export async function refusalCode(
  url: string,
  options: IClientOptions = {},
): Promise<number | string> {
  try {
    const client = await connectClient(url, options);
    await client.endAsync();
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? String(error);
  }
}

export function nextMessage(
  client: MqttClient,
  topic?: string,
): Promise<{ topic: string; payload: string; retain: boolean }> {
  return new Promise((resolve) => {
    const onMessage = (received: string, payload: Buffer, packet: { retain: boolean }) => {
      if (topic !== undefined && received !== topic) return;
      client.off('message', onMessage);
      resolve({ topic: received, payload: payload.toString(), retain: packet.retain });
    };
    client.on('message', onMessage);
  });
}

export function closed(client: MqttClient): Promise<void> {
  return new Promise((resolve) => {
    if (client.disconnected || !client.connected) resolve();
    client.once('close', () => resolve());
  });
}

/** The Remaining Length field of an MQTT 3.1.1 fixed header (§2.2.3), for hand-made packets. */
export function encodeRemainingLength(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return bytes;
}
