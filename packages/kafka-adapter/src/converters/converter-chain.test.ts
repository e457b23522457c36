import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSchemaRegistry, type FakeSchemaRegistry } from '../testing/fake-schema-registry';
import { ConverterChainError, PayloadConversionError } from './conversion-error';
import { buildConverterChain } from './converter-chain';
import type { ConversionContext, Payload } from './payload';
import { SchemaRegistryClient } from './schema-registry-client';

const fromKafka: ConversionContext = {
  record: { kafkaTopic: 'prices', partition: 2, offset: '41' },
  kafkaTopic: 'prices',
};
const toKafka: ConversionContext = { record: { topicPath: 'fx/EURUSD' }, kafkaTopic: 'fx.EURUSD' };
const text = (value: string): Payload => ({ kind: 'string', value });
const priceSchema = {
  type: 'record',
  name: 'Price',
  fields: [
    { name: 'bid', type: 'double' },
    { name: 'ask', type: 'double' },
  ],
};

let registry: FakeSchemaRegistry;
let client: SchemaRegistryClient;
beforeAll(async () => {
  registry = await startFakeSchemaRegistry();
  client = new SchemaRegistryClient({ url: registry.url });
});
afterAll(() => registry.close());

describe('a chain of converters', () => {
  it.each<[string, { name: string; parameters?: Record<string, unknown> }[], Payload, Payload]>([
    ['no converter', [], text('as is'), text('as is')],
    [
      '$CSV_to_JSON with headers then $JSON_to_String',
      [
        { name: '$CSV_to_JSON', parameters: { headers: ['bid', 'ask'] } },
        { name: '$JSON_to_String' },
      ],
      text('1.1,1.2'),
      text('{"bid":"1.1","ask":"1.2"}'),
    ],
    [
      '$String_to_JSON then $JSON_to_String',
      [{ name: '$String_to_JSON' }, { name: '$JSON_to_String' }],
      text('{ "bid" : 1.1 }'),
      text('{"bid":1.1}'),
    ],
    [
      '$Object_to_JSON of a long',
      [{ name: '$Object_to_JSON' }],
      { kind: 'long', value: 7n },
      { kind: 'json', value: 7 },
    ],
  ])('%s', async (_case, descriptions, input, output) => {
    const chain = buildConverterChain(descriptions, { registry: null });
    expect(await chain.convert(input, fromKafka)).toEqual(output);
  });

  it('runs JSON to Avro and back through the registry', async () => {
    const toAvro = buildConverterChain(
      [{ name: '$String_to_JSON' }, { name: '$JSON_to_Avro', payloadConverterSchema: priceSchema }],
      { registry: client },
    );
    const fromAvro = buildConverterChain([{ name: '$Avro_to_JSON' }, { name: '$JSON_to_String' }], {
      registry: client,
    });
    const produced = await toAvro.convert(text('{"bid":1.5,"ask":1.75}'), toKafka);
    expect(produced.kind).toBe('bytes');
    expect(registry.requests).toContain('POST /subjects/fx.EURUSD-value/versions');
    expect(await fromAvro.convert(produced, fromKafka)).toEqual(text('{"bid":1.5,"ask":1.75}'));
  });

  it('names the converter and the Kafka record that failed', async () => {
    const chain = buildConverterChain([{ name: '$String_to_JSON' }], { registry: null });
    const failure = await chain.convert(text('bid=1'), fromKafka).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PayloadConversionError);
    expect((failure as Error).message).toMatch(
      /^\$String_to_JSON could not convert the record at offset 41 of Kafka topic "prices" partition 2: the text is not JSON \(/,
    );
    expect((failure as Error).message).not.toContain('    at ');
  });

  it('names the converter and our topic when a published value fails', async () => {
    const chain = buildConverterChain(
      [
        { name: '$CSV_to_JSON', parameters: { headers: ['bid', 'ask'] } },
        { name: '$JSON_to_String' },
      ],
      { registry: null },
    );
    await expect(chain.convert(text('1,2,3'), toKafka)).rejects.toThrow(
      '$CSV_to_JSON could not convert the value of topic "fx/EURUSD": row 1 has 3 fields but there are 2 headers (bid, ask)',
    );
  });
});

describe('a chain that cannot be built', () => {
  it.each<[string, { name: string; payloadConverterSchema?: Record<string, unknown> }[], string]>([
    [
      'an Avro step without a schema registry',
      [{ name: '$Avro_to_JSON' }],
      'Converter 1 ($Avro_to_JSON) needs a schema registry: set schema.registry.url in the cluster configuration',
    ],
    [
      'steps that cannot follow each other',
      [{ name: '$Object_to_JSON' }, { name: '$JSON_to_String' }, { name: '$JSON_to_String' }],
      'Converter 3 ($JSON_to_String) takes json, but the converter before it gives string',
    ],
    [
      'an unknown converter',
      [{ name: '$XML_to_JSON' }],
      'Converter 1 ($XML_to_JSON) is not a known converter',
    ],
    [
      'an Avro schema that does not parse',
      [{ name: '$JSON_to_Avro', payloadConverterSchema: { type: 'record', name: 'X' } }],
      'Converter 1 ($JSON_to_Avro): the Avro schema is not valid (',
    ],
  ])('%s', (_case, descriptions, message) => {
    // Only the first case goes without a registry: the others would build with one.
    const withRegistry = !descriptions.some((step) => step.name === '$Avro_to_JSON');
    const build = () =>
      buildConverterChain(descriptions, { registry: withRegistry ? client : null });
    expect(build).toThrow(ConverterChainError);
    expect(build).toThrow(message);
  });
});
