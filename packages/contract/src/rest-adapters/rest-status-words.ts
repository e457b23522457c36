import type { RestAdapterState } from './rest-adapter-state';
import type { RestEndpointState, RestPollResult, RestValuePreview } from './rest-adapter-process';
import { parseValuePointer, pointInto } from './value-pointer';

/**
 * What the REST API screens say about an endpoint and the adapter (issue 28 item 5): status words for people, with a
 * tone the screens colour (docs/decisions/053). Pure, so the words are chosen in one place and tested as a table.
 */

export type RestEndpointTone = 'published' | 'unchanged' | 'failed' | 'pending';

export interface RestStatusWords<T extends string> {
  tone: T;
  words: string;
}

/** "just now", "12 s ago", "5 min ago", "3 h ago", "2 d ago": how long ago `at` was, seen at `now`. */
export function timeAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1_000));
  if (seconds < 1) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** The cause of a failed poll in words: the process's own text, else the HTTP status, else that no answer came. */
export function failureCause(error: string | null, status: number | null): string {
  if (error !== null && error.trim() !== '') return error;
  if (status !== null) return `the API answered HTTP ${status}`;
  return 'no answer from the API';
}

/**
 * An endpoint's last poll in words: "Published 12 s ago" (when the value last changed on its topic), "Unchanged",
 * "Failed: <cause>", "Not polled yet" (no state: the adapter has not reported it, or not polled it).
 */
export function endpointStatusWords(
  state: RestEndpointState | undefined,
  now: number,
): RestStatusWords<RestEndpointTone> {
  if (state === undefined || state.lastPollAt === null || state.lastOutcome === null) {
    return { tone: 'pending', words: 'Not polled yet' };
  }
  switch (state.lastOutcome) {
    case 'published':
      return {
        tone: 'published',
        words: `Published ${timeAgo(state.lastValueAt ?? state.lastPollAt, now)}`,
      };
    case 'unchanged':
      return { tone: 'unchanged', words: 'Unchanged' };
    case 'failed':
      return {
        tone: 'failed',
        words: `Failed: ${failureCause(state.lastError, state.lastStatus)}`,
      };
  }
}

/** A "Poll now" or preview answer's outcome in words; a preview publishes nothing, so it says what a poll would do. */
export function pollResultWords(result: RestPollResult): RestStatusWords<RestEndpointTone> {
  switch (result.outcome) {
    case 'published':
      return result.published
        ? { tone: 'published', words: `Published to ${result.topicPath}` }
        : { tone: 'published', words: `Would publish to ${result.topicPath}` };
    case 'unchanged':
      return { tone: 'unchanged', words: `Unchanged: nothing new for ${result.topicPath}` };
    case 'failed':
      return { tone: 'failed', words: `Failed: ${failureCause(result.error, result.status)}` };
  }
}

export type RestAdapterTone = 'none' | 'checking' | 'disabled' | 'starting' | 'running' | 'stopped';

/**
 * The adapter's status in words, from GET /rest/state (undefined while loading). The status names are the
 * workload's (the service statuses of section 4, STOPPED when there is no adapter), as the Kafka adapters show theirs.
 */
export function restAdapterStatusWords(
  state: RestAdapterState | undefined,
): RestStatusWords<RestAdapterTone> {
  if (state === undefined) return { tone: 'checking', words: 'Checking…' };
  if (state.adapter === null) {
    return { tone: 'none', words: 'No adapter yet: the first API added starts one' };
  }
  if (!state.adapter.active) return { tone: 'disabled', words: 'Disabled' };
  if (state.running) return { tone: 'running', words: 'Polling' };
  switch (state.status) {
    // An active adapter is stopped only with its service (decision 052).
    case 'SUSPENDED':
      return { tone: 'stopped', words: 'Stopped with its service' };
    case 'CHECKING':
      return { tone: 'checking', words: 'Checking…' };
    case 'STARTING':
    case 'POD_PENDING':
    case 'POD_INITIALIZING':
    case 'POD_RUNNING_PENDING_DNS':
      return { tone: 'starting', words: 'Starting' };
    case 'ERROR':
      return { tone: 'stopped', words: 'Stopped after an error: restarting' };
    case 'STOPPED':
    case 'UNAVAILABLE':
      return { tone: 'stopped', words: 'Stopped' };
    default:
      return { tone: 'starting', words: 'Starting or restarting' };
  }
}

/** "JSON · 1.2 KB", "BINARY · 12 bytes (first 4 KB shown)": a value's type and size. */
export function valueSummary(value: RestValuePreview): string {
  const size =
    value.bytes < 1_000 ? `${value.bytes} bytes` : `${(value.bytes / 1_000).toFixed(1)} KB`;
  return `${value.type} · ${size}${value.truncated ? ' (start shown)' : ''}`;
}

export type PointerPreview =
  | { kind: 'whole' }
  | { kind: 'invalid'; error: string }
  | { kind: 'value'; text: string }
  | { kind: 'missing'; words: string };

/**
 * The value pointer applied, in the form, to the body the preview fetched (issue 28 item 6): what the topic would
 * carry as the person types. No pointer: the whole body. A pointer needs a whole JSON body; a cut one cannot be read.
 */
export function previewPointer(pointerText: string, body: RestValuePreview | null): PointerPreview {
  const text = pointerText.trim();
  if (text === '') return { kind: 'whole' };
  const parsed = parseValuePointer(text);
  if (!parsed.ok) return { kind: 'invalid', error: parsed.error };
  if (body === null) return { kind: 'missing', words: 'The API sent no body' };
  if (body.type !== 'JSON') {
    return {
      kind: 'missing',
      words: `A value pointer needs a JSON body; this one is ${body.type}`,
    };
  }
  if (body.truncated) {
    return {
      kind: 'missing',
      words: 'The body is too long to preview whole here: save and use "Poll now" to see the value',
    };
  }
  let document: unknown;
  try {
    document = JSON.parse(body.preview);
  } catch {
    return { kind: 'missing', words: 'The body is not valid JSON' };
  }
  const pointed = pointInto(document, parsed.steps);
  if (!pointed.found) return { kind: 'missing', words: `Nothing at ${pointed.missingAt}` };
  return { kind: 'value', text: JSON.stringify(pointed.value, null, 2) ?? 'undefined' };
}
