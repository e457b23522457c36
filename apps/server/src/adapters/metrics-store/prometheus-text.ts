import type { RuntimeScrape } from './metrics-store';

/**
 * A small, strict reader of the Prometheus text exposition format (version 0.0.4): `# HELP` / `# TYPE` / comment
 * lines, and samples `name{label="value",...} value [timestamp]`. Enough for what our runtimes export; a malformed
 * line throws (naming the line) rather than being guessed at, so a scrape never records a wrong reading.
 */

export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
  /** Milliseconds, when the line carries one. */
  timestamp?: number;
}

export class ExpositionError extends Error {
  override name = 'ExpositionError';
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;

function parseValue(text: string, line: number): number {
  switch (text) {
    case '+Inf':
    case 'Inf':
      return Number.POSITIVE_INFINITY;
    case '-Inf':
      return Number.NEGATIVE_INFINITY;
    case 'NaN':
      return Number.NaN;
  }
  // Number('') is 0 and Number('0x10') is 16: only decimal floats are values.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) {
    throw new ExpositionError(`line ${line}: "${text}" is not a sample value`);
  }
  return Number(text);
}

/** Reads `{a="x",b="y"}` from the start of `text`; returns the labels and the rest of the line. */
function parseLabels(text: string, line: number): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let index = 1;
  const fail = (why: string): never => {
    throw new ExpositionError(`line ${line}: ${why}`);
  };
  for (;;) {
    while (text[index] === ' ') index += 1;
    if (text[index] === '}') return { labels, rest: text.slice(index + 1) };
    const name = LABEL_NAME.exec(text.slice(index))?.[0] ?? fail('a label name was expected');
    index += name.length;
    while (text[index] === ' ') index += 1;
    if (text[index] !== '=') fail(`"=" was expected after label ${name}`);
    index += 1;
    while (text[index] === ' ') index += 1;
    if (text[index] !== '"') fail(`the value of label ${name} must be quoted`);
    index += 1;
    let value = '';
    for (;;) {
      const char = text[index];
      if (char === undefined) fail(`the value of label ${name} is not closed`);
      index += 1;
      if (char === '"') break;
      if (char === '\\') {
        const escaped = text[index];
        index += 1;
        if (escaped === 'n') value += '\n';
        else if (escaped === '\\' || escaped === '"') value += escaped;
        else fail(`unknown escape in the value of label ${name}`);
      } else {
        value += char;
      }
    }
    if (name in labels) fail(`label ${name} appears twice`);
    labels[name] = value;
    while (text[index] === ' ') index += 1;
    if (text[index] === ',') index += 1;
    else if (text[index] !== '}') fail('"," or "}" was expected after a label');
  }
}

export function parsePrometheusText(text: string): PrometheusSample[] {
  const samples: PrometheusSample[] = [];
  text.split('\n').forEach((raw, lineIndex) => {
    const line = lineIndex + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const name = METRIC_NAME.exec(trimmed)?.[0];
    if (!name) throw new ExpositionError(`line ${line}: a metric name was expected`);
    let rest = trimmed.slice(name.length);
    let labels: Record<string, string> = {};
    // Blanks may separate the tokens of a line, also the name from its labels.
    if (rest.trimStart().startsWith('{')) ({ labels, rest } = parseLabels(rest.trimStart(), line));
    if (rest !== '' && !rest.startsWith(' ') && !rest.startsWith('\t')) {
      throw new ExpositionError(`line ${line}: a space was expected after ${name}`);
    }
    const fields = rest.trim().split(/[ \t]+/);
    if (fields.length < 1 || fields.length > 2 || fields[0] === '') {
      throw new ExpositionError(`line ${line}: a value (and an optional timestamp) was expected`);
    }
    const sample: PrometheusSample = { name, labels, value: parseValue(fields[0]!, line) };
    if (fields[1] !== undefined) {
      if (!/^-?\d+$/.test(fields[1])) {
        throw new ExpositionError(`line ${line}: "${fields[1]}" is not a timestamp`);
      }
      sample.timestamp = Number(fields[1]);
    }
    samples.push(sample);
  });
  return samples;
}

/** The series a usage scrape reads (docs/decisions/022). */
export const RUNTIME_SCRAPE_SERIES = {
  startedAt: 'herald_runtime_start_time_seconds',
  billedMessages: 'herald_billed_messages_total',
  messagesIn: 'herald_messages_in_total',
  adapterBilledMessages: 'herald_adapter_billed_messages_total',
  bytes: 'herald_bytes_total',
  sessions: 'herald_sessions',
  topics: 'herald_topics',
} as const satisfies Record<keyof RuntimeScrape, string>;

/** The usage reading of one runtime's /metrics; throws when a series is missing, repeated or not a count. */
export function readRuntimeScrape(text: string): RuntimeScrape {
  const samples = parsePrometheusText(text);
  const read = (name: string, whenMissing?: number): number => {
    const found = samples.filter((sample) => sample.name === name);
    if (found.length === 0 && whenMissing !== undefined) return whenMissing;
    if (found.length !== 1) {
      throw new ExpositionError(
        found.length === 0 ? `${name} is missing` : `${name} appears ${found.length} times`,
      );
    }
    const { value } = found[0]!;
    if (!Number.isFinite(value) || value < 0) {
      throw new ExpositionError(`${name} is ${value}, not a count`);
    }
    return value;
  };
  return {
    startedAt: read(RUNTIME_SCRAPE_SERIES.startedAt),
    billedMessages: read(RUNTIME_SCRAPE_SERIES.billedMessages),
    messagesIn: read(RUNTIME_SCRAPE_SERIES.messagesIn),
    // A runtime adopted from before issue 27 lacks the series; it also refuses adapter tokens (no `adapter` scope
    // in its claims schema), so no adapter's message was billed there: 0 is its true count, not a guess.
    adapterBilledMessages: read(RUNTIME_SCRAPE_SERIES.adapterBilledMessages, 0),
    bytes: read(RUNTIME_SCRAPE_SERIES.bytes),
    sessions: read(RUNTIME_SCRAPE_SERIES.sessions),
    topics: read(RUNTIME_SCRAPE_SERIES.topics),
  };
}
