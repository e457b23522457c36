import {
  checkConverterChain,
  type ConverterStepDescription,
  type PayloadConverterName,
} from '@herald/contract/kafka/payload-converter-chain';
import { AvroToJson, avroTypeOf, JsonToAvro } from './avro-converters';
import {
  ConversionFailure,
  ConverterChainError,
  messageOf,
  PayloadConversionError,
} from './conversion-error';
import { csvToJson } from './csv-to-json';
import type { ConversionContext, Payload } from './payload';
import type { SchemaRegistryClient } from './schema-registry-client';
import { jsonToString, objectToJson, stringToJson } from './simple-converters';

type Step = {
  name: PayloadConverterName;
  run: (payload: Payload, context: ConversionContext) => Payload | Promise<Payload>;
};

export interface ConverterChain {
  /** The converters' names in order. */
  readonly names: readonly string[];
  /** Runs every converter in order; a failure is a PayloadConversionError naming the converter and the record. */
  convert(payload: Payload, context: ConversionContext): Promise<Payload>;
}

export interface ChainOptions {
  /** The cluster's schema registry (spec section 3: its keys in the cluster configuration); the Avro steps need it. */
  registry: SchemaRegistryClient | null;
}

function stepFor(
  description: ConverterStepDescription,
  name: PayloadConverterName,
  options: ChainOptions,
): Step {
  const parameters = description.parameters ?? {};
  switch (name) {
    case '$Object_to_JSON':
      return { name, run: objectToJson };
    case '$JSON_to_String':
      return { name, run: jsonToString };
    case '$String_to_JSON':
      return { name, run: stringToJson };
    case '$CSV_to_JSON': {
      const headers = parameters['headers'] as string[] | undefined;
      return { name, run: (payload) => csvToJson(payload, headers) };
    }
    case '$Avro_to_JSON': {
      const converter = new AvroToJson(options.registry as SchemaRegistryClient);
      return { name, run: (payload) => converter.convert(payload) };
    }
    case '$JSON_to_Avro': {
      const subject = (parameters['subject'] as string | undefined) ?? null;
      const converter = new JsonToAvro(
        options.registry as SchemaRegistryClient,
        avroTypeOf(description.payloadConverterSchema),
        subject,
      );
      return { name, run: (payload, context) => converter.convert(payload, context.kafkaTopic) };
    }
  }
}

/**
 * A publisher's or subscriber's `payloadConverters` as a chain that runs. Refused, with every problem in words,
 * when the contract's chain check fails, an Avro step has no schema registry, or a schema is not valid Avro.
 */
export function buildConverterChain(
  descriptions: readonly ConverterStepDescription[],
  options: ChainOptions,
): ConverterChain {
  const problems = checkConverterChain(descriptions).map((problem) => problem.message);
  const steps: Step[] = [];
  descriptions.forEach((description, index) => {
    const name = description.name as PayloadConverterName;
    const where = `Converter ${index + 1} (${description.name})`;
    if ((name === '$Avro_to_JSON' || name === '$JSON_to_Avro') && options.registry === null) {
      problems.push(
        `${where} needs a schema registry: set schema.registry.url in the cluster configuration`,
      );
    }
    if (problems.length > 0) return;
    try {
      steps.push(stepFor(description, name, options));
    } catch (error) {
      problems.push(`${where}: ${messageOf(error)}`);
    }
  });
  if (problems.length > 0) throw new ConverterChainError(problems);
  return {
    names: steps.map((step) => step.name),
    async convert(payload, context) {
      let current = payload;
      for (const step of steps) {
        try {
          current = await step.run(current, context);
        } catch (error) {
          if (error instanceof ConversionFailure) {
            throw new PayloadConversionError(step.name, context.record, error.message, {
              cause: error,
            });
          }
          throw new PayloadConversionError(step.name, context.record, messageOf(error), {
            cause: error,
          });
        }
      }
      return current;
    },
  };
}
