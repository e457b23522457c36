import type { MqttClient } from 'mqtt';

/**
 * The adapter's one MQTT connection is shared by its publishers (and the rest of the process): two publishers may
 * need the same filter, and an UNSUBSCRIBE by one would end the other's. So each filter is subscribed by its first
 * holder and unsubscribed when its last holder lets go, per client.
 */
const holders = new WeakMap<MqttClient, Map<string, number>>();

function countsOf(client: MqttClient): Map<string, number> {
  let counts = holders.get(client);
  if (counts === undefined) {
    counts = new Map();
    holders.set(client, counts);
  }
  return counts;
}

/** Subscribes (QoS 1) the filters no one holds yet; rejects with the broker's refusal in words. */
export async function holdFilters(client: MqttClient, filters: readonly string[]): Promise<void> {
  const counts = countsOf(client);
  const fresh = filters.filter((filter) => (counts.get(filter) ?? 0) === 0);
  for (const filter of filters) counts.set(filter, (counts.get(filter) ?? 0) + 1);
  if (fresh.length === 0) return;
  try {
    const granted = await client.subscribeAsync(fresh, { qos: 1 });
    // MQTT 3.1.1 section 3.9.3: 0x80 is a refusal (here: the credential may not select there).
    const refused = granted.filter((grant) => grant.qos === 128).map((grant) => grant.topic);
    if (refused.length > 0) {
      throw new Error(`the service refused the subscription to ${refused.join(', ')}`);
    }
  } catch (error) {
    await releaseFilters(client, filters);
    throw error;
  }
}

export async function releaseFilters(
  client: MqttClient,
  filters: readonly string[],
): Promise<void> {
  const counts = countsOf(client);
  const last: string[] = [];
  for (const filter of filters) {
    const count = (counts.get(filter) ?? 0) - 1;
    if (count <= 0) {
      counts.delete(filter);
      last.push(filter);
    } else counts.set(filter, count);
  }
  if (last.length === 0) return;
  // Offline, mqtt.js still forgets the filters it would subscribe again on reconnecting (its resubscribe list);
  // waiting for the UNSUBACK then would wait for the reconnection, so a stop does not wait for it.
  const unsubscribed = client.unsubscribeAsync(last).catch(() => undefined);
  if (client.connected) await unsubscribed;
}
