import type { ServiceEndpoints } from '@herald/contract/services/service.schema';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A mosquitto_sub line whose username proposes a property (the password and value are for the reader to fill). */
export function trustedPropertySnippet(
  endpoints: Pick<ServiceEndpoints, 'mqttHost' | 'mqttPort'>,
  propertyName: string,
): string {
  const port = endpoints.mqttPort === null ? '<PORT>' : String(endpoints.mqttPort);
  return `mosquitto_sub -h ${endpoints.mqttHost} -p ${port} -u ${quote(`<PRINCIPAL>?${propertyName}=<VALUE>`)} -P '<PASSWORD>' -t 'sensors/#' -v`;
}
