/**
 * The payload converters a publisher or subscriber may chain (issue 27 item 5), and the checks a chain passes before
 * it is saved or run: every name known, every parameter of the right shape, and each converter's output a kind the
 * next one takes. The conversions themselves run in packages/kafka-adapter.
 */
export const PAYLOAD_KINDS = ['json', 'string', 'bytes', 'number', 'long'] as const;
export type PayloadKind = (typeof PAYLOAD_KINDS)[number];

interface ConverterRule {
  /** The kinds it takes; a Kafka value deserialised by its type is string, json, bytes, number or long. */
  from: readonly PayloadKind[];
  to: PayloadKind;
  /** Checks the parameters; returns the problem in words, or null. */
  checkParameters: (parameters: Readonly<Record<string, unknown>>) => string | null;
}

const noParameters = () => null;

function checkHeaders(parameters: Readonly<Record<string, unknown>>): string | null {
  const headers = parameters['headers'];
  if (headers === undefined) return null;
  if (
    !Array.isArray(headers) ||
    !headers.every((header) => typeof header === 'string' && header.trim() !== '')
  ) {
    return 'parameter "headers" must be a list of column names';
  }
  const duplicate = headers.find((header, index) => headers.indexOf(header) !== index);
  return duplicate === undefined
    ? null
    : `parameter "headers" names column "${String(duplicate)}" twice`;
}

function checkSubject(parameters: Readonly<Record<string, unknown>>): string | null {
  const subject = parameters['subject'];
  if (subject === undefined || (typeof subject === 'string' && subject.trim() !== '')) return null;
  return 'parameter "subject" must be a schema registry subject name';
}

export const PAYLOAD_CONVERTERS = {
  $Object_to_JSON: { from: PAYLOAD_KINDS, to: 'json', checkParameters: noParameters },
  $JSON_to_String: { from: ['json'], to: 'string', checkParameters: noParameters },
  $String_to_JSON: { from: ['string', 'bytes'], to: 'json', checkParameters: noParameters },
  $CSV_to_JSON: { from: ['string', 'bytes'], to: 'json', checkParameters: checkHeaders },
  $Avro_to_JSON: { from: ['bytes'], to: 'json', checkParameters: noParameters },
  /** The Avro schema is the converter's `payloadConverterSchema`; `subject` defaults to `{kafkaTopic}-value`. */
  $JSON_to_Avro: { from: ['json'], to: 'bytes', checkParameters: checkSubject },
} as const satisfies Record<string, ConverterRule>;

export type PayloadConverterName = keyof typeof PAYLOAD_CONVERTERS;
export const PAYLOAD_CONVERTER_NAMES = Object.keys(PAYLOAD_CONVERTERS) as PayloadConverterName[];

export function isPayloadConverterName(name: string): name is PayloadConverterName {
  return Object.hasOwn(PAYLOAD_CONVERTERS, name);
}

export interface ConverterStepDescription {
  name: string;
  parameters?: Readonly<Record<string, unknown>>;
  payloadConverterSchema?: Readonly<Record<string, unknown>> | null;
}

export interface ChainProblem {
  /** Index of the converter in the chain. */
  index: number;
  message: string;
}

/** Every problem of a chain, each naming the converter by its place and name; empty when the chain can run. */
export function checkConverterChain(chain: readonly ConverterStepDescription[]): ChainProblem[] {
  const problems: ChainProblem[] = [];
  let previous: PayloadKind | undefined;
  chain.forEach((step, index) => {
    const where = `Converter ${index + 1} (${step.name})`;
    if (!isPayloadConverterName(step.name)) {
      problems.push({
        index,
        message: `${where} is not a known converter; the converters are ${PAYLOAD_CONVERTER_NAMES.join(', ')}`,
      });
      previous = undefined;
      return;
    }
    const rule: ConverterRule = PAYLOAD_CONVERTERS[step.name];
    const parameterProblem = rule.checkParameters(step.parameters ?? {});
    if (parameterProblem !== null)
      problems.push({ index, message: `${where}: ${parameterProblem}` });
    if (step.name === '$JSON_to_Avro' && !step.payloadConverterSchema) {
      problems.push({ index, message: `${where} needs an Avro schema in payloadConverterSchema` });
    }
    if (previous !== undefined && !rule.from.includes(previous)) {
      problems.push({
        index,
        message: `${where} takes ${rule.from.join(' or ')}, but the converter before it gives ${previous}`,
      });
    }
    previous = rule.to;
  });
  return problems;
}
