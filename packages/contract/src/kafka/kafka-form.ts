import {
  KAFKA_DATA_TYPES,
  KAFKA_SECURITY_PROTOCOLS,
  type KafkaDataType,
  type KafkaSecurityProtocol,
} from './kafka-adapter.schema';

/**
 * Section 3's conversions between the API's wire shape and the form's: the security protocol is lower case in the
 * API and upper case in the form; a value type is upper case in the API and lower case in the form; Kafka topics,
 * broker addresses and a converter's `headers` are lists in the API and comma-separated text in the form; the
 * cluster configuration is a key/value map in the API and JSON text in the form.
 */
export type FormSecurityProtocol = Uppercase<KafkaSecurityProtocol>;
export type FormDataType = Lowercase<KafkaDataType>;

export type FormConversion<T> = { ok: true; value: T } | { ok: false; message: string };

export function securityProtocolToForm(protocol: KafkaSecurityProtocol): FormSecurityProtocol {
  return protocol.toUpperCase() as FormSecurityProtocol;
}

export function securityProtocolFromForm(text: string): FormConversion<KafkaSecurityProtocol> {
  const protocol = KAFKA_SECURITY_PROTOCOLS.find((known) => known === text.trim().toLowerCase());
  if (protocol === undefined) {
    const names = KAFKA_SECURITY_PROTOCOLS.map(securityProtocolToForm).join(', ');
    return { ok: false, message: `Security protocol "${text}" is not one of ${names}` };
  }
  return { ok: true, value: protocol };
}

export function dataTypeToForm(type: KafkaDataType): FormDataType {
  return type.toLowerCase() as FormDataType;
}

export function dataTypeFromForm(text: string): FormConversion<KafkaDataType> {
  const type = KAFKA_DATA_TYPES.find((known) => known === text.trim().toUpperCase());
  if (type === undefined) {
    const names = KAFKA_DATA_TYPES.map(dataTypeToForm).join(', ');
    return { ok: false, message: `Type "${text}" is not one of ${names}` };
  }
  return { ok: true, value: type };
}

export function listToForm(items: readonly string[]): string {
  return items.join(', ');
}

/** Comma-separated text to a list: entries trimmed, empty entries (`a,,b`, a trailing comma) dropped. */
export function listFromForm(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

export function configurationToForm(configuration: Readonly<Record<string, string>>): string {
  return JSON.stringify(configuration, null, 2);
}

/**
 * The configuration's JSON text to the API's map. Kafka client settings are strings; numbers and booleans are
 * taken as their text (`"linger.ms": 5` is `"5"`), so a person need not quote them. Empty text is no settings.
 */
export function configurationFromForm(text: string): FormConversion<Record<string, string>> {
  if (text.trim() === '') return { ok: true, value: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `Configuration is not valid JSON: ${reason}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return {
      ok: false,
      message: 'Configuration must be a JSON object of setting names and values',
    };
  }
  const configuration: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string') configuration[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean')
      configuration[key] = String(value);
    else {
      return {
        ok: false,
        message: `Configuration setting "${key}" must be text, a number or true/false`,
      };
    }
  }
  return { ok: true, value: configuration };
}
