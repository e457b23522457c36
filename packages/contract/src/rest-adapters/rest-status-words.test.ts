import { describe, expect, it } from 'vitest';
import type { RestEndpointState, RestPollResult, RestValuePreview } from './rest-adapter-process';
import type { RestAdapterState } from './rest-adapter-state';
import {
  endpointStatusWords,
  pollResultWords,
  previewPointer,
  restAdapterStatusWords,
  timeAgo,
  valueSummary,
} from './rest-status-words';

const NOW = 1_800_000_000_000;

function endpointState(overrides: Partial<RestEndpointState> = {}): RestEndpointState {
  return {
    apiId: 'api-1',
    endpointId: 'ep-1',
    topicPath: 'prices/eur',
    lastPollAt: NOW - 2_000,
    lastOutcome: 'published',
    lastStatus: 200,
    lastDurationMs: 40,
    lastError: null,
    lastValue: null,
    lastValueAt: NOW - 12_000,
    consecutiveFailures: 0,
    nextPollAt: null,
    ...overrides,
  };
}

describe('how long ago', () => {
  it.each([
    [0, 'just now'],
    [999, 'just now'],
    [12_000, '12 s ago'],
    [59_999, '59 s ago'],
    [60_000, '1 min ago'],
    [3_599_000, '59 min ago'],
    [3_600_000, '1 h ago'],
    [86_400_000, '1 d ago'],
    // A clock a little ahead of the browser's is "just now", not the future.
    [-5_000, 'just now'],
  ])('%i ms ago is "%s"', (elapsed, words) => {
    expect(timeAgo(NOW - elapsed, NOW)).toBe(words);
  });
});

describe("an endpoint's status in words", () => {
  it.each<[string, RestEndpointState | undefined, string, string]>([
    ['no state', undefined, 'pending', 'Not polled yet'],
    [
      'never polled',
      endpointState({ lastPollAt: null, lastOutcome: null }),
      'pending',
      'Not polled yet',
    ],
    ['published: when the value changed', endpointState(), 'published', 'Published 12 s ago'],
    [
      'published without a value time: the poll time',
      endpointState({ lastValueAt: null }),
      'published',
      'Published 2 s ago',
    ],
    ['unchanged', endpointState({ lastOutcome: 'unchanged' }), 'unchanged', 'Unchanged'],
    [
      'failed with a cause',
      endpointState({ lastOutcome: 'failed', lastError: 'Timed out after 10 s' }),
      'failed',
      'Failed: Timed out after 10 s',
    ],
    [
      'failed with a status only',
      endpointState({ lastOutcome: 'failed', lastError: null, lastStatus: 503 }),
      'failed',
      'Failed: the API answered HTTP 503',
    ],
    [
      'failed with nothing',
      endpointState({ lastOutcome: 'failed', lastError: ' ', lastStatus: null }),
      'failed',
      'Failed: no answer from the API',
    ],
  ])('%s', (_, state, tone, words) => {
    expect(endpointStatusWords(state, NOW)).toEqual({ tone, words });
  });
});

describe("a poll's outcome in words", () => {
  const result = (overrides: Partial<RestPollResult>): RestPollResult => ({
    apiId: 'api-1',
    endpointId: 'ep-1',
    url: 'https://x.example/a',
    topicPath: 'prices/eur',
    outcome: 'published',
    status: 200,
    contentType: 'application/json',
    durationMs: 3,
    body: null,
    value: null,
    published: true,
    error: null,
    at: NOW,
    ...overrides,
  });
  it.each<[string, Partial<RestPollResult>, string]>([
    ['published', {}, 'Published to prices/eur'],
    ['a preview', { endpointId: null, published: false }, 'Would publish to prices/eur'],
    [
      'unchanged',
      { outcome: 'unchanged', published: false },
      'Unchanged: nothing new for prices/eur',
    ],
    [
      'failed',
      { outcome: 'failed', status: 404, error: null },
      'Failed: the API answered HTTP 404',
    ],
  ])('%s', (_, overrides, words) => {
    expect(pollResultWords(result(overrides)).words).toBe(words);
  });
});

