import avro from 'avsc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSchemaRegistry, type FakeSchemaRegistry } from '../testing/fake-schema-registry';
import { AvroToJson, avroTypeOf, JsonToAvro } from './avro-converters';
import { decodeWireFormat, encodeWireFormat } from './confluent-wire-format';
import type { Payload } from './payload';
import { SchemaRegistryClient, schemaRegistryOptionsFrom } from './schema-registry-client';

const priceSchema = {
  type: 'record',
  name: 'Price',
  fields: [
    { name: 'symbol', type: 'string' },
    { name: 'bid', type: 'double' },
    { name: 'venue', type: ['null', 'string'], default: null },
    { name: 'raw', type: 'bytes' },
  ],
};
const price = { symbol: 'EURUSD', bid: 1.0841, venue: { string: 'LDN' }, raw: '\u0000\u00ff' };
const USER_INFO = 'registry-user:registry-secret';

let registry: FakeSchemaRegistry;
let client: SchemaRegistryClient;

beforeAll(async () => {
  registry = await startFakeSchemaRegistry({ userInfo: USER_INFO });
  client = new SchemaRegistryClient({ url: registry.url, userInfo: USER_INFO });
});
afterAll(() => registry.close());

const bytesOf = (payload: Payload) => {
  if (payload.kind !== 'bytes') throw new Error(`expected bytes, got ${payload.kind}`);
  return payload.value;
};

describe('$JSON_to_Avro then $Avro_to_JSON through the registry', () => {
  it('frames the Avro binary with magic byte 0 and the registered id, and reads it back', async () => {
    const encoder = new JsonToAvro(client, avroTypeOf(priceSchema), null);
    const encoded = bytesOf(await encoder.convert({ kind: 'json', value: price }, 'prices'));
    expect(encoded[0]).toBe(0);
    const { schemaId, body } = decodeWireFormat(encoded);
    expect(registry.requests).toContain('POST /subjects/prices-value/versions');
    // The body is plain Avro binary of the schema: a reader with the schema alone decodes it.
    expect(avro.Type.forSchema(priceSchema as avro.Schema).fromBuffer(body)).toMatchObject({
      symbol: 'EURUSD',
      venue: 'LDN',
    });
    const decoder = new AvroToJson(client);
    expect(await decoder.convert({ kind: 'bytes', value: encoded })).toEqual({
      kind: 'json',
      value: price,
    });
    expect(registry.requests).toContain(`GET /schemas/ids/${schemaId}`);
  });

  it('registers once per subject and fetches each schema id once', async () => {
    const encoder = new JsonToAvro(client, avroTypeOf(priceSchema), 'prices-cached');
    const decoder = new AvroToJson(client);
    const before = registry.requests.length;
    for (let index = 0; index < 5; index += 1) {
      const encoded = await encoder.convert({ kind: 'json', value: price }, 'ignored-topic');
      await decoder.convert(encoded);
    }
    expect(registry.requests.slice(before)).toEqual([
      'POST /subjects/prices-cached/versions',
      expect.stringMatching(/^GET \/schemas\/ids\/\d+$/),
    ]);
  });

  it('decodes a value another producer wrote with a schema it registered', async () => {
    const reading = { type: 'record', name: 'Reading', fields: [{ name: 'celsius', type: 'int' }] };
    const id = registry.seed('sensors-value', reading);
    const body = avro.Type.forSchema(reading as avro.Schema).toBuffer({ celsius: 21 });
    const decoded = await new AvroToJson(client).convert({
      kind: 'bytes',
      value: encodeWireFormat(id, body),
    });
    expect(decoded).toEqual({ kind: 'json', value: { celsius: 21 } });
  });
});

