import avro from 'avsc';
import { ConversionFailure, messageOf } from './conversion-error';
import { decodeWireFormat, encodeWireFormat } from './confluent-wire-format';
import type { JsonValue, Payload } from './payload';
import type { SchemaRegistryClient } from './schema-registry-client';

/**
 * `$Avro_to_JSON` and `$JSON_to_Avro` through a Confluent-compatible schema registry (docs/decisions/047). The JSON
 * side is Avro's own JSON encoding (Avro specification, "JSON Encoding"): a union value other than null is wrapped
 * as `{"type": value}`, bytes and fixed are strings of code points 0–255. So a value read from Kafka and written
 * back gives the same bytes, and Confluent's console tools read and write the same JSON.
 */
export function avroTypeOf(schema: unknown): avro.Type {
  try {
    return avro.Type.forSchema(schema as avro.Schema);
  } catch (error) {
    throw new ConversionFailure(`the Avro schema is not valid (${messageOf(error)})`);
  }
}

function schemaName(type: avro.Type): string {
  return type.name ?? type.typeName;
}

/** Decodes registry-framed Avro, fetching each schema id from the registry once. */
export class AvroToJson {
  private readonly types = new Map<number, Promise<avro.Type>>();

  constructor(private readonly registry: SchemaRegistryClient) {}

  async convert(payload: Payload): Promise<Payload> {
    if (payload.kind !== 'bytes') {
      throw new ConversionFailure(`it takes bytes, but the value is ${payload.kind}`);
    }
    const { schemaId, body } = decodeWireFormat(payload.value);
    const type = await this.typeFor(schemaId);
    let value: unknown;
    try {
      value = type.fromBuffer(body);
    } catch (error) {
      throw new ConversionFailure(
        `the Avro data does not match schema ${schemaId} ("${schemaName(type)}"): ${messageOf(error)}`,
      );
    }
    return { kind: 'json', value: JSON.parse(type.toString(value)) as JsonValue };
  }

  private typeFor(schemaId: number): Promise<avro.Type> {
    let type = this.types.get(schemaId);
    if (type === undefined) {
      type = this.registry.schemaById(schemaId).then(
        (schema) => avroTypeOf(JSON.parse(schema)),
        (error: unknown) => {
          throw new ConversionFailure(`schema ${schemaId} could not be read: ${messageOf(error)}`);
        },
      );
      // A failed look-up is not kept: the next record asks again (the registry may be back).
      type.catch(() => this.types.delete(schemaId));
      this.types.set(schemaId, type);
    }
    return type;
  }
}

/** Encodes JSON with one schema, registered under the subject (once per subject) for its id. */
export class JsonToAvro {
  private readonly ids = new Map<string, Promise<number>>();
  private readonly schemaText: string;

  constructor(
    private readonly registry: SchemaRegistryClient,
    private readonly type: avro.Type,
    /** null: Confluent's default subject, `{kafkaTopic}-value`. */
    private readonly subject: string | null,
  ) {
    this.schemaText = JSON.stringify(type.schema());
  }

  async convert(payload: Payload, kafkaTopic: string): Promise<Payload> {
    if (payload.kind !== 'json') {
      throw new ConversionFailure(`it takes JSON, but the value is ${payload.kind}`);
    }
    let body: Buffer;
    try {
      body = this.type.toBuffer(this.type.fromString(JSON.stringify(payload.value)));
    } catch (error) {
      throw new ConversionFailure(
        `the value does not match the Avro schema "${schemaName(this.type)}" (${messageOf(error)})`,
      );
    }
    const id = await this.idFor(this.subject ?? `${kafkaTopic}-value`);
    return { kind: 'bytes', value: encodeWireFormat(id, body) };
  }

  private idFor(subject: string): Promise<number> {
    let id = this.ids.get(subject);
    if (id === undefined) {
      id = this.registry.register(subject, this.schemaText).catch((error: unknown) => {
        throw new ConversionFailure(
          `the schema could not be registered under subject "${subject}": ${messageOf(error)}`,
        );
      });
      id.catch(() => this.ids.delete(subject));
      this.ids.set(subject, id);
    }
    return id;
  }
}
