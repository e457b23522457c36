import mqtt from 'mqtt';

/**
 * An mqtt.js client over TCP to a runtime, signed in with a service token; no reconnects (a test sees every drop).
 * Rejects if the connection fails or closes before CONNACK.
 */
export async function connectWithToken(
  port: number,
  token: string,
  clientId: string,
): Promise<mqtt.MqttClient> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
    clientId,
    username: 'token',
    password: token,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
    client.once('close', () => reject(new Error(`${clientId}: connection closed`)));
  });
  return client;
}