describe('what fails, in words', () => {
  it.each<[string, Uint8Array, string]>([
    [
      'a value too short for the header',
      Uint8Array.from([0, 0, 1]),
      'the value is 3 bytes long, shorter than the 5-byte schema registry header',
    ],
    [
      'a value without the magic byte',
      new TextEncoder().encode('{"bid":1}'),
      "the value starts with byte 0x7b, not the schema registry's magic byte 0",
    ],
    [
      'an id the registry does not know',
      encodeWireFormat(9_999, Uint8Array.from([2])),
      'schema 9999 could not be read: The schema registry ',
    ],
  ])('%s', async (_case, value, message) => {
    await expect(new AvroToJson(client).convert({ kind: 'bytes', value })).rejects.toThrow(message);
  });

  it('says the registry does not know the id, with its error code', async () => {
    await expect(
      new AvroToJson(client).convert({
        kind: 'bytes',
        value: encodeWireFormat(9_999, Uint8Array.from([2])),
      }),
    ).rejects.toThrow('refused GET /schemas/ids/9999: Schema not found (error code 40403)');
  });

  it('says Avro data does not match its schema', async () => {
    const reading = {
      type: 'record',
      name: 'Truncated',
      fields: [{ name: 'name', type: 'string' }],
    };
    const id = registry.seed('truncated-value', reading);
    await expect(
      new AvroToJson(client).convert({
        kind: 'bytes',
        value: encodeWireFormat(id, Uint8Array.from([40, 65])),
      }),
    ).rejects.toThrow(`the Avro data does not match schema ${id} ("Truncated"): truncated buffer`);
  });

  it('says which value does not match the schema when encoding', async () => {
    const encoder = new JsonToAvro(client, avroTypeOf(priceSchema), null);
    await expect(
      encoder.convert({ kind: 'json', value: { ...price, bid: 'high' } }, 'prices'),
    ).rejects.toThrow(
      'the value does not match the Avro schema "Price" (invalid "double": "high")',
    );
  });

  it('says the registry refused wrong credentials', async () => {
    const stranger = new SchemaRegistryClient({
      url: registry.url,
      userInfo: 'registry-user:wrong',
    });
    await expect(
      new JsonToAvro(stranger, avroTypeOf(priceSchema), null).convert(
        { kind: 'json', value: price },
        'prices',
      ),
    ).rejects.toThrow(
      `the schema could not be registered under subject "prices-value": The schema registry ${registry.url} refused POST /subjects/prices-value/versions: Unauthorized (error code 40101)`,
    );
  });

  it('says a registry that is not there could not be reached', async () => {
    const closed = await startFakeSchemaRegistry();
    const url = closed.url;
    await closed.close();
    const gone = new SchemaRegistryClient({ url });
    await expect(gone.schemaById(1)).rejects.toThrow(
      `The schema registry ${url} could not be reached for GET /schemas/ids/1: connect ECONNREFUSED`,
    );
  });

  it('refuses a schema that is not Avro', () => {
    expect(() => avroTypeOf({ type: 'record', name: 'NoFields' })).toThrow(
      'the Avro schema is not valid (',
    );
  });
});

describe('schemaRegistryOptionsFrom a cluster configuration', () => {
  it.each<[string, Record<string, string>, unknown]>([
    ['no registry', { acks: 'all' }, null],
    [
      'a registry without credentials',
      { 'schema.registry.url': 'http://r:8081' },
      { url: 'http://r:8081' },
    ],
    [
      'a registry with USER_INFO credentials',
      {
        'schema.registry.url': 'http://r:8081',
        'basic.auth.user.info': 'u:p',
        'basic.auth.credentials.source': 'USER_INFO',
      },
      { url: 'http://r:8081', userInfo: 'u:p' },
    ],
    [
      'credentials from another source, which are not used',
      {
        'schema.registry.url': 'http://r:8081',
        'basic.auth.user.info': 'u:p',
        'basic.auth.credentials.source': 'SASL_INHERIT',
      },
      { url: 'http://r:8081' },
    ],
  ])('%s', (_case, configuration, options) => {
    expect(schemaRegistryOptionsFrom(configuration)).toEqual(options);
  });

  it.each(['registry 8081', 'ftp://registry'])('refuses the url %s, in words', (url) => {
    expect(() => new SchemaRegistryClient({ url })).toThrow(
      `The schema registry url "${url}" is not an http:// or https:// address`,
    );
  });

  it('never puts credentials of the URL in its messages', () => {
    const withCredentials = new SchemaRegistryClient({ url: 'http://u:secret@r:8081/' });
    expect(withCredentials.where).toBe('schema registry http://r:8081');
  });
});
