import { TOKEN_MQTT_USERNAME } from '@herald/contract/services/service-token';

/** What stands in for a real access token in a command shown on screen (the API token page gives one). */
export const ACCESS_TOKEN_PLACEHOLDER = '<ACCESS_TOKEN>';
export const MQTT_PORT_PLACEHOLDER = '<MQTT_PORT>';
export const FIRST_TOPIC_PATH = 'herald/first-topic';

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A shell word: as is when it holds only safe characters, otherwise single-quoted. */
function shellWord(value: string): string {
  return /^[A-Za-z0-9_\-.:/@%+=,]+$/.test(value) ? value : shellQuote(value);
}

/**
 * The topic browser's empty state: the exact mosquitto_pub command that publishes a first topic to this service
 * over MQTT/TCP, retained (-r) so it stays as the topic's value, with the token as the CONNECT password
 * (username TOKEN_MQTT_USERNAME) and a placeholder for the token itself. The publish creates a JSON topic
 * (DATA-PLANE "Topics": a JSON object payload infers JSON).
 */
export function firstTopicCommand(endpoints: {
  mqttHost: string;
  mqttPort: number | null;
}): string {
  const port = endpoints.mqttPort === null ? MQTT_PORT_PLACEHOLDER : String(endpoints.mqttPort);
  return [
    'mosquitto_pub',
    `-h ${shellWord(endpoints.mqttHost)}`,
    `-p ${shellWord(port)}`,
    `-u ${TOKEN_MQTT_USERNAME}`,
    `-P ${shellQuote(ACCESS_TOKEN_PLACEHOLDER)}`,
    `-t ${FIRST_TOPIC_PATH}`,
    `-m ${shellQuote(JSON.stringify({ hello: 'world' }))}`,
    '-q 1 -r',
  ].join(' ');
}
