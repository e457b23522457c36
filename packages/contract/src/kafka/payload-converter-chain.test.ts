import { describe, expect, it } from 'vitest';
import { checkConverterChain, type ConverterStepDescription } from './payload-converter-chain';

const avroSchema = { type: 'record', name: 'Price', fields: [{ name: 'bid', type: 'double' }] };

describe('checkConverterChain', () => {
  it.each<[string, ConverterStepDescription[]]>([
    ['no converter', []],
    ['object to JSON to string', [{ name: '$Object_to_JSON' }, { name: '$JSON_to_String' }]],
    ['CSV with headers', [{ name: '$CSV_to_JSON', parameters: { headers: ['bid', 'ask'] } }]],
    ['string to JSON to string', [{ name: '$String_to_JSON' }, { name: '$JSON_to_String' }]],
    ['Avro to JSON to string', [{ name: '$Avro_to_JSON' }, { name: '$JSON_to_String' }]],
    [
      'JSON to Avro with a subject',
      [
        {
          name: '$JSON_to_Avro',
          parameters: { subject: 'prices-value' },
          payloadConverterSchema: avroSchema,
        },
      ],
    ],
  ])('accepts %s', (_case, chain) => {
    expect(checkConverterChain(chain)).toEqual([]);
  });

  it.each<[string, ConverterStepDescription[], string[]]>([
    [
      'an unknown name',
      [{ name: '$XML_to_JSON' }],
      [
        'Converter 1 ($XML_to_JSON) is not a known converter; the converters are $Object_to_JSON, $JSON_to_String, $String_to_JSON, $CSV_to_JSON, $Avro_to_JSON, $JSON_to_Avro',
      ],
    ],
    [
      'a string step after a string',
      [{ name: '$Object_to_JSON' }, { name: '$JSON_to_String' }, { name: '$JSON_to_String' }],
      ['Converter 3 ($JSON_to_String) takes json, but the converter before it gives string'],
    ],
    [
      'headers that are not a list',
      [{ name: '$CSV_to_JSON', parameters: { headers: 'bid,ask' } }],
      ['Converter 1 ($CSV_to_JSON): parameter "headers" must be a list of column names'],
    ],
    [
      'a header named twice',
      [{ name: '$CSV_to_JSON', parameters: { headers: ['bid', 'bid'] } }],
      ['Converter 1 ($CSV_to_JSON): parameter "headers" names column "bid" twice'],
    ],
    [
      'JSON to Avro without a schema and with an empty subject',
      [{ name: '$JSON_to_Avro', parameters: { subject: ' ' } }],
      [
        'Converter 1 ($JSON_to_Avro): parameter "subject" must be a schema registry subject name',
        'Converter 1 ($JSON_to_Avro) needs an Avro schema in payloadConverterSchema',
      ],
    ],
    [
      'Avro after JSON',
      [{ name: '$String_to_JSON' }, { name: '$Avro_to_JSON' }],
      ['Converter 2 ($Avro_to_JSON) takes bytes, but the converter before it gives json'],
    ],
  ])('refuses %s', (_case, chain, messages) => {
    expect(checkConverterChain(chain).map((problem) => problem.message)).toEqual(messages);
  });
});