describe("the adapter's status in words", () => {
  const adapter = {
    adapterId: 'ra-1',
    type: 'rest-gateway' as const,
    version: '1.0',
    active: true,
  };
  const state = (overrides: Partial<RestAdapterState>): RestAdapterState => ({
    adapter,
    running: false,
    status: 'RUNNING',
    endpoints: [],
    ...overrides,
  });
  it.each<[string, RestAdapterState | undefined, string, string]>([
    ['loading', undefined, 'checking', 'Checking…'],
    [
      'none yet',
      state({ adapter: null }),
      'none',
      'No adapter yet: the first API added starts one',
    ],
    ['inactive', state({ adapter: { ...adapter, active: false } }), 'disabled', 'Disabled'],
    ['running', state({ running: true }), 'running', 'Polling'],
    ['its service stopped', state({ status: 'SUSPENDED' }), 'stopped', 'Stopped with its service'],
    ['checking', state({ status: 'CHECKING' }), 'checking', 'Checking…'],
    ['starting', state({ status: 'STARTING' }), 'starting', 'Starting'],
    ['being launched', state({ status: 'POD_INITIALIZING' }), 'starting', 'Starting'],
    ['unavailable', state({ status: 'UNAVAILABLE' }), 'stopped', 'Stopped'],
    ['crashed', state({ status: 'ERROR' }), 'stopped', 'Stopped after an error: restarting'],
    ['stopped', state({ status: 'STOPPED' }), 'stopped', 'Stopped'],
    [
      'reported running, no answer yet',
      state({ status: 'RUNNING' }),
      'starting',
      'Starting or restarting',
    ],
  ])('%s', (_, input, tone, words) => {
    expect(restAdapterStatusWords(input)).toEqual({ tone, words });
  });
});

describe('a value summary', () => {
  it.each<[RestValuePreview, string]>([
    [{ type: 'JSON', preview: '{}', bytes: 2, truncated: false }, 'JSON · 2 bytes'],
    [
      { type: 'BINARY', preview: 'AA==', bytes: 12_345, truncated: true },
      'BINARY · 12.3 KB (start shown)',
    ],
  ])('%j is "%s"', (value, words) => {
    expect(valueSummary(value)).toBe(words);
  });
});

describe('the value pointer previewed on a fetched body', () => {
  const json = (text: string, truncated = false): RestValuePreview => ({
    type: 'JSON',
    preview: text,
    bytes: text.length,
    truncated,
  });
  const body = json('{"data":{"price":12.5,"tags":["a","b"]}}');
  it.each<[string, string, RestValuePreview | null, ReturnType<typeof previewPointer>]>([
    ['no pointer', '  ', body, { kind: 'whole' }],
    ['a number', '$.data.price', body, { kind: 'value', text: '12.5' }],
    ['an index', '$.data.tags[1]', body, { kind: 'value', text: '"b"' }],
    [
      'an object',
      '$.data',
      body,
      { kind: 'value', text: '{\n  "price": 12.5,\n  "tags": [\n    "a",\n    "b"\n  ]\n}' },
    ],
    [
      'nothing there',
      '$.data.volume',
      body,
      { kind: 'missing', words: 'Nothing at $.data.volume' },
    ],
    [
      'a pointer that does not parse',
      'data.price',
      body,
      { kind: 'invalid', error: 'A value pointer starts with "$"' },
    ],
    ['no body', '$.a', null, { kind: 'missing', words: 'The API sent no body' }],
    [
      'a text body',
      '$.a',
      { type: 'STRING', preview: 'hi', bytes: 2, truncated: false },
      { kind: 'missing', words: 'A value pointer needs a JSON body; this one is STRING' },
    ],
    [
      'a cut body',
      '$.a',
      json('{"a":', true),
      {
        kind: 'missing',
        words:
          'The body is too long to preview whole here: save and use "Poll now" to see the value',
      },
    ],
    [
      'a body that is not JSON',
      '$.a',
      json('{nope'),
      { kind: 'missing', words: 'The body is not valid JSON' },
    ],
  ])('%s', (_, pointer, input, expected) => {
    expect(previewPointer(pointer, input)).toEqual(expected);
  });
});
