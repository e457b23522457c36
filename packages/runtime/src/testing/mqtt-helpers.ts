import mqtt, { type IClientOptions, type MqttClient, type Packet } from 'mqtt';

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

/**
 * Sends a SUBSCRIBE as raw bytes (mqtt.js refuses malformed filters before sending them) and answers the return
 * codes of its SUBACK (MQTT 3.1.1 section 3.9.3: 0-2 granted QoS, 0x80 failure).
 */
export function rawSubscribe(
  client: MqttClient,
  filters: string[],
  messageId = 4242,
): Promise<number[]> {
  const body = [messageId >> 8, messageId & 0xff];
  for (const filter of filters) {
    const bytes = Buffer.from(filter, 'utf8');
    body.push(bytes.length >> 8, bytes.length & 0xff, ...bytes, 0);
  }
  return new Promise((resolve) => {
    const onPacket = (packet: Packet) => {
      if (packet.cmd !== 'suback' || packet.messageId !== messageId) return;
      client.off('packetreceive', onPacket);
      // MQTT 3.1.1 SUBACKs carry plain return codes (the objects are MQTT 5 reason codes with properties).
      resolve(packet.granted as number[]);
    };
    client.on('packetreceive', onPacket);
    (client.stream as unknown as NodeJS.WritableStream).write(
      Buffer.from([0x82, ...encodeRemainingLength(body.length), ...body]),
    );
  });
}

/** Every message a client receives from now on (topic and payload), for "never received" checks. */
export function collectMessages(client: MqttClient): { topic: string; payload: string }[] {
  const received: { topic: string; payload: string }[] = [];
  client.on('message', (topic, payload) => received.push({ topic, payload: payload.toString() }));
  return received;
}
